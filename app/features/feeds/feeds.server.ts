/**
 * The shopping feeds (docs/product.md §10.28, ADR 035): `/flux/google.xml` for Google Merchant Center
 * and `/flux/meta.csv` for Meta's catalogue, made from the live catalogue in one set of queries, and
 * what the settings page says about them (the pieces listed, the pieces left out and why).
 *
 * Crawlers read a feed every few hours, from several places at once: the files are kept in memory
 * per database and made again only when the catalogue's stamp changes — a handful of aggregate
 * reads over what a feed shows (pieces, pictures, attribute names, settings, open orders' holds),
 * so a write from any instance or process, and a hold ending on its own, are seen at the next
 * request, without a message between instances. Each file carries an ETag (a `304` for a crawler
 * that has it) and a short shared cache time; a database that does not answer gives a French
 * 503 with Retry-After, never a 500.
 */
import crypto from "node:crypto";
import { deliveryRates } from "~/features/delivery/delivery-rates.server";
import { DELIVERY_ZONES, type DeliveryRates, type DeliveryZone } from "~/features/delivery/delivery-types";
import { freeUnits, heldQuantities, holdClock } from "~/features/orders/holds.server";
import { HOLDING_STATUSES } from "~/features/orders/order-types";
import { productReference } from "~/features/settings/product-safety-schema";
import { getShopDetails } from "~/features/settings/settings.server";
import { imageUrl } from "~/lib/images";
import { absoluteUrl, productPath } from "~/lib/seo";
import { getAppContext } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import { OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "~/server/database-outage.server";
import {
  clip,
  type FeedItem,
  type FeedShipping,
  GOOGLE_LIMITS,
  googleFeedXml,
  metaFeedCsv,
  plainText,
} from "./feed-formats.server";
import { FEED_SHIPPING_SERVICE, LEFT_OUT_REASONS, type LeftOutReason } from "./feeds-messages";

export type FeedKind = "google" | "meta";

/** The feeds' addresses (app/routes.ts). */
export const FEED_PATHS: Record<FeedKind, string> = {
  google: "/flux/google.xml",
  meta: "/flux/meta.csv",
};

const CONTENT_TYPES: Record<FeedKind, string> = {
  google: "application/xml; charset=utf-8",
  meta: "text/csv; charset=utf-8",
};

/**
 * Shared caches may keep a feed five minutes: a crawler's copy is then never older than that, and a
 * price or a sale reaches it in time for its next visit.
 */
export const FEED_CACHE_CONTROL = "public, max-age=300";

/**
 * Where each delivery zone of the settings sends a parcel, as ISO 3166-1 codes. France métropolitaine
 * is FR; the overseas zone is every territory whose postal code starts with 97 or 98 (§5): the
 * departments and the collectivities; the European Union is its 26 other member states. « Reste du
 * monde » names no list of countries: it is left out, to be set in the platforms' own settings.
 */
export const ZONE_COUNTRIES: Record<DeliveryZone, readonly string[]> = {
  france: ["FR"],
  outre_mer: ["GP", "MQ", "GF", "RE", "YT", "PM", "BL", "MF", "WF", "PF", "NC"],
  ue: [
    "AT",
    "BE",
    "BG",
    "CY",
    "CZ",
    "DE",
    "DK",
    "EE",
    "ES",
    "FI",
    "GR",
    "HR",
    "HU",
    "IE",
    "IT",
    "LT",
    "LU",
    "LV",
    "MT",
    "NL",
    "PL",
    "PT",
    "RO",
    "SE",
    "SI",
    "SK",
  ],
  monde: [],
};

/**
 * What one piece, bought alone, costs to send to each country the settings price: the zone's rate,
 * nothing when the piece reaches the free threshold on its own (deliveryCost's rule, §10.27). A zone
 * « sur devis » has no price to state: it is left out.
 */
export function shippingOf(rates: DeliveryRates, priceCents: number): FeedShipping[] {
  return DELIVERY_ZONES.flatMap((zone) => {
    const rate = rates.zones[zone];
    if (rate === null) return [];
    const free = rates.freeFromCents !== null && priceCents >= rates.freeFromCents;
    return ZONE_COUNTRIES[zone].map((country) => ({
      country,
      service: FEED_SHIPPING_SERVICE,
      priceCents: free ? 0 : rate,
    }));
  });
}

/** A piece neither feed can list, with why, for the settings page. */
export interface LeftOutPiece {
  id: string;
  name: string;
  reasons: LeftOutReason[];
  /** The dashboard's editor of the piece. */
  editPath: string;
}

export interface FeedFile {
  body: string;
  etag: string;
}

export interface Feeds {
  listed: number;
  leftOut: LeftOutPiece[];
  files: Record<FeedKind, FeedFile>;
}

const byName = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

/** Each piece's names in one relation, sorted in French order. */
function namesByPiece(rows: readonly { product_id: string; name: string }[]): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const row of rows) names.set(row.product_id, [...(names.get(row.product_id) ?? []), row.name]);
  for (const list of names.values()) list.sort(byName.compare);
  return names;
}

