/**
 * The shopping feeds over HTTP (docs/product.md §10.28), a route test on a copy of the demo shop:
 * both files read back strictly with every required field for every piece listed, served with an
 * ETag that answers 304 and a short shared cache; a piece saved from the dashboard changes in the
 * feeds at once; a piece that cannot be listed is left out and named, with its reason and its
 * editor's link, in « Flux produits » of the settings page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childrenNamed, csvRecords, parseXml, type XmlElement } from "../support/feed-files";
import { formData } from "../support/page-command";
import { DEMO_ADMIN, queryDatabase, signIn } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let origin: string;
let adminCookie: string;

beforeAll(async () => {
  shop = await startTestShop("feeds");
  origin = `http://localhost:${shop.port}`;
  adminCookie = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

function googleItems(xml: string): Map<string, Record<string, string[]>> {
  const channel = childrenNamed(parseXml(xml), "channel")[0] as XmlElement;
  const items = new Map<string, Record<string, string[]>>();
  for (const entry of childrenNamed(channel, "item")) {
    const fields: Record<string, string[]> = {};
    for (const child of entry.children) {
      const name = child.name.replace(/^g:/, "");
      fields[name] = [...(fields[name] ?? []), child.text];
    }
    items.set(fields.id?.[0] ?? "", fields);
  }
  return items;
}

/** The pieces the feeds can list: a price and a picture. */
const listable = () =>
  queryDatabase(shop.dataDir, (db) =>
    db.all(
      `select id, slug, is_sold from products p
       where price_cents is not null and exists (select 1 from product_images i where i.product_id = p.id)`,
    ),
  ) as Promise<{ id: string; slug: string; is_sold: number }[]>;

