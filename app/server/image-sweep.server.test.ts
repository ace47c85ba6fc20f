import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import type { AppContext } from "./context.server";
import { sweepOrphanImages } from "./image-sweep.server";
import { type ImageFolder, storeImage, variantPath } from "./images.server";
import { createTestContext } from "./test-context";

const HOUR = 60 * 60 * 1000;

let opened: AppContext | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/**
 * The originals a folder holds, read from the back end's own storage rather than through the store
 * under test: files under uploads/ on SQLite, image_files rows on PostgreSQL (ADR 015).
 */
async function storedOriginals(ctx: AppContext, folder: ImageFolder): Promise<string[]> {
  if (ctx.kind === "sqlite") return fs.readdirSync(path.join(ctx.uploadsDir, folder)).sort();
  const rows = await ctx.db
    .selectFrom("image_files")
    .select("file_name")
    .where("file_name", "like", `${folder}/%`)
    .execute();
  return rows.map((row) => row.file_name.slice(folder.length + 1)).sort();
}

/** Dates one original `when` (in the sweep's future): another process's upload still in flight. */
async function storedAt(ctx: AppContext, folder: ImageFolder, fileName: string, when: number) {
  if (ctx.kind === "sqlite") {
    fs.utimesSync(path.join(ctx.uploadsDir, folder, fileName), new Date(when), new Date(when));
    return;
  }
  await ctx.db
    .updateTable("image_files")
    .set({ created_at: new Date(when).toISOString().slice(0, 19).replace("T", " ") })
    .where("file_name", "=", `${folder}/${fileName}`)
    .execute();
}

describe("sweep of files a crash left behind (ADR 010)", () => {
  it("removes old unreferenced originals and sizes whose original is gone, nothing else", async () => {
    const ctx = await createTestContext();
    opened = ctx;
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#1f7a8c" } })
      .png()
      .toBuffer();
    const store = (folder: "products" | "events" | "avatars" | "site") =>
      storeImage(ctx.originals, folder, png);
    const [kept, orphan, fresh, site, avatar, strayAvatar] = await Promise.all([
      store("products"),
      store("products"),
      store("products"),
      store("site"),
      store("avatars"),
      store("avatars"),
    ]);
    const productId = "p1";
    await ctx.db
      .insertInto("products")
      .values({
        id: productId,
        slug: "perle",
        name: "Perle",
        description: "",
        price_cents: 100,
        stock: 1,
        is_unique: 0,
        is_sold: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await ctx.db
      .insertInto("product_images")
      .values({
        id: "i1",
        product_id: productId,
        file_name: kept.fileName,
        position: 0,
        width: 30,
        height: 20,
      })
      .execute();
    await ctx.db
      .insertInto("users")
      .values({
        id: "u1",
        name: "Cliente",
        email: "c@nacre.test",
        email_verified: 1,
        image: avatar.fileName,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    for (const image of [kept, orphan]) await variantPath(ctx, "products", image.fileName, 400);
    await variantPath(ctx, "site", site.fileName, 400);
    const later = Date.now() + 2 * HOUR;
    // The fresh file may be another process's upload whose row is not committed yet.
    await storedAt(ctx, "products", fresh.fileName, later);

    const removed = await sweepOrphanImages(ctx, later);

    expect(await storedOriginals(ctx, "products")).toEqual([kept.fileName, fresh.fileName].sort());
    expect(fs.readdirSync(path.join(ctx.cacheDir, "products"))).toEqual([
      `400-${kept.fileName.replace(".webp", "")}.webp`,
    ]);
    expect(await storedOriginals(ctx, "avatars")).toEqual([avatar.fileName]);
    expect(await ctx.originals.exists("avatars", strayAvatar.fileName)).toBe(false);
    expect(await storedOriginals(ctx, "site")).toEqual([site.fileName]);
    expect(fs.readdirSync(path.join(ctx.cacheDir, "site"))).toHaveLength(1);
    expect(removed).toBe(2);
    // On PostgreSQL the originals live in the database only: nothing was written under uploads/.
    if (ctx.kind === "postgres") expect(fs.existsSync(ctx.uploadsDir)).toBe(false);
  });
});
