/**
 * Catalogue reads (docs/product.md §7 "Catalogue", "Gallery", "Product / sold page"): listings filtered on
 * the server (docs/decisions/005-catalogue-filtering.md), the four reference lists, one product by
 * slug with its relations and images, and similar pieces.
 */
import type { ExpressionBuilder, Selectable } from "kysely";
import { heldQuantities } from "~/features/orders/holds.server";
import type { DB } from "~/server/database.server";
import type { Database, ProductImagesTable, ProductsTable } from "~/server/db-schema.server";
import { euroCents, type ListingKind, type ListingQuery, PAGE_SIZE, seededShuffle } from "./listing-query";
import type { ImageRef, NamedRef, ProductCard, ProductDetails, ReferenceLists } from "./product-types";

export interface Listing {
  total: number;
  items: ProductCard[];
  hasMore: boolean;
}

/** The four reference lists, each sorted by name (docs/product.md §7). */
export async function getReferenceLists(db: DB): Promise<ReferenceLists> {
  const list = (table: "categories" | "colors" | "materials" | "pearl_types") =>
    db.selectFrom(table).select(["id", "name"]).orderBy("name").execute();
  const [categories, colors, materials, pearlTypes] = await Promise.all([
    list("categories"),
    list("colors"),
    list("materials"),
    list("pearl_types"),
  ]);
  const collator = new Intl.Collator("fr", { sensitivity: "base" });
  const byName = (a: NamedRef, b: NamedRef) => collator.compare(a.name, b.name);
  return {
    categories: categories.sort(byName),
    colors: colors.sort(byName),
    materials: materials.sort(byName),
    pearlTypes: pearlTypes.sort(byName),
  };
}

type ProductsEb = ExpressionBuilder<Database & { p: Database["products"] }, "p">;

/** docs/product.md §5: any-of within a group, all groups must match, min/max price inclusive. */
function filterConditions(eb: ProductsEb, query: ListingQuery) {
  const { filters } = query;
  const conditions = [];
  const relation = (
    table: "product_categories" | "product_colors" | "product_materials" | "product_pearl_types",
    column: "category_id" | "color_id" | "material_id" | "pearl_type_id",
    selected: string[],
  ) =>
    eb.exists(
      eb
        .selectFrom(table)
        .select(eb.lit(1).as("one"))
        .whereRef(`${table}.product_id`, "=", "p.id")
        // biome-ignore lint/suspicious/noExplicitAny: the column belongs to the table named above.
        .where(`${table}.${column}` as any, "in", selected),
    );
  if (filters.categories.length)
    conditions.push(relation("product_categories", "category_id", filters.categories));
  if (filters.colors.length) conditions.push(relation("product_colors", "color_id", filters.colors));
  if (filters.materials.length)
    conditions.push(relation("product_materials", "material_id", filters.materials));
  if (filters.pearlTypes.length) {
    conditions.push(relation("product_pearl_types", "pearl_type_id", filters.pearlTypes));
  }
  if (filters.minPrice) conditions.push(eb("p.price_cents", ">=", euroCents(filters.minPrice)));
  if (filters.maxPrice) conditions.push(eb("p.price_cents", "<=", euroCents(filters.maxPrice)));
  return eb.and(conditions);
}

const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

/**
 * One listing page: the matching pieces' sort keys are read in one light query, ordered here (a
 * seeded shuffle for "random", the French collation for names), then only the shown cards are
 * loaded with their first image.
 */
export async function searchListing(db: DB, kind: ListingKind, query: ListingQuery): Promise<Listing> {
  const keys = await db
    .selectFrom("products as p")
    .select(["p.id", "p.name", "p.price_cents", "p.created_at"])
    .where("p.is_sold", "=", kind === "gallery" ? 1 : 0)
    .where((eb) => filterConditions(eb, query))
    .orderBy("p.created_at", "desc")
    .orderBy("p.id")
    .execute();

  let ordered = keys;
  switch (query.sort) {
    case "random":
      ordered = seededShuffle(keys, query.seed);
      break;
    case "price-asc":
    case "price-desc": {
      const direction = query.sort === "price-asc" ? 1 : -1;
      // Pieces without a price ("Prix sur demande") go last either way.
      ordered = [...keys].sort((a, b) => {
        if (a.price_cents === null || b.price_cents === null) {
          return (a.price_cents === null ? 1 : 0) - (b.price_cents === null ? 1 : 0);
        }
        return direction * (a.price_cents - b.price_cents);
      });
      break;
    }
    case "name-asc":
    case "name-desc": {
      const direction = query.sort === "name-asc" ? 1 : -1;
      ordered = [...keys].sort((a, b) => direction * collator.compare(a.name, b.name));
      break;
    }
    default:
      break; // newest first
  }

  const shown = ordered.slice(0, query.page * PAGE_SIZE).map((row) => row.id);
  const cards = await loadCards(db, shown);
  return { total: keys.length, items: cards, hasMore: ordered.length > shown.length };
}