/** The catalogue read once for both feeds: every piece with its pictures, attributes and holds. */
async function readCatalogue(db: DB, now: Date) {
  const [products, images, categories, materials, colors, shop, rates] = await Promise.all([
    db
      .selectFrom("products")
      .select(["id", "slug", "name", "description", "price_cents", "stock", "is_unique", "is_sold"])
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("product_images")
      .select(["product_id", "file_name", "width"])
      .orderBy("product_id")
      .orderBy("position")
      .execute(),
    db
      .selectFrom("product_categories as j")
      .innerJoin("categories as t", "t.id", "j.category_id")
      .select(["j.product_id", "t.name"])
      .execute(),
    db
      .selectFrom("product_materials as j")
      .innerJoin("materials as t", "t.id", "j.material_id")
      .select(["j.product_id", "t.name"])
      .execute(),
    db
      .selectFrom("product_colors as j")
      .innerJoin("colors as t", "t.id", "j.color_id")
      .select(["j.product_id", "t.name"])
      .execute(),
    getShopDetails(db),
    deliveryRates(db),
  ]);
  const held = await heldQuantities(
    db,
    products.filter((p) => p.is_sold === 0).map((p) => p.id),
    now,
  );
  const imagesOf = new Map<string, { file_name: string; width: number }[]>();
  for (const image of images)
    imagesOf.set(image.product_id, [...(imagesOf.get(image.product_id) ?? []), image]);
  return {
    products,
    imagesOf,
    categoriesOf: namesByPiece(categories),
    materialsOf: namesByPiece(materials),
    colorsOf: namesByPiece(colors),
    held,
    shopName: shop.shopName,
    rates,
  };
}

