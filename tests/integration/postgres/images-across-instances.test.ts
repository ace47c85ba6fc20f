/**
 * Two shop instances on one PostgreSQL database, each with its own DATA_DIR (ADR 015): an uploaded
 * original lives in the database, so a picture uploaded through one instance is served by the
 * other, and once deleted through one, every instance answers 404 at once — even for the sizes it
 * had cached on its own disk, which it serves only while the original's row exists.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCommand } from "../../support/page-command";
import {
  DEMO_ADMIN,
  databaseEnvOf,
  freePort,
  newDataDir,
  queryDatabase,
  type ShopServer,
  signIn,
  startServer,
  startShop,
  stopServer,
  waitHealthy,
} from "../../support/shop-server";

const QUIET = { SEED_DEMO: "0", BACKUP_INTERVAL_HOURS: "0" };

let a: ShopServer;
let b: ShopServer;
let adminCookie: string;

beforeAll(async () => {
  a = await startShop("images-a", QUIET);
  // Same database and secret, another data folder: another machine behind the same load balancer.
  b = startServer({
    port: await freePort(),
    dataDir: newDataDir("images-b"),
    env: { ...QUIET, ...databaseEnvOf(a.dataDir) },
  });
  await waitHealthy(b);
  adminCookie = await signIn(a.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 180_000);

afterAll(async () => {
  for (const server of [a, b]) if (server) await stopServer(server);
});

const cachedOn = (shop: ShopServer, fileName: string) => {
  const dir = path.join(shop.dataDir, "cache", "products");
  const base = fileName.replace(".webp", "");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.includes(base)) : [];
};

async function adminPost(body: FormData) {
  const response = await fetch(`${a.url}/api/admin/produits`, {
    method: "POST",
    headers: { origin: a.url, cookie: adminCookie },
    body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { product: { id: string } };
}

async function image(url: string) {
  const response = await fetch(url, { headers: { accept: "image/webp" } });
  return { response, bytes: response.ok ? Buffer.from(await response.arrayBuffer()) : null };
}

describe("pictures across instances on one PostgreSQL database (ADR 015)", () => {
  let productId: string;
  let fileName: string;

  it("serves through B, original and sizes, a picture uploaded through A", async () => {
    await queryDatabase(a.dataDir, (db) =>
      db.run("insert into categories (id, name) values (?, ?)", "categoriepartage", "Colliers"),
    );
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#1f7a8c" } })
      .png()
      .toBuffer();
    const body = new FormData();
    for (const [key, value] of Object.entries({
      intent: "save",
      name: "Perle partagée",
      price: "30",
      stock: "1",
    }))
      body.append(key, value);
    body.append("categories", "categoriepartage");
    body.append("images", "new:0");
    body.append("files", new Blob([new Uint8Array(png)], { type: "image/png" }), "perle.png");
    productId = (await adminPost(body)).product.id;
    const row = await queryDatabase(a.dataDir, (db) =>
      db.get<{ file_name: string }>("select file_name from product_images where product_id = ?", productId),
    );
    fileName = row?.file_name as string;
    expect(fileName).toMatch(/^[a-z0-9]{15}\.webp$/);

    const original = await image(`${b.url}/images/products/${fileName}`);
    expect(original.response.status).toBe(200);
    expect(original.response.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(original.bytes as Buffer).metadata()).toMatchObject({ format: "webp", width: 900 });
    const size = await image(`${b.url}/images/products/${fileName}?w=400`);
    expect(size.response.status).toBe(200);
    expect(await sharp(size.bytes as Buffer).metadata()).toMatchObject({ width: 400, height: 267 });

    // The original is a row of the shared database; neither instance keeps it in its own folder.
    const stored = await queryDatabase(a.dataDir, (db) =>
      db.all<{ file_name: string }>(
        "select file_name from image_files where file_name = ?",
        `products/${fileName}`,
      ),
    );
    expect(stored).toHaveLength(1);
    for (const shop of [a, b])
      expect(fs.existsSync(path.join(shop.dataDir, "uploads", "products"))).toBe(false);
  });

  it("deleted through A, B answers 404 for the original and for the sizes it had cached", async () => {
    const urls = [`${b.url}/images/products/${fileName}`, `${b.url}/images/products/${fileName}?w=400`];
    const etag = (await fetch(urls[1] as string, { headers: { accept: "image/webp" } })).headers.get("etag");
    expect(etag).toBeTruthy();
    // B holds both sizes on its own disk, where A's deletion cannot reach.
    expect(cachedOn(b, fileName).sort()).toEqual(
      [`1200-${fileName.replace(".webp", "")}.webp`, `400-${fileName.replace(".webp", "")}.webp`].sort(),
    );

    // The product manager's deletion: the /admin/produits action, as its fetcher posts it (ADR 020).
    const deleted = await postCommand(
      a.url,
      "/admin/produits",
      { intent: "delete", id: productId },
      adminCookie,
    );
    expect(deleted.status).toBe(200);
    expect(cachedOn(b, fileName)).toHaveLength(2);

    for (const url of urls) {
      const response = await fetch(url, { headers: { accept: "image/webp" } });
      expect(response.status, url).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    // A browser revalidating the size it kept gets a 404 too, not a 304.
    const revalidated = await fetch(urls[1] as string, {
      headers: { accept: "image/webp", "if-none-match": etag as string },
    });
    expect(revalidated.status).toBe(404);
    // B dropped its stale sizes when it found the original gone.
    expect(cachedOn(b, fileName)).toEqual([]);
    const rows = await queryDatabase(a.dataDir, (db) =>
      db.all("select file_name from image_files where file_name = ?", `products/${fileName}`),
    );
    expect(rows).toEqual([]);
  });
});
