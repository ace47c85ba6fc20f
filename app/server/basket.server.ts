/**
 * Read side of a signed-in customer's favourites and cart (spec §3 user_favorites, cart_items),
 * with what the sidebars show of each product: name, price, first image, slug.
 */

import { guestBasketSchema } from "~/features/basket/basket-schemas";
import { getDb } from "./context.server";
import type { DB } from "./database.server";
import { newId } from "./ids.server";

export interface BasketProduct {
  productId: string;
  slug: string;
  name: string;
  priceCents: number | null;
  stock: number;
  isUnique: boolean;
  image: { fileName: string; width: number; height: number } | null;
}

export interface FavoriteLine extends BasketProduct {
  favoriteId: string;
}

export interface CartLine extends BasketProduct {
  cartItemId: string;
  quantity: number;
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
      "p.stock",
      "p.is_unique",
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
    stock: row.stock,
    isUnique: row.is_unique === 1,
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

// --- Mutations (spec §4 "Cart, logged in", "Favourites"): every rule is enforced here.

export type BasketError = "introuvable" | "vendu" | "epuise";

export const BASKET_ERROR_MESSAGES: Record<BasketError, string> = {
  introuvable: "Cette création n'existe plus.",
  vendu: "Cette création a déjà été vendue.",
  epuise: "Cette création n'est plus disponible dans cette quantité.",
};

async function availableQuantity(db: DB, productId: string): Promise<number | BasketError> {
  const product = await db
    .selectFrom("products")
    .select(["stock", "is_unique", "is_sold"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) return "introuvable";
  if (product.is_sold === 1) return "vendu";
  const limit = product.is_unique === 1 ? Math.min(1, product.stock) : product.stock;
  return limit > 0 ? limit : "epuise";
}

/** Adding a present product adds 1 (up to the stock); a new product gets quantity 1. */
export async function addToCart(db: DB, userId: string, productId: string): Promise<BasketError | null> {
  return db.transaction().execute(async (trx) => {
    const limit = await availableQuantity(trx, productId);
    if (typeof limit === "string") return limit;
    const line = await trx
      .selectFrom("cart_items")
      .select(["id", "quantity"])
      .where("user_id", "=", userId)
      .where("product_id", "=", productId)
      .executeTakeFirst();
    if (line) {
      if (line.quantity >= limit) return "epuise";
      await trx
        .updateTable("cart_items")
        .set({ quantity: line.quantity + 1 })
        .where("id", "=", line.id)
        .execute();
      return null;
    }
    await trx
      .insertInto("cart_items")
      .values({ id: newId(), user_id: userId, product_id: productId, quantity: 1 })
      .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
      .execute();
    return null;
  });
}

/** Quantity change by delta: above 0 updates (capped at the stock), otherwise the line is removed. */
export async function changeCartQuantity(
  db: DB,
  userId: string,
  productId: string,
  delta: number,
): Promise<BasketError | null> {
  return db.transaction().execute(async (trx) => {
    const line = await trx
      .selectFrom("cart_items")
      .select(["id", "quantity"])
      .where("user_id", "=", userId)
      .where("product_id", "=", productId)
      .executeTakeFirst();
    if (!line) return "introuvable";
    const wanted = line.quantity + delta;
    if (wanted <= 0) {
      await trx.deleteFrom("cart_items").where("id", "=", line.id).execute();
      return null;
    }
    const limit = await availableQuantity(trx, productId);
    if (typeof limit === "string") return limit;
    if (wanted > limit) return "epuise";
    await trx.updateTable("cart_items").set({ quantity: wanted }).where("id", "=", line.id).execute();
    return null;
  });
}

export async function removeFromCart(db: DB, userId: string, productId: string): Promise<void> {
  await db
    .deleteFrom("cart_items")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .execute();
}

/** Toggle: adds if absent, removes if present. Returns whether it is now a favourite. */
export async function toggleFavorite(
  db: DB,
  userId: string,
  productId: string,
): Promise<boolean | BasketError> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("user_favorites")
      .select("id")
      .where("user_id", "=", userId)
      .where("product_id", "=", productId)
      .executeTakeFirst();
    if (existing) {
      await trx.deleteFrom("user_favorites").where("id", "=", existing.id).execute();
      return false;
    }
    const product = await trx
      .selectFrom("products")
      .select("id")
      .where("id", "=", productId)
      .executeTakeFirst();
    if (!product) return "introuvable";
    await trx
      .insertInto("user_favorites")
      .values({ id: newId(), user_id: userId, product_id: productId })
      .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
      .execute();
    return true;
  });
}

export async function removeFavorite(db: DB, userId: string, productId: string): Promise<void> {
  await db
    .deleteFrom("user_favorites")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .execute();
}

/**
 * Guest cart and favourites move into the account at login and signup (design.md): quantities are
 * combined within the stock, unknown or sold pieces are dropped, and nothing is ever duplicated.
 */
export async function mergeGuestBasket(
  db: DB,
  userId: string,
  guest: { cart: { productId: string; quantity: number }[]; favorites: string[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const productId of new Set(guest.favorites)) {
      const product = await trx
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        .executeTakeFirst();
      if (!product) continue;
      await trx
        .insertInto("user_favorites")
        .values({ id: newId(), user_id: userId, product_id: productId })
        .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
        .execute();
    }
    for (const { productId, quantity } of guest.cart) {
      const limit = await availableQuantity(trx, productId);
      if (typeof limit === "string") continue;
      const line = await trx
        .selectFrom("cart_items")
        .select(["id", "quantity"])
        .where("user_id", "=", userId)
        .where("product_id", "=", productId)
        .executeTakeFirst();
      const combined = Math.min(limit, (line?.quantity ?? 0) + quantity);
      if (line) {
        await trx.updateTable("cart_items").set({ quantity: combined }).where("id", "=", line.id).execute();
      } else {
        await trx
          .insertInto("cart_items")
          .values({ id: newId(), user_id: userId, product_id: productId, quantity: combined })
          .execute();
      }
    }
  });
}

/** The guest basket posted with a login or signup form; anything malformed is simply ignored. */
export async function mergeGuestBasketFromForm(userId: string, raw: string | undefined): Promise<void> {
  if (!raw) return;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return;
  }
  const parsed = guestBasketSchema.safeParse(json);
  if (!parsed.success) return;
  await mergeGuestBasket(getDb(), userId, parsed.data);
}
