/**
 * A shop whose cache of image sizes is empty — a fresh demo shop, a wiped cache/ folder, a new
 * PostgreSQL instance (ADR 015) — makes them in the background at start (ADR 010): it answers at
 * once, makes the home hero's sizes first, serves a visitor's missing size ahead of that work, and a
 * visitor's first request for a size made ahead gets that very file.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  newDataDir,
  queryDatabase,
  type ShopServer,
  startServer,
  stopServer,
  waitHealthy,
} from "../support/shop-server";

const DONE = "Tailles d'images préparées";

let shop: ShopServer;

beforeAll(async () => {
  // The demo shop's database and originals, with an empty cache/ folder.
  shop = startServer({
    port: await freePort(),
    dataDir: newDataDir("image-sizes"),
    env: { IMAGE_SIZES_AT_START: "1" },
  });
  await waitHealthy(shop);
}, 180_000);

afterAll(async () => {
  if (shop) await stopServer(shop);
});

const cacheFile = (folder: string, size: string, fileName: string, format: string) =>
  path.join(shop.dataDir, "cache", folder, `${size}-${fileName.replace(/\.webp$/, "")}.${format}`);

async function waitFor(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return condition();
}

describe("sizes made at start", () => {
  it("answers at once, while the sizes are still being made", async () => {
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
    expect(shop.output()).not.toContain(DONE);
  });

  it("serves a visitor's missing size ahead of the background work", async () => {
    // The last product photo of the queue (a sold piece's second view, made last).
    const late = await queryDatabase(shop.dataDir, (db) =>
      db.get<{ file_name: string }>(
        "select i.file_name from product_images i join products p on p.id = i.product_id " +
          "where i.position > 0 order by p.is_sold desc, p.created_at asc limit 1",
      ),
    );
    const fileName = late?.file_name as string;
    expect(fs.existsSync(cacheFile("products", "thumb", fileName, "avif"))).toBe(false);
    const started = Date.now();
    const response = await fetch(`${shop.url}/images/products/${fileName}?w=thumb`, {
      headers: { accept: "image/avif,image/webp" },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(shop.output()).not.toContain(DONE);
  });

  it("makes the phone size of the home hero's first slide first, then serves that very file", async () => {
    const hero = await queryDatabase(shop.dataDir, (db) =>
      db.get<{ file_name: string; width: number }>(
        "select file_name, width from site_images where kind = 'hero' order by position limit 1",
      ),
    );
    const fileName = hero?.file_name as string;
    expect(hero?.width).toBe(1920);
    // What a phone asks for: 800 px (≈ 720 wanted at 412 px, DPR 1.75), in AVIF.
    const file = cacheFile("site", "800", fileName, "avif");
    expect(await waitFor(() => fs.existsSync(file), 60_000)).toBe(true);
    const before = fs.statSync(file);
    // Every size made so far, but the thumb a visitor asked for above.
    const made = ["site", "products"].flatMap((folder) => {
      const dir = path.join(shop.dataDir, "cache", folder);
      return fs
        .readdirSync(dir)
        .filter((name) => !name.startsWith("thumb-"))
        .map((name) => fs.statSync(path.join(dir, name)).mtimeMs);
    });
    expect(Math.min(...made)).toBe(before.mtimeMs);

    const response = await fetch(`${shop.url}/images/site/${fileName}?w=800`, {
      headers: { accept: "image/avif,image/webp" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(file))).toBe(true);
    const after = fs.statSync(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  }, 90_000);
});
