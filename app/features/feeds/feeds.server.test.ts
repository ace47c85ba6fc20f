/**
 * The feeds made from the catalogue (docs/product.md §10.28): which pieces are listed and how (a
 * free piece in stock, a sold one and one held for an order out of stock, prices, pictures,
 * attributes, shipping per country from the settings' rates), which are left out and why, and the
 * copy in memory, made again exactly when the catalogue's stamp changes — a hold ending with the
 * clock included.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "~/features/orders/orders.server";
import { type AppContext, setAppContext } from "~/server/context.server";
import { OUTAGE_MESSAGE } from "~/server/database-outage.server";
import { createTestContext } from "~/server/test-context";
import { childrenNamed, csvRecords, parseXml, type XmlElement } from "../../../tests/support/feed-files";
import { currentFeeds, type Feeds, feedAnswer, makeFeeds } from "./feeds.server";

let ctx: AppContext;
const origin = "https://nacre.example";
const HOUR = 3_600_000;
/** The order placed in beforeAll holds « reservee » for two hours from then (unconfirmed address). */
const orderedAt = new Date(Date.now() - HOUR);

async function piece(
  id: string,
  values: { price: number | null; pictures: number[]; sold?: boolean; description?: string; name?: string },
) {
  await ctx.db
    .insertInto("products")
    .values({
      id,
      slug: id,
      name: values.name ?? `Pièce ${id}`,
      description: values.description ?? `La pièce ${id}, faite main.`,
      price_cents: values.price,
      stock: 1,
      is_unique: 1,
      is_sold: values.sold ? 1 : 0,
    })
    .execute();
  for (const [position, width] of values.pictures.entries())
    await ctx.db
      .insertInto("product_images")
      .values({
        id: `${id}${position}`,
        product_id: id,
        file_name: `${id}-${position}.webp`,
        position,
        width,
        height: width,
      })
      .execute();
  await ctx.db.insertInto("product_categories").values({ product_id: id, category_id: "colliers" }).execute();
  await ctx.db.insertInto("product_materials").values({ product_id: id, material_id: "acier" }).execute();
  await ctx.db.insertInto("product_colors").values({ product_id: id, color_id: "noir" }).execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.insertInto("shop_settings").values({ id: "shop", shop_name: "Nacre & Co" }).execute();
  await ctx.db.insertInto("categories").values({ id: "colliers", name: "Colliers" }).execute();
  await ctx.db.insertInto("materials").values({ id: "acier", name: "Acier inoxydable" }).execute();
  await ctx.db.insertInto("colors").values({ id: "noir", name: "Noir" }).execute();
  await piece("libre", { price: 1200, pictures: [1920, 600], name: "Collier <Lune> & Soleil" });
  await piece("vendue", { price: 9900, pictures: [1920], sold: true });
  await piece("reservee", { price: 20000, pictures: [1920] });
  await piece("muette", { price: 3000, pictures: [1920], description: "" });
  await piece("sur-demande", { price: null, pictures: [1920] });
  await piece("sans-photo", { price: 5000, pictures: [] });
  await piece("ni-prix-ni-photo", { price: null, pictures: [] });
  const order = await placeOrder(ctx.db, {
    form: {
      "form-name": "commande",
      lines: [{ productId: "reservee", quantity: 1 }],
      name: "Hina Client",
      email: "hina@exemple.fr",
      phone: "",
      delivery: "envoi",
      zone: "france",
      addressLine: "3 rue des Lagons",
      postalCode: "75011",
      city: "Paris",
      eventId: "",
      message: "",
    },
    userId: null,
    now: orderedAt,
  });
  if (!order.ok) throw new Error(order.message);
});

afterAll(async () => {
  await ctx?.close();
});

