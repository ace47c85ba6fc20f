/**
 * Every visitor's favourites and cart (docs/product.md §3 user_favorites, cart_items; ADR 032): a
 * customer's lines belong to the account, a guest's to a guest basket (guest-basket.server.ts names
 * it from its cookie). What the sidebars and /mon-compte show of each piece, and every rule of
 * docs/product.md §4 enforced on the server, the same for both owners. Lines keep a snapshot of the
 * piece, so a sold or deleted piece shows as unavailable instead of disappearing.
 */

import { sql } from "kysely";
import { compiledOnce } from "~/server/compiled-query.server";
import type { DB } from "~/server/database.server";
import { newId } from "~/server/ids.server";
import { lockingKeys, lockingRows } from "../../../db/dialect";
import { freeUnits, heldQuantities, heldUnitsOfRow, holdClock } from "../orders/holds.server";
import type { Availability, CheckedBasketProduct } from "./basket-types";

/** Whose lists: an account's, or a guest basket's (ADR 032). */
export type BasketOwner = { userId: string } | { guestBasketId: string };

/** The owner's column in cart_items and user_favorites, and its value. */
function ownerColumn(owner: BasketOwner): "user_id" | "guest_basket_id" {
  return "userId" in owner ? "user_id" : "guest_basket_id";
}

function ownerId(owner: BasketOwner): string {
  return "userId" in owner ? owner.userId : owner.guestBasketId;
}

/** The owner's columns of a new line: exactly one is set (migration 0020's check). */
function ownerValues(owner: BasketOwner) {
  return "userId" in owner
    ? { user_id: owner.userId, guest_basket_id: null }
    : { user_id: null, guest_basket_id: owner.guestBasketId };
}

/** The owner as a lock key: its kind named, so an account and a guest basket never share a key. */
function ownerKey(owner: BasketOwner): string {
  return "userId" in owner ? `compte:${owner.userId}` : `invite:${owner.guestBasketId}`;
}

/**
 * Every change to a guest's lists dates its basket, kept 30 days after its last change
 * (docs/product.md §10.2). Done before the change: a basket being changed is never the one the
 * purge takes.
 */
async function touch(db: DB, owner: BasketOwner, now = new Date()): Promise<void> {
  if ("userId" in owner) return;
  await db
    .updateTable("guest_baskets")
    .set({ updated_at: now.toISOString() })
    .where("id", "=", owner.guestBasketId)
    .execute();
}

export interface FavoriteLine extends CheckedBasketProduct {
  favoriteId: string;
}