/** Both feeds and the report of what they leave out, from the catalogue at `now`. */
export async function makeFeeds(db: DB, origin: string, now = new Date()): Promise<Feeds> {
  const catalogue = await readCatalogue(db, now);
  const items: FeedItem[] = [];
  const leftOut: LeftOutPiece[] = [];
  for (const product of catalogue.products) {
    const pictures = catalogue.imagesOf.get(product.id) ?? [];
    if (product.price_cents === null || pictures.length === 0) {
      leftOut.push({
        id: product.id,
        name: product.name,
        reasons: [
          ...(product.price_cents === null ? [LEFT_OUT_REASONS.noPrice] : []),
          ...(pictures.length === 0 ? [LEFT_OUT_REASONS.noPicture] : []),
        ],
        editPath: `/admin/produits?modifier=${encodeURIComponent(product.id)}`,
      });
      continue;
    }
    const isSold = product.is_sold === 1;
    // A name is text as the pages show it (a « < » in it is a character): one line, nothing removed.
    const title = product.name.replace(/\s+/g, " ").trim();
    const categories = catalogue.categoriesOf.get(product.id) ?? [];
    const materials = catalogue.materialsOf.get(product.id) ?? [];
    items.push({
      id: productReference(product.id),
      title,
      // Both formats require a description: a piece without one is described by its name and kind.
      description: plainText(product.description) || [title, ...categories, ...materials].join(" — "),
      // A sold piece keeps its page in the gallery, where it shows as sold with its price: the
      // feeds send that page, out of stock (docs/product.md §10.28).
      link: absoluteUrl(origin, productPath({ slug: product.slug, isSold })),
      // The largest size the picture route serves of each picture, as a product page's srcset
      // offers it (never enlarged: a narrow picture at its own width).
      imageLinks: pictures.map((picture) =>
        absoluteUrl(origin, imageUrl("products", picture.file_name, 1920, picture.width)),
      ),
      inStock: !isSold && freeUnits(product, catalogue.held.get(product.id) ?? 0) > 0,
      priceCents: product.price_cents,
      brand: catalogue.shopName,
      categories,
      materials,
      colors: catalogue.colorsOf.get(product.id) ?? [],
      shipping: shippingOf(catalogue.rates, product.price_cents),
    });
  }
  const channel = {
    title: catalogue.shopName,
    link: `${origin}/`,
    description: clip(`Les créations de ${catalogue.shopName}`, GOOGLE_LIMITS.title),
  };
  const file = (body: string): FeedFile => ({
    body,
    // Weak: the same file whatever content coding the compressor gives it (as the page cache's, ADR 018).
    etag: `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
  });
  return {
    listed: items.length,
    leftOut,
    files: { google: file(googleFeedXml(channel, items)), meta: file(metaFeedCsv(items)) },
  };
}

/**
 * The catalogue's stamp: changes whenever something a feed shows may have changed — a piece saved,
 * sold or back on sale (its `updated_at`, and its price, stock and sale flag summed), added or deleted, a picture, an attribute renamed or
 * deleted, the settings (shop name, delivery rates), an order placed, cancelled, paid or approved, or
 * a hold ending with the clock (the open orders' count at `now`).
 */
export async function catalogueStamp(db: DB, now: Date): Promise<string> {
  const names = (table: "categories" | "materials" | "colors") =>
    db.selectFrom(table).select(["id", "name"]).orderBy("id").execute();
  const [products, images, settings, holds, categories, materials, colors] = await Promise.all([
    db
      .selectFrom("products")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("n"),
        eb.fn.max("updated_at").as("last"),
        // What the feeds read of every piece, summed: a write that left `updated_at` as it was
        // (a fix made with a database client) still changes the stamp.
        eb.fn.sum<number | string | null>("price_cents").as("prices"),
        eb.fn.count<number | string>("price_cents").as("priced"),
        eb.fn.sum<number | string | null>("stock").as("stock"),
        eb.fn.sum<number | string | null>("is_sold").as("sold"),
      ])
      .executeTakeFirst(),
    db
      .selectFrom("product_images")
      .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.max("created_at").as("last")])
      .executeTakeFirst(),
    db.selectFrom("shop_settings").select("updated_at").where("id", "=", "shop").executeTakeFirst(),
    db
      .selectFrom("orders")
      .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.max("updated_at").as("last")])
      .where("status", "in", HOLDING_STATUSES)
      .where("hold_expires_at", ">", holdClock(now))
      .executeTakeFirst(),
    names("categories"),
    names("materials"),
    names("colors"),
  ]);
  // A driver may hand a timestamp back as a Date: its ISO text keeps the milliseconds.
  const text = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value ?? ""));
  const parts = [
    Number(products?.n ?? 0),
    text(products?.last),
    Number(products?.prices ?? 0),
    Number(products?.priced ?? 0),
    Number(products?.stock ?? 0),
    Number(products?.sold ?? 0),
    Number(images?.n ?? 0),
    text(images?.last),
    text(settings?.updated_at),
    Number(holds?.n ?? 0),
    text(holds?.last),
    ...[categories, materials, colors].map((rows) =>
      rows.map((row) => `${row.id}=${row.name}`).join("\u0001"),
    ),
  ];
  return crypto.createHash("sha256").update(JSON.stringify(parts)).digest("base64url");
}

interface Kept {
  origin: string;
  stamp: string;
  feeds: Promise<Feeds>;
}

/** One copy per database (each test context has its own). */
const kept = new WeakMap<DB, Kept>();

/** The feeds as the catalogue stands: the copy in memory while the stamp holds, else made again. */
export async function currentFeeds(db: DB, origin: string, now = new Date()): Promise<Feeds> {
  const stamp = await catalogueStamp(db, now);
  const copy = kept.get(db);
  if (copy && copy.stamp === stamp && copy.origin === origin) return copy.feeds;
  // Requests that arrive while it is made share the one generation.
  const feeds = makeFeeds(db, origin, now);
  kept.set(db, { origin, stamp, feeds });
  feeds.catch(() => {
    if (kept.get(db)?.feeds === feeds) kept.delete(db);
  });
  return feeds;
}

/** Whether `If-None-Match` names this ETag (weak or strong, in a list, or `*`). */
function known(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });
}

/** The answer to a crawler's GET of a feed: the file, a 304, or a French 503. */
export async function feedAnswer(request: Request, kind: FeedKind): Promise<Response> {
  let file: FeedFile;
  try {
    const { db, env } = getAppContext();
    file = (await currentFeeds(db, env.PUBLIC_URL)).files[kind];
  } catch (error) {
    // A crawler retries a 503 later and keeps the listing it has; a 500 could make it drop pieces.
    console.error("Flux produits indisponible", error);
    return new Response(OUTAGE_MESSAGE, {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS),
        "Cache-Control": "no-store",
      },
    });
  }
  const headers = { ETag: file.etag, "Cache-Control": FEED_CACHE_CONTROL };
  if (known(request.headers.get("if-none-match"), file.etag))
    return new Response(null, { status: 304, headers });
  return new Response(file.body, { headers: { ...headers, "Content-Type": CONTENT_TYPES[kind] } });
}

/** What the settings page shows of the feeds: their addresses, how many pieces, which are left out. */
export async function feedOverview(db: DB, origin: string) {
  const feeds = await currentFeeds(db, origin);
  return {
    addresses: { google: `${origin}${FEED_PATHS.google}`, meta: `${origin}${FEED_PATHS.meta}` },
    listed: feeds.listed,
    leftOut: feeds.leftOut,
  };
}