/** Google's items by id, each field's values by name (without the `g:` prefix). */
function googleItems(feeds: Feeds): Map<string, Record<string, string[]> & { shipping: XmlElement[] }> {
  const channel = childrenNamed(parseXml(feeds.files.google.body), "channel")[0] as XmlElement;
  const items = new Map();
  for (const entry of childrenNamed(channel, "item")) {
    const fields: Record<string, string[]> = {};
    for (const child of entry.children) {
      const name = child.name.slice(2);
      fields[name] = [...(fields[name] ?? []), child.text];
    }
    items.set(fields.id?.[0], { ...fields, shipping: childrenNamed(entry, "g:shipping") });
  }
  return items;
}

const GOOGLE_REQUIRED = [
  "id",
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
];
const META_REQUIRED = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "link",
  "image_link",
  "brand",
];

describe("what the feeds list", () => {
  it("lists every piece with a price and a picture, each with every field its format requires", async () => {
    const feeds = await makeFeeds(ctx.db, origin);
    const google = googleItems(feeds);
    expect([...google.keys()].sort()).toEqual(["NAC-LIBRE", "NAC-MUETTE", "NAC-RESERVEE", "NAC-VENDUE"]);
    expect(feeds.listed).toBe(4);
    for (const [id, fields] of google)
      for (const name of GOOGLE_REQUIRED) expect(fields[name]?.[0], `${id} ${name}`).toBeTruthy();
    const meta = csvRecords(feeds.files.meta.body);
    expect(meta.map((row) => row.id).sort()).toEqual([...google.keys()].sort());
    for (const row of meta)
      for (const name of META_REQUIRED) expect(row[name], `${row.id} ${name}`).toBeTruthy();
  });

  it("gives a free piece in stock, a sold one and a held one out of stock, each at its price", async () => {
    const feeds = await makeFeeds(ctx.db, origin);
    const google = googleItems(feeds);
    const meta = new Map(csvRecords(feeds.files.meta.body).map((row) => [row.id, row]));
    const expected = [
      ["NAC-LIBRE", "in_stock", "in stock", "12.00 EUR", "/catalogue/produit/libre"],
      ["NAC-VENDUE", "out_of_stock", "out of stock", "99.00 EUR", "/galerie/vendu/vendue"],
      ["NAC-RESERVEE", "out_of_stock", "out of stock", "200.00 EUR", "/catalogue/produit/reservee"],
    ];
    for (const [id, googleAvailability, metaAvailability, price, path] of expected) {
      const item = google.get(id as string);
      expect([item?.availability?.[0], item?.price?.[0], item?.link?.[0]], id).toEqual([
        googleAvailability,
        price,
        `${origin}${path}`,
      ]);
      const row = meta.get(id as string);
      expect([row?.availability, row?.price, row?.link], id).toEqual([
        metaAvailability,
        price,
        `${origin}${path}`,
      ]);
    }
  });

  it("states the name as written, pictures at their largest served size, attributes and the brand", async () => {
    const item = googleItems(await makeFeeds(ctx.db, origin)).get("NAC-LIBRE");
    expect(item?.title).toEqual(["Collier <Lune> & Soleil"]);
    expect(item?.image_link).toEqual([`${origin}/images/products/libre-0.webp?w=1920`]);
    // A picture 600 px wide is never enlarged: the size that holds it whole.
    expect(item?.additional_image_link).toEqual([`${origin}/images/products/libre-1.webp?w=800`]);
    expect([item?.brand, item?.material, item?.color, item?.product_type]).toEqual([
      ["Nacre & Co"],
      ["Acier inoxydable"],
      ["Noir"],
      ["Colliers"],
    ]);
    const muette = googleItems(await makeFeeds(ctx.db, origin)).get("NAC-MUETTE");
    expect(muette?.description).toEqual(["Pièce muette — Colliers — Acier inoxydable"]);
  });

  it("ships to each country of the priced zones at the zone's rate, free from the threshold", async () => {
    const google = googleItems(await makeFeeds(ctx.db, origin));
    const rates = (id: string) =>
      new Map(
        google
          .get(id)
          ?.shipping.map((line) => [
            childrenNamed(line, "g:country")[0]?.text,
            childrenNamed(line, "g:price")[0]?.text,
          ]),
      );
    const libre = rates("NAC-LIBRE");
    // The demo rates (§10.27): France 6,90 €, overseas 14,90 €, EU 12,90 €, the rest of the world on quote.
    expect([libre.get("FR"), libre.get("GP"), libre.get("DE"), libre.get("US")]).toEqual([
      "6.90 EUR",
      "14.90 EUR",
      "12.90 EUR",
      undefined,
    ]);
    expect(libre.size).toBe(1 + 11 + 26);
    // 200 € of pieces: above the 150 € threshold, delivery is free everywhere.
    expect(new Set(rates("NAC-RESERVEE").values())).toEqual(new Set(["0.00 EUR"]));
  });

  it("leaves out and reports the pieces without a price or a picture, with the French reason", async () => {
    const { leftOut } = await makeFeeds(ctx.db, origin);
    expect(leftOut.map((piece) => [piece.id, piece.reasons, piece.editPath]).sort()).toEqual([
      ["ni-prix-ni-photo", ["Prix sur demande", "Aucune photo"], "/admin/produits?modifier=ni-prix-ni-photo"],
      ["sans-photo", ["Aucune photo"], "/admin/produits?modifier=sans-photo"],
      ["sur-demande", ["Prix sur demande"], "/admin/produits?modifier=sur-demande"],
    ]);
  });
});

