/**
 * The admin actions (ADR 006), a route test (the app in this process, over real HTTP): the upload
 * routes (product and event saves) refuse anonymous visitors and customers with a 403, the
 * dashboard pages' commands send them to sign in or away (ADR 013), the upload routes take saves
 * only (ADR 020), and the upload limits — an 11th image, a non-image renamed .png, a 50 MB body —
 * are each refused with a French message and nothing written.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCommand } from "../support/page-command";
import { DEMO_ADMIN, DEMO_CUSTOMER, queryDatabase, signIn, storedOriginals } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let adminCookie: string;
let customerCookie: string;
let categoryId: string;
let productId: string;
let eventId: string;

beforeAll(async () => {
  shop = await startTestShop("admin");
  adminCookie = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  customerCookie = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await queryDatabase(shop.dataDir, async (db) => {
    categoryId = ((await db.get("select id from categories order by name limit 1")) as { id: string }).id;
    productId = ((await db.get("select id from products order by created_at limit 1")) as { id: string }).id;
    eventId = ((await db.get("select id from events limit 1")) as { id: string }).id;
  });
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

function post(path: string, body: FormData | URLSearchParams | Blob, cookie?: string, headers = {}) {
  return fetch(`${shop.url}${path}`, {
    method: "POST",
    headers: { origin: shop.url, ...(cookie ? { cookie } : {}), ...headers },
    body,
  });
}

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  }
  return data;
}

/** A command without a file, urlencoded as the dashboard's fetchers send it: only uploads are multipart. */
function fields(values: Record<string, string>) {
  return new URLSearchParams(values);
}

async function png(width: number) {
  const buffer = await sharp({
    create: { width, height: 40, channels: 3, background: { r: 20, g: 120, b: 140 } },
  })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: "image/png" });
}

const counts = () =>
  queryDatabase(shop.dataDir, async (db) => {
    const one = async (sql: string) => ((await db.get(sql)) as { n: number }).n;
    return {
      products: await one("select count(*) as n from products"),
      images: await one("select count(*) as n from product_images"),
      categories: await one("select count(*) as n from categories"),
      colors: await one("select count(*) as n from colors"),
      events: await one("select count(*) as n from events"),
    };
  });

/** What the upload routes take: saves, which may carry files (ADR 020). */
const ACTIONS = () => [
  {
    name: "product save",
    path: "/api/admin/produits",
    body: form({ intent: "save", name: "Intrus", price: "10", stock: "1", categories: [categoryId] }),
  },
  {
    name: "event save",
    path: "/api/admin/evenements",
    body: form({ intent: "save", title: "Intrus", startDate: "2030-01-01T10:00:00.000Z" }),
  },
];

const isSold = () =>
  queryDatabase(
    shop.dataDir,
    async (db) =>
      ((await db.get("select is_sold from products where id = ?", productId)) as { is_sold: number }).is_sold,
  );

describe("admin actions refuse everyone but an admin", () => {
  it("answers 403 with 'Accès non autorisé.' to anonymous visitors and customers, and changes nothing", async () => {
    const before = await counts();
    for (const action of ACTIONS()) {
      for (const [who, cookie] of [
        ["anonymous", undefined],
        ["customer", customerCookie],
      ] as const) {
        const response = await post(action.path, action.body, cookie);
        expect(response.status, `${action.name} as ${who}`).toBe(403);
        expect(await response.json(), `${action.name} as ${who}`).toEqual({
          ok: false,
          error: "Accès non autorisé.",
        });
      }
    }
    expect(await counts()).toEqual(before);
  });

  it("lets the admin through (the same request succeeds)", async () => {
    const before = await counts();
    const response = await post(
      "/api/admin/evenements",
      form({ intent: "save", title: "Marché du lagon", startDate: "2030-01-01T10:00:00.000Z" }),
      adminCookie,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, message: "Événement ajouté !" });
    expect((await counts()).events).toBe(before.events + 1);
  });

  it("take saves only: the pages' commands posted there are a French 400, and change nothing", async () => {
    const before = await counts();
    const soldBefore = await isSold();
    for (const [path, fields] of [
      ["/api/admin/produits", { intent: "set-sold", id: productId, sold: soldBefore ? "false" : "true" }],
      ["/api/admin/produits", { intent: "delete", id: productId }],
      ["/api/admin/evenements", { intent: "delete", id: eventId }],
    ] as const) {
      const response = await post(path, form(fields), adminCookie);
      expect(response.status, `${path} ${fields.intent}`).toBe(400);
      expect(await response.json(), `${path} ${fields.intent}`).toEqual({
        ok: false,
        error: "Action inconnue.",
      });
    }
    expect(await counts()).toEqual(before);
    expect(await isSold()).toBe(soldBefore);
  });
});