function firstImages(db: DB, productIds: string[]) {
  return db
    .selectFrom("product_images as i")
    .select(["i.product_id", "i.file_name", "i.width", "i.height"])
    .where("i.product_id", "in", productIds)
    .where("i.position", "=", (eb) =>
      eb
        .selectFrom("product_images as first")
        .select((e) => e.fn.min("first.position").as("p"))
        .whereRef("first.product_id", "=", "i.product_id"),
    )
    .execute();
}

type ProductRow = Pick<
  Selectable<ProductsTable>,
  "id" | "slug" | "name" | "price_cents" | "stock" | "is_unique" | "is_sold"
>;
type ImageRow = Pick<Selectable<ProductImagesTable>, "file_name" | "width" | "height">;

export function toImageRef(row: ImageRow): ImageRef {
  return { fileName: row.file_name, width: row.width, height: row.height };
}

/**
 * The one conversion of a products row (flags stored as 0/1, price in cents), shared by the
 * listings, the piece's page and the dashboard; `firstImage` is the photo a card shows.
 */
export function toProductCard(row: ProductRow, firstImage: ImageRow | undefined, held = 0): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    priceCents: row.price_cents,
    stock: row.stock,
    held,
    isUnique: row.is_unique === 1,
    isSold: row.is_sold === 1,
    image: firstImage ? toImageRef(firstImage) : null,
  };
}

/** Cards for the given ids, in the given order. */
export async function loadCards(db: DB, ids: string[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const [rows, images, held] = await Promise.all([
    db
      .selectFrom("products")
      .select(["id", "slug", "name", "price_cents", "stock", "is_unique", "is_sold"])
      .where("id", "in", ids)
      .execute(),
    firstImages(db, ids),
    heldQuantities(db, ids),
  ]);
  const imageByProduct = new Map(images.map((image) => [image.product_id, image]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [toProductCard(row, imageByProduct.get(id), held.get(id))];
  });
}

export async function findProductBySlug(db: DB, slug: string): Promise<ProductDetails | null> {
  const row = await db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!row) return null;
  const named = (
    join: "product_categories" | "product_colors" | "product_materials" | "product_pearl_types",
    table: "categories" | "colors" | "materials" | "pearl_types",
    column: "category_id" | "color_id" | "material_id" | "pearl_type_id",
  ) =>
    db
      .selectFrom(`${join} as j` as "product_categories as j")
      .innerJoin(`${table} as t` as "categories as t", "t.id", `j.${column}` as "j.category_id")
      .select(["t.id", "t.name"])
      .where("j.product_id", "=", row.id)
      .orderBy("t.name")
      .execute();
  const [images, categories, colors, materials, pearlTypes, held] = await Promise.all([
    db
      .selectFrom("product_images")
      .select(["file_name", "width", "height"])
      .where("product_id", "=", row.id)
      .orderBy("position")
      .execute(),
    named("product_categories", "categories", "category_id"),
    named("product_colors", "colors", "color_id"),
    named("product_materials", "materials", "material_id"),
    named("product_pearl_types", "pearl_types", "pearl_type_id"),
    heldQuantities(db, [row.id]),
  ]);
  return {
    ...toProductCard(row, images[0], held.get(row.id)),
    description: row.description,
    safetyInfo: row.safety_info,
    images: images.map(toImageRef),
    categories,
    colors,
    materials,
    pearlTypes,
  };
}

export const SIMILAR_COUNT = 5;

/**
 * docs/product.md §7: up to 5 pieces sharing a category with the product, itself excluded (the sold page
 * shows the newest first).
 */
export async function listSimilarProducts(
  db: DB,
  product: { id: string; categories: NamedRef[] },
  options: { newestFirst?: boolean } = {},
): Promise<ProductCard[]> {
  if (product.categories.length === 0) return [];
  let query = db
    .selectFrom("products as p")
    .select("p.id")
    .where("p.id", "!=", product.id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_categories as pc")
          .select(eb.lit(1).as("one"))
          .whereRef("pc.product_id", "=", "p.id")
          .where(
            "pc.category_id",
            "in",
            product.categories.map((category) => category.id),
          ),
      ),
    );
  query = options.newestFirst
    ? query.orderBy("p.created_at", "desc")
    : query.orderBy("p.is_sold").orderBy("p.created_at", "desc");
  const ids = await query.limit(SIMILAR_COUNT).execute();
  return loadCards(
    db,
    ids.map((row) => row.id),
  );
}
