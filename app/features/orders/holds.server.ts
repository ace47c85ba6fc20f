/**
 * Pieces held for orders (docs/product.md §10.19, ADR 016). An open order (Nouvelle, Lien de paiement
 * envoyé) holds each unit it asked for until its `hold_expires_at`; nobody else can add or order
 * those units meanwhile. Nothing is written when a hold ends: it is a comparison with the clock, so
 * an expired hold frees the piece at that very moment, on every instance, with no job to run.
 * Paid orders have taken their units out of the stock and hold nothing. A line holds its
 * `quantity - waiting_quantity` units: all of them, unless the client's cap left some waiting for the
 * seller's approval (ADR 022).
 */
import { sql } from "kysely";
import type { DB } from "~/server/database.server";
import { lockingKeys } from "../../../db/dialect";
import { HOLDING_STATUSES } from "./order-types";

/** The shop's clock as the holds read it: ISO text, compared with `hold_expires_at`. */
export function holdClock(now: Date): string {
  return now.toISOString();
}

/**
 * Units of each piece held by open orders at `now`, for the given pieces (absent: none held).
 * `exceptOrderId` leaves out one order's own hold (that order paying for what it holds).
 */
export async function heldQuantities(
  db: DB,
  productIds: readonly string[],
  now: Date = new Date(),
  exceptOrderId?: string,
): Promise<Map<string, number>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  let query = db
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .select((eb) => [
      "l.product_id",
      eb.fn.sum<number | string>(sql`l.quantity - l.waiting_quantity`).as("held"),
    ])
    .where("l.product_id", "in", ids)
    .where("o.status", "in", HOLDING_STATUSES)
    .where("o.hold_expires_at", ">", holdClock(now))
    .groupBy("l.product_id");
  if (exceptOrderId) query = query.where("o.id", "<>", exceptOrderId);
  const rows = await query.execute();
  return new Map(rows.flatMap((row) => (row.product_id ? [[row.product_id, Number(row.held)]] : [])));
}

/**
 * heldQuantities for one row of a query, as a correlated subquery: the units of the piece named by
 * the column `productIdColumn` (e.g. "l.product_id") held at `clock` (holdClock), null when none.
 */
export function heldUnitsOfRow(productIdColumn: string, clock: string) {
  return sql<
    number | string | null
  >`(select sum(hl.quantity - hl.waiting_quantity) from order_lines as hl inner join orders as ho on ho.id = hl.order_id where hl.product_id = ${sql.ref(productIdColumn)} and ho.status in (${sql.join(HOLDING_STATUSES)}) and ho.hold_expires_at > ${clock})`;
}

/** How many units of a piece for sale are still free: a unique piece has one at most. */
export function freeUnits(product: { stock: number; is_unique: number }, held: number): number {
  const limit = product.is_unique === 1 ? Math.min(1, product.stock) : product.stock;
  return Math.max(0, limit - held);
}

// --- Holds that cannot be hoarded (ADR 022)

// How long an order from an unconfirmed address holds its pieces: the settings' constant, beside
// the hold's setting (ADR 031 "Amendment"); orders.server.ts still reads it here until it imports the owner.
export { UNCONFIRMED_HOLD_MS } from "~/features/settings/settings-schema";

/**
 * One client, whatever the spelling of its address: lower case, the `+tag` of the local part
 * dropped, and Gmail's dots (which Gmail ignores) removed.
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at).split("+")[0] as string;
  let domain = address.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

/** Who places an order, for the cap: the account, the normalised e-mail, the network address. */
export interface OrderClient {
  userId: string | null;
  emailKey: string;
  /** As the shop sees it (rate-limit.server.ts `clientAddress`); '' when unknown. */
  address: string;
}

/** Units a client may hold at a time without the seller's approval (a setting, default 3). */
export async function holdCap(db: DB): Promise<number> {
  const row = await db
    .selectFrom("shop_settings")
    .select("hold_cap")
    .where("id", "=", "shop")
    .executeTakeFirst();
  return row?.hold_cap ?? 3;
}

/**
 * Units held at `now` by the open orders of this client: same account, same normalised e-mail or
 * same network address. `exceptOrderId` leaves one order out (its own, when it is re-held).
 */
export async function unitsHeldByClient(
  db: DB,
  client: OrderClient,
  now: Date,
  exceptOrderId?: string,
): Promise<number> {
  let query = db
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .select((eb) => eb.fn.sum<number | string>(sql`l.quantity - l.waiting_quantity`).as("held"))
    .where("o.status", "in", HOLDING_STATUSES)
    .where("o.hold_expires_at", ">", holdClock(now))
    .where((eb) =>
      eb.or([
        eb("o.email_key", "=", client.emailKey),
        ...(client.userId ? [eb("o.user_id", "=", client.userId)] : []),
        ...(client.address ? [eb("o.client_address", "=", client.address)] : []),
      ]),
    );
  if (exceptOrderId) query = query.where("o.id", "<>", exceptOrderId);
  const row = await query.executeTakeFirst();
  return Number(row?.held ?? 0);
}

/**
 * How many units of each line to hold, in the order's line order, so that the client's total stays
 * within `remaining`: the first lines are held whole while they fit, then in part, then not at all.
 */
export function unitsToHold(quantities: readonly number[], remaining: number): number[] {
  let left = Math.max(0, remaining);
  return quantities.map((quantity) => {
    const held = Math.min(quantity, left);
    left -= held;
    return held;
  });
}

/**
 * Serialises the orders of one client (PostgreSQL, where transactions of several connections and
 * instances run at once): without it, two orders of the same client for different pieces would each
 * count the other's units as not yet held and together pass the cap. A transaction-scoped advisory
 * lock per key (account, e-mail, address), taken in sorted order so that two clients sharing a key
 * never wait on each other in a circle; taken before the pieces' row locks, always. SQLite runs the
 * shop's transactions one at a time and needs none.
 */
export async function lockClient(db: DB, client: OrderClient): Promise<void> {
  const keys = [
    `courriel:${client.emailKey}`,
    ...(client.userId ? [`compte:${client.userId}`] : []),
    ...(client.address ? [`adresse:${client.address}`] : []),
  ].sort();
  await lockingKeys(db, keys);
}