export interface CartLine extends CheckedBasketProduct {
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

/** `held`: units held for open orders (docs/product.md §10.19); a held unique piece is "reserved". */
export function availabilityOf(
  product: { is_sold: number; stock: number; is_unique: number } | null,
  held = 0,
): Availability {
  if (!product) return "deleted";
  if (product.is_sold === 1) return "sold";
  if (freeUnits(product, held) > 0) return "available";
  return product.is_unique === 1 && product.stock > 0 ? "reserved" : "out-of-stock";
}

interface LineRow {
  lineId: string;
  product_id: string | null;
  product_name: string;
  product_slug: string;
  product_price_cents: number | null;
  slug: string | null;
  name: string | null;
  price_cents: number | null;
  stock: number | null;
  is_unique: number | null;
  is_sold: number | null;
  file_name: string | null;
  width: number | null;
  height: number | null;
  /** Units of the piece held by open orders (null: none). */
  held: number | string | null;
}

function toBasketProduct(row: LineRow): CheckedBasketProduct {
  const exists = row.product_id !== null && row.name !== null;
  const product = exists
    ? { is_sold: row.is_sold ?? 0, stock: row.stock ?? 0, is_unique: row.is_unique ?? 0 }
    : null;
  const heldUnits = Number(row.held ?? 0);
  return {
    productId: row.product_id ?? row.lineId,
    slug: row.slug ?? row.product_slug,
    name: row.name ?? row.product_name,
    priceCents: exists ? row.price_cents : row.product_price_cents,
    stock: product ? freeUnits(product, heldUnits) : 0,
    isUnique: row.is_unique === 1,
    availability: availabilityOf(product, heldUnits),
    image: row.file_name ? { fileName: row.file_name, width: row.width ?? 0, height: row.height ?? 0 } : null,
  };
}

const LINE_COLUMNS = [
  "l.id as lineId",
  "l.product_id",
  "l.product_name",
  "l.product_slug",
  "l.product_price_cents",
  "p.slug",
  "p.name",
  "p.price_cents",
  "p.stock",
  "p.is_unique",
  "p.is_sold",
  "img.file_name",
  "img.width",
  "img.height",
] as const;

type OwnerColumn = ReturnType<typeof ownerColumn>;

type BasketRow = LineRow & { kind: "cart" | "favorite"; quantity: number | null; created_at: string };

/**
 * Both lists' lines with their piece, first picture and held units, in one query compiled once per
 * owner kind: /api/panier reads both at every call (docs/product.md §10.17).
 */
function linesQuery(column: OwnerColumn) {
  return compiledOnce<"owner" | "clock", BasketRow>((db, value) => {
    const lineColumns = [
      "id",
      "product_id",
      "product_name",
      "product_slug",
      "product_price_cents",
      "created_at",
    ] as const;
    const lines = db
      .selectFrom("cart_items")
      .select([
        sql<"cart" | "favorite">`'cart'`.as("kind"),
        ...lineColumns,
        sql<number | null>`quantity`.as("quantity"),
      ])
      .where(column, "=", value("owner"))
      .unionAll(
        db
          .selectFrom("user_favorites")
          // Favourites have no quantity.
          .select([
            sql<"cart" | "favorite">`'favorite'`.as("kind"),
            ...lineColumns,
            sql<number | null>`null`.as("quantity"),
          ])
          .where(column, "=", value("owner")),
      );
    return db
      .selectFrom(lines.as("l"))
      .leftJoin("products as p", "p.id", "l.product_id")
      .leftJoin(firstImage(db).as("img"), "img.product_id", "l.product_id")
      .select([
        "l.kind",
        "l.created_at",
        "l.quantity",
        ...LINE_COLUMNS,
        heldUnitsOfRow("l.product_id", value("clock")).as("held"),
      ]);
  });
}

const LINES = { user_id: linesQuery("user_id"), guest_basket_id: linesQuery("guest_basket_id") };

/** Oldest first (the cart, in the order the pieces were added) or newest first (the favourites). */
function byDate(direction: 1 | -1) {
  return (a: BasketRow, b: BasketRow) =>
    a.created_at === b.created_at
      ? a.lineId < b.lineId
        ? -1
        : 1
      : (a.created_at < b.created_at ? -1 : 1) * direction;
}

/** Both lists of a basket, as /api/panier answers them; nobody's basket is two empty lists. */
export async function basketLists(
  db: DB,
  owner: BasketOwner | null,
  now = new Date(),
): Promise<{ cart: CartLine[]; favorites: FavoriteLine[] }> {
  if (!owner) return { cart: [], favorites: [] };
  const rows = await LINES[ownerColumn(owner)](db, { owner: ownerId(owner), clock: holdClock(now) });
  return {
    cart: rows
      .filter((row) => row.kind === "cart")
      .sort(byDate(1))
      .map((row) => ({ ...toBasketProduct(row), cartItemId: row.lineId, quantity: row.quantity ?? 0 })),
    favorites: rows
      .filter((row) => row.kind === "favorite")
      .sort(byDate(-1))
      .map((row) => ({ ...toBasketProduct(row), favoriteId: row.lineId })),
  };
}

export async function listFavorites(db: DB, owner: BasketOwner): Promise<FavoriteLine[]> {
  return (await basketLists(db, owner)).favorites;
}

export async function listCart(db: DB, owner: BasketOwner): Promise<CartLine[]> {
  return (await basketLists(db, owner)).cart;
}

/** The piece as a line remembers it (name, slug, price), taken when the line is created. */
async function snapshot(db: DB, productId: string) {
  const product = await db
    .selectFrom("products")
    .select(["name", "slug", "price_cents"])
    .where("id", "=", productId)
    .executeTakeFirst();
  return product
    ? { product_name: product.name, product_slug: product.slug, product_price_cents: product.price_cents }
    : null;
}

/**
 * Current availability of pieces named by id (unknown ids are "deleted"): the order form's lines
 * (GET /api/disponibilite, and the posted lines of an order request).
 */
export async function checkAvailability(
  db: DB,
  productIds: string[],
): Promise<
  Record<string, { availability: Availability; stock: number; isUnique: boolean; priceCents: number | null }>
> {
  const unique = [...new Set(productIds)].slice(0, 500);
  const rows = unique.length
    ? await db
        .selectFrom("products")
        .select(["id", "is_sold", "stock", "is_unique", "price_cents"])
        .where("id", "in", unique)
        .execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const held = await heldQuantities(
    db,
    rows.map((row) => row.id),
  );
  return Object.fromEntries(
    unique.map((id) => {
      const row = byId.get(id) ?? null;
      const heldUnits = held.get(id) ?? 0;
      return [
        id,
        {
          availability: availabilityOf(row, heldUnits),
          // Units free to order, so the visitor's cart is capped the way the server caps it.
          stock: row ? freeUnits(row, heldUnits) : 0,
          isUnique: row?.is_unique === 1,
          priceCents: row?.price_cents ?? null,
        },
      ];
    }),
  );
}

// --- Mutations (docs/product.md §4 "Cart", "Favourites"): every rule is enforced here, for an
// account and a guest basket alike.

export type BasketError = "introuvable" | "vendu" | "epuise" | "reservee";

export const BASKET_ERROR_MESSAGES: Record<BasketError, string> = {
  introuvable: "Cette création n'existe plus.",
  vendu: "Cette création a déjà été vendue.",
  epuise: "Cette création n'est plus disponible dans cette quantité.",
  reservee: "Cette création est réservée pour une autre commande.",
};

/** Units a cart may hold of a piece: its stock less the units held for orders (docs/product.md §10.19). */
async function availableQuantity(db: DB, productId: string): Promise<number | BasketError> {
  const product = await db
    .selectFrom("products")
    .select(["stock", "is_unique", "is_sold"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) return "introuvable";
  if (product.is_sold === 1) return "vendu";
  const held = (await heldQuantities(db, [productId])).get(productId) ?? 0;
  const free = freeUnits(product, held);
  if (free > 0) return free;
  return availabilityOf(product, held) === "reserved" ? "reservee" : "epuise";
}

/**
 * Adding a present product adds 1 (up to the stock); a new product gets quantity 1. One statement,
 * so that concurrent adds (two tabs, two instances of the shop) each count: the database adds 1 to
 * the quantity it holds, and refuses past the stock, instead of writing back a quantity read before.
 */
export async function addToCart(db: DB, owner: BasketOwner, productId: string): Promise<BasketError | null> {
  const limit = await availableQuantity(db, productId);
  if (typeof limit === "string") return limit;
  const remembered = await snapshot(db, productId);
  await touch(db, owner);
  const line = await db
    .insertInto("cart_items")
    .values({ id: newId(), ...ownerValues(owner), product_id: productId, quantity: 1, ...remembered })
    .onConflict((oc) =>
      oc
        .columns([ownerColumn(owner), "product_id"])
        .doUpdateSet({ quantity: sql<number>`cart_items.quantity + 1` })
        .where("cart_items.quantity", "<", limit),
    )
    .returning("quantity")
    .executeTakeFirst();
  return line ? null : "epuise";
}

/**
 * Quantity change by delta: above 0 updates (capped at the stock), otherwise the line is removed.
 * The line is locked while read, so the quantity it decides on is still the one it replaces.
 */
export async function changeCartQuantity(
  db: DB,
  owner: BasketOwner,
  productId: string,
  delta: number,
): Promise<BasketError | null> {
  return db.transaction().execute(async (trx) => {
    const line = await lockingRows(
      trx,
      trx
        .selectFrom("cart_items")
        .select(["id", "quantity"])
        .where(ownerColumn(owner), "=", ownerId(owner))
        .where("product_id", "=", productId),
    ).executeTakeFirst();
    if (!line) return "introuvable";
    await touch(trx, owner);
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

/**
 * Deletes the caller's own line of a list, named by its piece's id or — once the piece was
 * deleted and the line only keeps its snapshot — by the line's own id.
 */
async function deleteOwnLine(db: DB, table: "cart_items" | "user_favorites", owner: BasketOwner, id: string) {
  await touch(db, owner);
  await db
    .deleteFrom(table)
    .where(ownerColumn(owner), "=", ownerId(owner))
    .where((eb) => eb.or([eb("product_id", "=", id), eb("id", "=", id)]))
    .execute();
}

export async function removeFromCart(db: DB, owner: BasketOwner, productId: string): Promise<void> {
  await deleteOwnLine(db, "cart_items", owner, productId);
}

/**
 * Toggle: adds if absent, removes if present. Returns whether it is now a favourite. Each step is
 * one statement, so toggles at once (a double click, two instances) act one after the other: an
 * insert that loses to another toggle's insert means the piece became a favourite meanwhile, and
 * this toggle removes it, as it would have one moment later.
 */
export async function toggleFavorite(
  db: DB,
  owner: BasketOwner,
  productId: string,
): Promise<boolean | BasketError> {
  // One toggle of a piece for an owner at a time (PostgreSQL: a transaction-scoped advisory lock,
  // its key naming the owner's kind; SQLite: its one writer), so each answers what it did.
  return db.transaction().execute(async (trx) => {
    await lockingKeys(trx, [`favori:${ownerKey(owner)}:${productId}`]);
    await touch(trx, owner);
    const removed = await trx
      .deleteFrom("user_favorites")
      .where(ownerColumn(owner), "=", ownerId(owner))
      .where("product_id", "=", productId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return false;
    const remembered = await snapshot(trx, productId);
    if (!remembered) return "introuvable";
    await trx
      .insertInto("user_favorites")
      .values({ id: newId(), ...ownerValues(owner), product_id: productId, ...remembered })
      .execute();
    return true;
  });
}

export async function removeFavorite(db: DB, owner: BasketOwner, productId: string): Promise<void> {
  await deleteOwnLine(db, "user_favorites", owner, productId);
}

/** A guest's lists as merged into another owner's: pieces and quantities only. */
export interface GuestLists {
  cart: { productId: string; quantity: number }[];
  favorites: string[];
}

/**
 * The merge rules (docs/product.md §10.2): quantities are combined within the free stock, unknown,
 * sold or held pieces are dropped, and nothing is ever duplicated. Each line is one upsert that adds
 * to the quantity the database holds (a concurrent add or merge still counts), taken in product
 * order so that two merges at once never wait on each other's rows.
 */
async function mergeInto(trx: DB, owner: BasketOwner, guest: GuestLists): Promise<void> {
  const byProduct = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  for (const productId of [...new Set(guest.favorites)].sort(byProduct)) {
    const remembered = await snapshot(trx, productId);
    if (!remembered) continue;
    await trx
      .insertInto("user_favorites")
      .values({ id: newId(), ...ownerValues(owner), product_id: productId, ...remembered })
      .onConflict((oc) => oc.columns([ownerColumn(owner), "product_id"]).doNothing())
      .execute();
  }
  const cart = [...guest.cart].sort((a, b) => byProduct(a.productId, b.productId));
  for (const { productId, quantity } of cart) {
    const limit = await availableQuantity(trx, productId);
    if (typeof limit === "string") continue;
    const remembered = await snapshot(trx, productId);
    const combined = sql<number>`cart_items.quantity + ${quantity}`;
    await trx
      .insertInto("cart_items")
      .values({
        id: newId(),
        ...ownerValues(owner),
        product_id: productId,
        quantity: Math.min(limit, quantity),
        ...remembered,
      })
      .onConflict((oc) =>
        oc.columns([ownerColumn(owner), "product_id"]).doUpdateSet({
          quantity: sql<number>`case when ${combined} > ${limit} then ${limit} else ${combined} end`,
        }),
      )
      .execute();
  }
}

/**
 * A guest's lists joined to an owner's with the merge rules: what a browser's old local-storage
 * basket brings once (POST /api/panier `import`). An empty import writes nothing.
 */
export async function mergeGuestBasket(db: DB, owner: BasketOwner, guest: GuestLists): Promise<void> {
  if (guest.cart.length === 0 && guest.favorites.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await touch(trx, owner);
    await mergeInto(trx, owner, guest);
  });
}

/**
 * At sign-in and sign-up (docs/product.md §10.2): the guest basket's lines join the account with the
 * merge rules, and the guest basket is deleted with its lines. Its row is locked first, so two
 * sign-ins at once with one cookie merge it once: the second finds it gone.
 */
export async function adoptGuestBasket(db: DB, guestBasketId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const basket = await lockingRows(
      trx,
      trx.selectFrom("guest_baskets").select("id").where("id", "=", guestBasketId),
    ).executeTakeFirst();
    if (!basket) return;
    const [cart, favorites] = await Promise.all([
      trx
        .selectFrom("cart_items")
        .select(["product_id", "quantity"])
        .where("guest_basket_id", "=", guestBasketId)
        .where("product_id", "is not", null)
        .execute(),
      trx
        .selectFrom("user_favorites")
        .select("product_id")
        .where("guest_basket_id", "=", guestBasketId)
        .where("product_id", "is not", null)
        .execute(),
    ]);
    await mergeInto(
      trx,
      { userId },
      {
        cart: cart.map((line) => ({ productId: line.product_id as string, quantity: line.quantity })),
        favorites: favorites.map((line) => line.product_id as string),
      },
    );
    await trx.deleteFrom("guest_baskets").where("id", "=", guestBasketId).execute();
  });
}
