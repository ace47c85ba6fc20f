import fs from "node:fs";
import path from "node:path";
import type { KyselyPlugin, QueryResult, UnknownRow } from "kysely";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { DB } from "./database.server";
import {
  createDatabaseOriginalStore,
  createDiskOriginalStore,
  type OriginalStore,
} from "./image-originals.server";
import { deleteStoredImages, storeImage, variantPath } from "./images.server";
import { createTestContext } from "./test-context";

const HOUR = 60 * 60 * 1000;
const NAME = "abcdefghijklmno.webp";
const OTHER = "onmlkjihgfedcba.webp";

/** Every result row the store's queries returned, to see what they read. */
function recording(db: DB) {
  const rows: UnknownRow[][] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args): Promise<QueryResult<UnknownRow>> => {
      rows.push([...args.result.rows]);
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), rows };
}

const stores: [string, (ctx: Awaited<ReturnType<typeof createTestContext>>) => OriginalStore][] = [
  ["files under uploads/ (SQLite shops)", (ctx) => createDiskOriginalStore(ctx.uploadsDir)],
  ["rows of image_files (PostgreSQL shops)", (ctx) => createDatabaseOriginalStore(ctx.db)],
];

describe.each(stores)("original store: %s (ADR 015)", (_, storeOf) => {
  it("keeps, reads, lists and deletes originals, each in its own folder", async () => {
    const ctx = await createTestContext();
    const store = storeOf(ctx);
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 0, 255]);
    expect(await store.exists("products", NAME)).toBe(false);
    expect(await store.get("products", NAME)).toBeNull();
    expect(await store.list("products")).toEqual([]);

    await store.put("products", NAME, bytes);
    await store.put("products", OTHER, Buffer.from("autre"));
    expect(await store.exists("products", NAME)).toBe(true);
    expect(Buffer.compare((await store.get("products", NAME)) as Buffer, bytes)).toBe(0);
    expect((await store.list("products")).sort()).toEqual([NAME, OTHER].sort());
    // A folder is part of the name: a product picture is not an avatar.
    expect(await store.exists("avatars", NAME)).toBe(false);
    expect(await store.get("avatars", NAME)).toBeNull();
    expect(await store.list("avatars")).toEqual([]);

    await store.delete("products", [NAME, "zzzzzzzzzzzzzzz.webp"]);
    expect(await store.exists("products", NAME)).toBe(false);
    expect(await store.get("products", NAME)).toBeNull();
    expect(await store.list("products")).toEqual([OTHER]);
    await store.delete("products", []);
  });

  it("lists by age: an original stored now is not older than an hour", async () => {
    const ctx = await createTestContext();
    const store = storeOf(ctx);
    await store.put("events", NAME, Buffer.from("image"));
    expect(await store.list("events", { storedBefore: Date.now() - HOUR })).toEqual([]);
    expect(await store.list("events", { storedBefore: Date.now() + HOUR })).toEqual([NAME]);
  });

  it("never lets a name that is not a stored-file name reach a path or a query", async () => {
    const ctx = await createTestContext();
    const store = storeOf(ctx);
    fs.mkdirSync(ctx.uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(ctx.uploadsDir, "secret.webp"), "secret");
    for (const name of ["../secret.webp", "../../nacre.sqlite", "ABCDEFGHIJKLMNO.webp", "%"]) {
      expect(await store.exists("avatars", name)).toBe(false);
      expect(await store.get("avatars", name)).toBeNull();
      await expect(store.put("avatars", name, Buffer.from("x"))).rejects.toThrow("Nom d'image invalide");
    }
    await store.delete("avatars", ["../secret.webp"]);
    expect(fs.readFileSync(path.join(ctx.uploadsDir, "secret.webp"), "utf8")).toBe("secret");
  });
});

describe("the shop's original store", () => {
  it("is the database on PostgreSQL and uploads/ on SQLite", async () => {
    const ctx = await createTestContext();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#1f7a8c" } })
      .png()
      .toBuffer();
    const stored = await storeImage(ctx.originals, "products", png);
    const row = await ctx.db
      .selectFrom("image_files")
      .select("file_name")
      .where("file_name", "=", `products/${stored.fileName}`)
      .executeTakeFirst();
    const onDisk = fs.existsSync(path.join(ctx.uploadsDir, "products", stored.fileName));
    if (ctx.kind === "postgres") {
      expect(row).toBeDefined();
      expect(onDisk).toBe(false);
    } else {
      expect(row).toBeUndefined();
      expect(onDisk).toBe(true);
    }
  });

  it("in the database: a cached size costs one key lookup that loads no bytes; deletion ends it", async () => {
    const ctx = await createTestContext();
    const { db, rows } = recording(ctx.db);
    const storage = { originals: createDatabaseOriginalStore(db), cacheDir: ctx.cacheDir };
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#8c1f7a" } })
      .png()
      .toBuffer();
    const stored = await storeImage(storage.originals, "products", png);
    const made = await variantPath(storage, "products", stored.fileName, 400);
    expect(made).not.toBeNull();

    rows.length = 0;
    expect(await variantPath(storage, "products", stored.fileName, 400)).toBe(made);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual([{ file_name: `products/${stored.fileName}` }]);

    // Deleted through another instance (no local cache removed here): the cached size is not served.
    await createDatabaseOriginalStore(ctx.db).delete("products", [stored.fileName]);
    expect(await variantPath(storage, "products", stored.fileName, 400)).toBeNull();
    expect(fs.existsSync(made as string)).toBe(false);

    // Deleted through this one: the row and every local size go.
    const again = await storeImage(storage.originals, "products", png);
    const size = await variantPath(storage, "products", again.fileName, "thumb", "avif");
    await deleteStoredImages(storage, "products", [again.fileName]);
    expect(await storage.originals.exists("products", again.fileName)).toBe(false);
    expect(fs.existsSync(size as string)).toBe(false);
  });
});