describe("the feeds' files", () => {
  it("serve Google's RSS with every required field for each listable piece, sold ones out of stock", async () => {
    const response = await fetch(`${shop.url}/flux/google.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const items = googleItems(await response.text());
    const pieces = await listable();
    expect([...items.keys()].sort()).toEqual(pieces.map((piece) => `NAC-${piece.id.toUpperCase()}`).sort());
    for (const [id, fields] of items) {
      for (const name of [
        "title",
        "description",
        "link",
        "image_link",
        "availability",
        "price",
        "condition",
        "brand",
        "identifier_exists",
        "google_product_category",
        "shipping",
      ])
        expect(fields[name]?.[0], `${id} ${name}`).toBeDefined();
      expect(fields.price?.[0], id).toMatch(/^\d+\.\d{2} EUR$/);
      expect(fields.image_link?.[0], id).toMatch(new RegExp(`^${origin}/images/products/[\\w.-]+\\?w=\\d+$`));
    }
    const sold = pieces.find((piece) => piece.is_sold === 1);
    const soldItem = items.get(`NAC-${sold?.id.toUpperCase()}`);
    expect([soldItem?.availability?.[0], soldItem?.link?.[0]]).toEqual([
      "out_of_stock",
      `${origin}/galerie/vendu/${sold?.slug}`,
    ]);
  });

  it("serve Meta's CSV with the same pieces, and answer 304 to the ETag a crawler has", async () => {
    const response = await fetch(`${shop.url}/flux/meta.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = csvRecords(await response.text());
    expect(rows.map((row) => row.id).sort()).toEqual(
      (await listable()).map((piece) => `NAC-${piece.id.toUpperCase()}`).sort(),
    );
    for (const row of rows)
      for (const name of [
        "title",
        "description",
        "availability",
        "condition",
        "price",
        "link",
        "image_link",
        "brand",
      ])
        expect(row[name], `${row.id} ${name}`).toBeTruthy();
    const etag = response.headers.get("etag") as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await fetch(`${shop.url}/flux/meta.csv`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});

describe("the feeds follow the dashboard", () => {
  it("show a piece saved from the dashboard at once: its new name, escaped, and its new price", async () => {
    const [piece] = (await queryDatabase(shop.dataDir, (db) =>
      db.all(
        `select p.id, p.description, p.stock, p.is_unique from products p
         where p.is_sold = 0 and p.price_cents is not null
           and exists (select 1 from product_images i where i.product_id = p.id)
         order by p.created_at limit 1`,
      ),
    )) as { id: string; description: string; stock: number; is_unique: number }[];
    if (!piece) throw new Error("la démo n'a aucune pièce à lister");
    const relation = (table: string, column: string) =>
      queryDatabase(shop.dataDir, async (db) =>
        (
          (await db.all(`select ${column} as id from ${table} where product_id = ?`, piece.id)) as {
            id: string;
          }[]
        ).map((row) => row.id),
      );
    const images = (await queryDatabase(shop.dataDir, (db) =>
      db.all("select file_name from product_images where product_id = ? order by position", piece.id),
    )) as { file_name: string }[];
    const before = await fetch(`${shop.url}/flux/google.xml`);
    const oldEtag = before.headers.get("etag") as string;
    await before.text();

    const saved = await fetch(`${shop.url}/api/admin/produits`, {
      method: "POST",
      headers: { origin: shop.url, cookie: adminCookie },
      body: formData({
        intent: "save",
        id: piece.id,
        name: "Bague <Étoile> & Lune",
        description: piece.description,
        price: "42,50",
        stock: String(piece.stock),
        ...(piece.is_unique ? { isUnique: "on" } : {}),
        categories: await relation("product_categories", "category_id"),
        colors: await relation("product_colors", "color_id"),
        materials: await relation("product_materials", "material_id"),
        pearlTypes: await relation("product_pearl_types", "pearl_type_id"),
        images: images.map((image) => image.file_name),
      }),
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ok: true });

    const after = await fetch(`${shop.url}/flux/google.xml`, { headers: { "If-None-Match": oldEtag } });
    expect(after.status).toBe(200);
    const xml = await after.text();
    expect(xml).toContain("<g:title>Bague &lt;Étoile&gt; &amp; Lune</g:title>");
    const item = googleItems(xml).get(`NAC-${piece.id.toUpperCase()}`);
    expect([item?.title?.[0], item?.price?.[0], item?.link?.[0]]).toEqual([
      "Bague <Étoile> & Lune",
      "42.50 EUR",
      `${origin}/catalogue/produit/bague-etoile-lune`,
    ]);
    const row = csvRecords(await (await fetch(`${shop.url}/flux/meta.csv`)).text()).find(
      (candidate) => candidate.id === `NAC-${piece.id.toUpperCase()}`,
    );
    expect([row?.title, row?.price]).toEqual(["Bague <Étoile> & Lune", "42.50 EUR"]);
  });

  it("leave out a piece on request and one without a picture, and the settings page names them", async () => {
    const [onRequest, pictureless] = (await queryDatabase(shop.dataDir, (db) =>
      db.all(
        `select id, name from products p where price_cents is not null
           and exists (select 1 from product_images i where i.product_id = p.id)
         order by created_at desc limit 2`,
      ),
    )) as { id: string; name: string }[];
    if (!onRequest || !pictureless) throw new Error("la démo n'a pas deux pièces à écarter");
    await queryDatabase(shop.dataDir, async (db) => {
      await db.run("update products set price_cents = null where id = ?", onRequest.id);
      await db.run("delete from product_images where product_id = ?", pictureless.id);
    });
    const items = googleItems(await (await fetch(`${shop.url}/flux/google.xml`)).text());
    expect(items.has(`NAC-${onRequest.id.toUpperCase()}`)).toBe(false);
    expect(items.has(`NAC-${pictureless.id.toUpperCase()}`)).toBe(false);

    const page = await fetch(`${shop.url}/admin/parametres`, { headers: { cookie: adminCookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h2 id="flux-produits">Flux produits</h2>');
    expect(html).toContain(`value="${origin}/flux/google.xml"`);
    expect(html).toContain(`value="${origin}/flux/meta.csv"`);
    expect(html).toContain(`<strong>${items.size} pièces listées</strong>`);
    const entry = (id: string) =>
      new RegExp(
        `<li[^>]*><a href="/admin/produits\\?modifier=${id}"[^>]*>[^<]+</a><span>([^<]+)</span></li>`,
      ).exec(html)?.[1];
    expect(entry(onRequest.id)).toBe("Prix sur demande");
    expect(entry(pictureless.id)).toBe("Aucune photo");
  });
});
