/**
 * Read side of a signed-in customer's favourites and cart (spec §3 user_favorites, cart_items),
 * with what the sidebars show of each product: name, price, first image, slug.
 */
import type { DB } from "./database.server";

export interface BasketProduct {
  productId: string;
  slug: string;
  name: string;
  priceCents: number | null;
  image: { fileName: string; width: number; height: number } | null;
}

export interface FavoriteLine extends BasketProduct {
  favoriteId: string;
}

export interface CartLine extends BasketProduct {
  cartItemId: string;
  quantity: number;
  stock: number;
  isUnique: boolean;
}

function firstImage(db: DB) {
  return db
    .selectFrom("product_images")
    .select(["file_name", "width", "height", "product_id"])
    .where("position", "=", (eb) =>
      eb
        .selectFrom("product_images as first")
        .select((e) => e.fn.min("first.position").as("p"))
        .whereRef("first.product_id", "=", "product_images.product_id"),
    );
}

export async function listFavorites(db: DB, userId: string): Promise<FavoriteLine[]> {
  const rows = await db
    .selectFrom("user_favorites as f")
    .innerJoin("products as p", "p.id", "f.product_id")
    .leftJoin(firstImage(db).as("img"), "img.product_id", "p.id")
    .select([
      "f.id as favoriteId",
      "p.id as productId",
      "p.slug",
      "p.name",
      "p.price_cents",
      "img.file_name",
      "img.width",
      "img.height",
    ])
    .where("f.user_id", "=", userId)
    .orderBy("f.created_at", "desc")
    .execute();
  return rows.map((row) => ({
    favoriteId: row.favoriteId,
    productId: row.productId,
    slug: row.slug,
    name: row.name,
    priceCents: row.price_cents,
    image: row.file_name ? { fileName: row.file_name, width: row.width ?? 0, height: row.height ?? 0 } : null,
  }));
}

export async function listCart(db: DB, userId: string): Promise<CartLine[]> {
  const rows = await db
    .selectFrom("cart_items as c")
    .innerJoin("products as p", "p.id", "c.product_id")
    .leftJoin(firstImage(db).as("img"), "img.product_id", "p.id")
    .select([
      "c.id as cartItemId",
      "c.quantity",
      "p.id as productId",
      "p.slug",
      "p.name",
      "p.price_cents",
      "p.stock",
      "p.is_unique",
      "img.file_name",
      "img.width",
      "img.height",
    ])
    .where("c.user_id", "=", userId)
    .orderBy("c.created_at", "asc")
    .execute();
  return rows.map((row) => ({
    cartItemId: row.cartItemId,
    quantity: row.quantity,
    productId: row.productId,
    slug: row.slug,
    name: row.name,
    priceCents: row.price_cents,
    stock: row.stock,
    isUnique: row.is_unique === 1,
    image: row.file_name ? { fileName: row.file_name, width: row.width ?? 0, height: row.height ?? 0 } : null,
  }));
}
