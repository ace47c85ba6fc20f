/**
 * Images (docs/product.md §10.8, ADR 010), a route test (the app in this process, over real HTTP):
 * uploads take PNG, JPEG, GIF and WebP by their bytes only — an SVG avatar or event picture gets a
 * French 4xx and nothing is stored — and a file dies with its record: once a product, an event or a
 * user is deleted, or an avatar replaced, the old URLs (original, sizes, thumb) answer 404, the
 * original is gone from the shop's store (uploads/ on SQLite, image_files on PostgreSQL: ADR 015)
 * and its sizes from cache/.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCommand } from "../support/page-command";
import {
  DEMO_ADMIN,
  queryDatabase,
  signIn,
  signUp,
  storedOriginals,
  testBackend,
} from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let adminCookie: string;

beforeAll(async () => {
  shop = await startTestShop("images");
  adminCookie = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

type Folder = "products" | "events" | "avatars";

const FILTER_BOMB = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="10"/><feGaussianBlur stdDeviation="80"/></filter><rect width="4000" height="4000" filter="url(#f)"/></svg>`;

async function png(background: string) {
  const buffer = await sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: "image/png" });
}

/** This instance's cached sizes of a folder (a per-instance disk cache on both back ends). */
const cached = (folder: Folder) => {
  const dir = path.join(shop.dataDir, "cache", folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/**
 * The originals the shop's store holds in a folder. On PostgreSQL they live in the database only:
 * nothing may be left under uploads/, where a second instance would never see it.
 */
async function originals(folder: Folder) {
  if (testBackend() === "postgres") {
    expect(fs.existsSync(path.join(shop.dataDir, "uploads", folder)), `uploads/${folder}`).toBe(false);
  }
  return storedOriginals(shop.dataDir, folder);
}

/**
 * The sizes the shop makes by itself, in the background, of a 300 px wide upload: those its pages
 * ask for (app/server/image-variants.server.ts).
 */
const MADE_AHEAD: Record<Folder, string[]> = {
  products: ["400", "thumb"],
  events: ["400", "800", "1200"],
  avatars: ["thumb"],
};

/**
 * Every URL a page may use for a picture, each fetched so its size is made and cached; the cache
 * then holds exactly those sizes and the ones made ahead, in both encodings.
 */
async function warm(folder: Folder, fileName: string) {
  const urls = ["", "?w=400", "?w=thumb"].map((query) => `${shop.url}/images/${folder}/${fileName}${query}`);
  for (const url of urls) {
    for (const accept of ["image/webp", "image/avif,image/webp"]) {
      const response = await fetch(url, { headers: { accept } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  }
  const base = fileName.replace(".webp", "");
  expect(await originals(folder)).toContain(fileName);
  const sizes = new Set(["1200", "400", "thumb", ...MADE_AHEAD[folder]]);
  const expected = [...sizes].flatMap((size) => [`${size}-${base}.webp`, `${size}-${base}.avif`]).sort();
  // A size being written is a temporary file until its rename: not there yet.
  const present = () =>
    cached(folder)
      .filter((name) => name.includes(base) && !name.endsWith(".tmp"))
      .sort();
  for (let tries = 0; tries < 100 && present().length < expected.length; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(present()).toEqual(expected);
  return urls;
}

async function expectGone(folder: Folder, fileName: string, urls: string[]) {
  for (const url of urls) expect((await fetch(url)).status, url).toBe(404);
  const base = fileName.replace(".webp", "");
  expect(await originals(folder)).not.toContain(fileName);
  expect(cached(folder).filter((name) => name.includes(base))).toEqual([]);
}

function adminPost(route: string, body: FormData) {
  return fetch(`${shop.url}${route}`, {
    method: "POST",
    headers: { origin: shop.url, cookie: adminCookie },
    body,
  });
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

async function saveProfile(cookie: string, username: string, avatar: Blob, name: string) {
  const body = form({ intent: "profile", username, name: "Cliente images", phoneNumber: "", postalCode: "" });
  body.append("avatar", avatar, name);
  return fetch(`${shop.url}/mon-compte`, { method: "POST", headers: { origin: shop.url, cookie }, body });
}

const userRow = async (email: string) =>
  (await queryDatabase(shop.dataDir, (db) =>
    db.get("select id, username, image from users where email = ?", email),
  )) as { id: string; username: string; image: string | null };

describe("uploads take PNG, JPEG, GIF and WebP only, by their bytes", () => {
  it("refuses an SVG avatar through the profile form with a French 415, quickly, storing nothing", async () => {
    const email = "svg-avatar@nacre.test";
    const cookie = await signUp(shop.url, email);
    const before = await userRow(email);
    const avatarsBefore = await originals("avatars");
    for (const [type, name] of [
      ["image/svg+xml", "moi.svg"],
      ["image/png", "moi.png"],
    ] as const) {
      const started = Date.now();
      const response = await saveProfile(cookie, before.username, new Blob([FILTER_BOMB], { type }), name);
      expect(response.status).toBe(415);
      expect(await response.text()).toContain("Format non accepté : PNG, JPG, GIF ou WebP uniquement.");
      expect(Date.now() - started).toBeLessThan(3000);
    }
    expect(await userRow(email)).toEqual(before);
    expect(await originals("avatars")).toEqual(avatarsBefore);
  });

  it("refuses an SVG event picture with a French 415, storing nothing", async () => {
    const eventsBefore = await originals("events");
    const count = async () =>
      (await queryDatabase(shop.dataDir, (db) => db.get<{ n: number }>("select count(*) as n from events")))
        ?.n;
    const before = await count();
    const body = form({ intent: "save", title: "Marché vectoriel", startDate: "2027-03-01T10:00" });
    body.append("image", new Blob([FILTER_BOMB], { type: "image/svg+xml" }), "marche.svg");
    const response = await adminPost("/api/admin/evenements", body);
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: string }).error).toBe(
      "« marche.svg » n'est pas une image acceptée (PNG, JPG, GIF ou WebP uniquement).",
    );
    expect(await count()).toBe(before);
    expect(await originals("events")).toEqual(eventsBefore);
  });
});

describe("a file dies with its record", () => {
  it("revalidates deletable pictures instead of caching them for a year", async () => {
    const fileName = (
      await queryDatabase(shop.dataDir, (db) =>
        db.get<{ file_name: string }>("select file_name from product_images limit 1"),
      )
    )?.file_name;
    const response = await fetch(`${shop.url}/images/products/${fileName}?w=400`);
    expect(response.status).toBe(200);
    const cacheControl = response.headers.get("cache-control") ?? "";
    expect(cacheControl).not.toContain("immutable");
    expect(cacheControl).toContain("must-revalidate");
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(`${shop.url}/images/products/${fileName}?w=400`, {
      headers: { "if-none-match": etag as string },
    });
    expect(again.status).toBe(304);
  });

  it("deleting a product removes its pictures, sizes and thumbs", async () => {
    const body = form({ intent: "save", name: "Bague éphémère", price: "12", stock: "1" });
    const categoryId = (
      await queryDatabase(shop.dataDir, (db) => db.get<{ id: string }>("select id from categories limit 1"))
    )?.id as string;
    body.append("categories", categoryId);
    body.append("images", "new:0");
    body.append("images", "new:1");
    body.append("files", await png("#1f7a8c"), "a.png");
    body.append("files", await png("#8c1f7a"), "b.png");
    const saved = await adminPost("/api/admin/produits", body);
    expect(saved.status).toBe(200);
    const { product } = (await saved.json()) as { product: { id: string } };
    const names = (
      await queryDatabase(shop.dataDir, (db) =>
        db.all<{ file_name: string }>(
          "select file_name from product_images where product_id = ? order by position",
          product.id,
        ),
      )
    ).map((row) => row.file_name);
    expect(names).toHaveLength(2);
    const [first, second] = names as [string, string];
    const firstUrls = await warm("products", first);
    const secondUrls = await warm("products", second);
    // An ETag a browser kept from before the deletion gets a 404, not a 304.
    const etag = (await fetch(firstUrls[1] as string)).headers.get("etag") as string;

    // Removing one picture on edit removes that file only.
    const edit = form({ intent: "save", id: product.id, name: "Bague éphémère", price: "12", stock: "1" });
    edit.append("categories", categoryId);
    edit.append("images", second);
    expect((await adminPost("/api/admin/produits", edit)).status).toBe(200);
    await expectGone("products", first, firstUrls);
    expect((await fetch(firstUrls[1] as string, { headers: { "if-none-match": etag } })).status).toBe(404);
    expect((await fetch(secondUrls[1] as string)).status).toBe(200);

    const deleted = await postCommand(
      shop.url,
      "/admin/produits",
      { intent: "delete", id: product.id },
      adminCookie,
    );
    expect(deleted.status).toBe(200);
    await expectGone("products", second, secondUrls);
  });

  it("deleting an event, or replacing its picture, removes the old picture and its sizes", async () => {
    const create = form({ intent: "save", title: "Marché des perles", startDate: "2027-04-01T10:00" });
    create.append("image", await png("#1f7a8c"), "marche.png");
    expect((await adminPost("/api/admin/evenements", create)).status).toBe(200);
    const event = async () =>
      (await queryDatabase(shop.dataDir, (db) =>
        db.get("select id, image from events where title = ?", "Marché des perles"),
      )) as { id: string; image: string };
    const first = await event();
    const firstUrls = await warm("events", first.image);

    const replace = form({
      intent: "save",
      id: first.id,
      title: "Marché des perles",
      startDate: "2027-04-01T10:00",
    });
    replace.append("image", await png("#8c1f7a"), "marche-2.png");
    expect((await adminPost("/api/admin/evenements", replace)).status).toBe(200);
    await expectGone("events", first.image, firstUrls);

    const second = await event();
    expect(second.image).not.toBe(first.image);
    const secondUrls = await warm("events", second.image);
    expect(
      (await postCommand(shop.url, "/admin/agenda", { intent: "delete", id: first.id }, adminCookie)).status,
    ).toBe(200);
    await expectGone("events", second.image, secondUrls);
  });

  it("replacing an avatar removes the old one; deleting the user removes the last one", async () => {
    const email = "avatar-lifecycle@nacre.test";
    const cookie = await signUp(shop.url, email);
    const { username } = await userRow(email);
    expect((await saveProfile(cookie, username, await png("#1f7a8c"), "moi.png")).status).toBe(200);
    const first = (await userRow(email)).image as string;
    const firstUrls = await warm("avatars", first);

    expect((await saveProfile(cookie, username, await png("#8c1f7a"), "moi-2.png")).status).toBe(200);
    const second = await userRow(email);
    expect(second.image).not.toBe(first);
    await expectGone("avatars", first, firstUrls);

    const secondUrls = await warm("avatars", second.image as string);
    const deleted = await postCommand(
      shop.url,
      "/admin/utilisateurs",
      { intent: "delete", id: second.id },
      adminCookie,
    );
    expect(deleted.status).toBe(200);
    await expectGone("avatars", second.image as string, secondUrls);
  });
});