describe("the copy in memory", () => {
  it("is kept while nothing changes, and made again when a hold ends or the catalogue changes", async () => {
    const now = new Date();
    const first = await currentFeeds(ctx.db, origin, now);
    expect(await currentFeeds(ctx.db, origin, now)).toBe(first);
    expect(googleItems(first).get("NAC-RESERVEE")?.availability).toEqual(["out_of_stock"]);

    // Two hours after the order, its unconfirmed hold has ended: nothing was written, yet the piece is free.
    const later = new Date(orderedAt.getTime() + 2 * HOUR + 1000);
    const afterHold = await currentFeeds(ctx.db, origin, later);
    expect(afterHold).not.toBe(first);
    expect(googleItems(afterHold).get("NAC-RESERVEE")?.availability).toEqual(["in_stock"]);
    expect(await currentFeeds(ctx.db, origin, later)).toBe(afterHold);

    // A material renamed: no piece is saved, yet every piece using it says the new name.
    await ctx.db.updateTable("materials").set({ name: "Acier 316L" }).where("id", "=", "acier").execute();
    const renamed = await currentFeeds(ctx.db, origin, later);
    expect(renamed).not.toBe(afterHold);
    expect(googleItems(renamed).get("NAC-LIBRE")?.material).toEqual(["Acier 316L"]);

    // The delivery rates saved in the settings.
    await ctx.db
      .updateTable("shop_settings")
      .set({ delivery_france_cents: 790, updated_at: new Date().toISOString() })
      .execute();
    const repriced = await currentFeeds(ctx.db, origin, later);
    expect(repriced.files.meta.body).toContain("FR::Envoi postal:7.90 EUR");
    expect(repriced.files.meta.etag).not.toBe(renamed.files.meta.etag);
  });
});

describe("the answer to a crawler", () => {
  it("answers 304 to the ETag it has, and a French 503, never a 500, when the database is gone", async () => {
    const shop = await createTestContext({ PUBLIC_URL: origin });
    setAppContext(shop);
    try {
      const first = await feedAnswer(new Request(`${origin}/flux/meta.csv`), "meta");
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const etag = first.headers.get("etag") as string;
      const again = await feedAnswer(
        new Request(`${origin}/flux/meta.csv`, {
          headers: { "If-None-Match": `"autre", ${etag.replace(/^W\//, "")}` },
        }),
        "meta",
      );
      expect([again.status, await again.text(), again.headers.get("etag")]).toEqual([304, "", etag]);

      await shop.close();
      const down = await feedAnswer(new Request(`${origin}/flux/google.xml`), "google");
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("30");
      expect(down.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await down.text()).toBe(OUTAGE_MESSAGE);
    } finally {
      setAppContext(undefined);
    }
  });
});