describe("the dashboard pages' own actions (ADR 013)", () => {
  const PAGE_COMMANDS = () => [
    {
      path: "/admin/filtres",
      body: fields({ intent: "create", kind: "colors", name: "Gris de Tahiti clair" }),
    },
    { path: "/admin/categories", body: fields({ intent: "create", kind: "categories", name: "Intruse" }) },
    {
      path: "/admin/categories",
      body: fields({ intent: "rename", kind: "categories", id: categoryId, name: "Intruse" }),
    },
    { path: "/admin/categories", body: fields({ intent: "delete", kind: "categories", id: categoryId }) },
    { path: "/admin/produits", body: fields({ intent: "set-sold", id: productId, sold: "true" }) },
    { path: "/admin/produits", body: fields({ intent: "delete", id: productId }) },
    { path: "/admin/agenda", body: fields({ intent: "delete", id: eventId }) },
  ];

  it("send visitors to sign in and customers away, and change nothing", async () => {
    const before = await counts();
    const soldBefore = await isSold();
    const names = () =>
      queryDatabase(shop.dataDir, (db) => db.all("select id, name from categories order by id"));
    const namesBefore = await names();
    for (const command of PAGE_COMMANDS()) {
      const anonymous = await fetch(`${shop.url}${command.path}`, {
        method: "POST",
        headers: { origin: shop.url },
        body: command.body,
        redirect: "manual",
      });
      expect(anonymous.status, `${command.path} as anonymous`).toBe(302);
      expect(anonymous.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(command.path)}`);
      const customer = await fetch(`${shop.url}${command.path}`, {
        method: "POST",
        headers: { origin: shop.url, cookie: customerCookie },
        body: command.body,
        redirect: "manual",
      });
      expect(customer.status, `${command.path} as customer`).toBe(302);
      expect(customer.headers.get("location")).toBe("/mon-compte?acces=refuse");
      // The fetcher's form of the same request (what the dashboard sends): the same redirects.
      expect(await postCommand(shop.url, command.path, command.body)).toEqual({
        status: 302,
        body: null,
        location: `/auth?redirectTo=${encodeURIComponent(command.path)}`,
      });
      expect(await postCommand(shop.url, command.path, command.body, customerCookie)).toEqual({
        status: 302,
        body: null,
        location: "/mon-compte?acces=refuse",
      });
    }
    expect(await counts()).toEqual(before);
    expect(await isSold()).toBe(soldBefore);
    expect(await names()).toEqual(namesBefore);
  });

  it("run the admin's command, and refuse a malformed one with a French 400", async () => {
    const before = await counts();
    const created = await post("/admin/filtres", PAGE_COMMANDS()[0]?.body as URLSearchParams, adminCookie);
    expect(created.status).toBe(200);
    expect((await counts()).colors).toBe(before.colors + 1);
    const refused = await post("/admin/avis.data", fields({ intent: "approve", id: "../x" }), adminCookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Référence inconnue.");
    expect(await counts()).toEqual({ ...before, colors: before.colors + 1 });
  });
});

describe("the inline editor's product read (GET /api/admin/produits?id=)", () => {
  const read = (query: string, cookie?: string) =>
    fetch(`${shop.url}/api/admin/produits${query}`, { headers: cookie ? { cookie } : {} });

  it("gives nothing to anonymous visitors and customers", async () => {
    for (const cookie of [undefined, customerCookie]) {
      const response = await read(`?id=${productId}`, cookie);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ ok: false, error: "Accès non autorisé." });
    }
  });

  it("gives the admin the product with its relations and every option to choose from", async () => {
    const expected = await queryDatabase(shop.dataDir, async (db) => ({
      name: ((await db.get("select name from products where id = ?", productId)) as { name: string }).name,
      categories: (
        await db.all<{ id: string }>(
          "select category_id as id from product_categories where product_id = ?",
          productId,
        )
      ).map((row) => row.id),
      images: (
        await db.all<{ file_name: string }>(
          "select file_name from product_images where product_id = ? order by position",
          productId,
        )
      ).map((row) => row.file_name),
      categoryCount: ((await db.get("select count(*) as n from categories")) as { n: number }).n,
    }));
    const response = await read(`?id=${productId}`, adminCookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.product).toMatchObject({ id: productId, name: expected.name });
    expect([...body.product.categories].sort()).toEqual([...expected.categories].sort());
    expect(body.product.images.map((image: { fileName: string }) => image.fileName)).toEqual(expected.images);
    expect(body.references.categories).toHaveLength(expected.categoryCount);
    expect(Object.keys(body.references).sort()).toEqual(["categories", "colors", "materials", "pearlTypes"]);
  });

  it("answers a missing or malformed id with 400 and an unknown one with 404, in French", async () => {
    for (const query of ["", "?id=", "?id=../etc/passwd", "?id=ABC"]) {
      const response = await read(query, adminCookie);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toEqual({ ok: false, error: "Précisez le produit à modifier." });
    }
    const missing = await read("?id=zzzzzzzzzzzzzzz", adminCookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ ok: false, error: "Ce produit n'existe plus." });
  });
});

describe("upload limits", () => {
  it("refuses an 11th image with a French message", async () => {
    const before = await counts();
    const body = form({
      intent: "save",
      name: "Onze images",
      price: "12",
      stock: "2",
      categories: [categoryId],
    });
    for (let i = 0; i < 11; i++) {
      body.append("images", `new:${i}`);
      body.append("files", await png(60 + i), `photo-${i}.png`);
    }
    const response = await post("/api/admin/produits", body, adminCookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      error: "Un produit ne peut pas avoir plus de 10 images.",
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses an 11th image added to a product that already has 10", async () => {
    const body = form({
      intent: "save",
      name: "Dix images",
      price: "12",
      stock: "2",
      categories: [categoryId],
    });
    for (let i = 0; i < 10; i++) {
      body.append("images", `new:${i}`);
      body.append("files", await png(60 + i), `photo-${i}.png`);
    }
    const created = await post("/api/admin/produits", body, adminCookie);
    expect(created.status).toBe(200);
    const { product } = (await created.json()) as { product: { id: string } };
    const names = await queryDatabase(shop.dataDir, async (db) =>
      (
        await db.all<{ file_name: string }>(
          "select file_name from product_images where product_id = ? order by position",
          product.id,
        )
      ).map((row) => row.file_name),
    );
    expect(names).toHaveLength(10);
    const again = form({
      intent: "save",
      id: product.id,
      name: "Dix images",
      price: "12",
      stock: "2",
      categories: [categoryId],
      images: [...names, "new:0"],
    });
    again.append("files", await png(90), "onze.png");
    const response = await post("/api/admin/produits", again, adminCookie);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      "Un produit ne peut pas avoir plus de 10 images.",
    );
    const after = await queryDatabase(
      shop.dataDir,
      async (db) =>
        (
          (await db.get("select count(*) as n from product_images where product_id = ?", product.id)) as {
            n: number;
          }
        ).n,
    );
    expect(after).toBe(10);
  });

  it("refuses a non-image file renamed .png with a French message", async () => {
    const before = await counts();
    const body = form({
      intent: "save",
      name: "Faux PNG",
      price: "12",
      stock: "2",
      categories: [categoryId],
      images: ["new:0"],
    });
    body.append("files", new Blob(["%PDF-1.7 ceci n'est pas une image"], { type: "image/png" }), "photo.png");
    const response = await post("/api/admin/produits", body, adminCookie);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      ok: false,
      error: "« photo.png » n'est pas une image acceptée (PNG, JPG, GIF ou WebP uniquement).",
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses a 50 MB upload with 413 and a French message", async () => {
    const before = await counts();
    const body = form({
      intent: "save",
      name: "Trop lourd",
      price: "12",
      stock: "2",
      categories: [categoryId],
      images: ["new:0"],
    });
    body.append("files", new Blob([new Uint8Array(50 * 1024 * 1024)], { type: "image/png" }), "immense.png");
    const response = await post("/api/admin/produits", body, adminCookie);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      ok: false,
      error: "L'envoi est trop volumineux (48 Mo au maximum).",
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses a 50 MB body sent without a length (chunked) while it streams", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 50) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${shop.url}/api/admin/produits`, {
      method: "POST",
      headers: {
        origin: shop.url,
        cookie: adminCookie,
        "content-type": "multipart/form-data; boundary=----nacre",
      },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe(
      "L'envoi est trop volumineux (48 Mo au maximum).",
    );
  });

  it("refuses an SVG by its content (ADR 010), even named .png, and stores nothing", async () => {
    const before = await counts();
    // The back end's own store of originals: uploads/ on SQLite, image_files on PostgreSQL (ADR 015).
    const uploads = () => storedOriginals(shop.dataDir, "products");
    const filesBefore = await uploads();
    // Filter primitives: seconds of CPU per decode, the reason SVG never reaches a decoder.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="10"/><feGaussianBlur stdDeviation="50"/></filter><rect width="4000" height="4000" filter="url(#f)"/></svg>`;
    for (const [type, name] of [
      ["image/svg+xml", "perle.svg"],
      ["image/png", "perle.png"],
    ]) {
      const body = form({
        intent: "save",
        name: "Perle vectorielle",
        price: "",
        stock: "abc",
        categories: [categoryId],
        images: ["new:0"],
      });
      body.append("files", new Blob([svg], { type }), name);
      const started = Date.now();
      const response = await post("/api/admin/produits", body, adminCookie);
      expect(response.status).toBe(415);
      expect(((await response.json()) as { error: string }).error).toBe(
        `« ${name} » n'est pas une image acceptée (PNG, JPG, GIF ou WebP uniquement).`,
      );
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect(await counts()).toEqual(before);
    expect(await uploads()).toEqual(filesBefore);
  });

  it("stores an upload as WebP, an empty price as 0 and an invalid stock as 0", async () => {
    const body = form({
      intent: "save",
      name: "Perle photographiée",
      price: "",
      stock: "abc",
      categories: [categoryId],
      images: ["new:0"],
    });
    body.append("files", await png(120), "perle.png");
    const response = await post("/api/admin/produits", body, adminCookie);
    expect(response.status).toBe(200);
    const { product } = (await response.json()) as { product: { id: string; slug: string } };
    expect(product.slug).toBe("perle-photographiee");
    const row = await queryDatabase(
      shop.dataDir,
      async (db) =>
        (await db.get(
          "select p.price_cents, p.stock, i.file_name, i.width from products p join product_images i on i.product_id = p.id where p.id = ?",
          product.id,
        )) as { price_cents: number; stock: number; file_name: string; width: number },
    );
    // docs/product.md §5: an empty price is saved as 0, an invalid stock as 0.
    expect(row).toMatchObject({ price_cents: 0, stock: 0, width: 120 });
    expect(row.file_name).toMatch(/\.webp$/);
    const image = await fetch(`${shop.url}/images/products/${row.file_name}`);
    expect(image.headers.get("content-type")).toMatch(/^image\/(webp|avif)$/);
  });

  it("gives a taken slug -2, then -3, even when saves race", async () => {
    const save = () =>
      post(
        "/api/admin/produits",
        form({
          intent: "save",
          name: "  Perle   d'Été  ",
          price: "10,5",
          stock: "3",
          categories: [categoryId],
        }),
        adminCookie,
      ).then((response) => response.json() as Promise<{ product: { slug: string } }>);
    const results = await Promise.all([save(), save(), save()]);
    expect(results.map((result) => result.product.slug).sort()).toEqual([
      "perle-dete",
      "perle-dete-2",
      "perle-dete-3",
    ]);
  });

  it("refuses « semi-précieux » (décret 2002-65) with a French 400 and saves nothing; an unqualified « perle » saves", async () => {
    const before = await counts();
    for (const fieldsOf of [
      { name: "Bague semi-précieuse", description: "" },
      { name: "Bague Lagon", description: "Une pierre Semi Precieuse et de l'acier." },
    ]) {
      const response = await post(
        "/api/admin/produits",
        form({ intent: "save", ...fieldsOf, price: "10", stock: "1", categories: [categoryId] }),
        adminCookie,
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(
        "Le terme « semi-précieux » est interdit par le décret n° 2002-65 : décrivez la pierre par son nom (par exemple « améthyste », « quartz rose »).",
      );
    }
    expect(await counts()).toEqual(before);
    // The pearl wording is a warning in the form only (docs/product.md §5): the server saves.
    const pearl = await post(
      "/api/admin/produits",
      form({ intent: "save", name: "Bague Perle", price: "10", stock: "1", categories: [categoryId] }),
      adminCookie,
    );
    expect(pearl.status).toBe(200);
  });

  it("refuses a blank name and a missing category with the spec's messages", async () => {
    const blank = await post(
      "/api/admin/produits",
      form({ intent: "save", name: " !! ", categories: [categoryId] }),
      adminCookie,
    );
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { error: string }).error).toBe(
      "Le nom du produit ne peut pas être vide.",
    );
    const noCategory = await post(
      "/api/admin/produits",
      form({ intent: "save", name: "Sans catégorie" }),
      adminCookie,
    );
    expect(noCategory.status).toBe(400);
    expect(((await noCategory.json()) as { error: string }).error).toBe(
      "Veuillez sélectionner au moins une catégorie.",
    );
    const blankCategory = await postCommand(
      shop.url,
      "/admin/categories",
      fields({ intent: "create", kind: "categories", name: "   " }),
      adminCookie,
    );
    expect(blankCategory).toEqual({
      status: 400,
      body: { ok: false, error: "Le nom ne peut pas être vide." },
      location: null,
    });
  });
});
