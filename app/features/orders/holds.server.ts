/**
 * Pieces held for orders (docs/product.md §10.19, ADR 016). An open order (Nouvelle, Lien de paiement
 * envoyé) holds each unit it asked for until its `hold_expires_at`; nobody else can add or order
 * those units meanwhile. Nothing is written when a hold ends: it is a comparison with the clock, so
 * an expired hold frees the piece at that very moment, on every instance, with no job to run.
 * Paid orders have taken their units out of the stock and hold nothing.
 */
import type { DB } from "~/server/database.server";
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
    .select((eb) => ["l.product_id", eb.fn.sum<number | string>("l.quantity").as("held")])
    .where("l.product_id", "in", ids)
    .where("o.status", "in", HOLDING_STATUSES)
    .where("o.hold_expires_at", ">", holdClock(now))
    .groupBy("l.product_id");
  if (exceptOrderId) query = query.where("o.id", "<>", exceptOrderId);
  const rows = await query.execute();
  return new Map(rows.flatMap((row) => (row.product_id ? [[row.product_id, Number(row.held)]] : [])));
}

/** How many units of a piece for sale are still free: a unique piece has one at most. */
export function freeUnits(product: { stock: number; is_unique: number }, held: number): number {
  const limit = product.is_unique === 1 ? Math.min(1, product.stock) : product.stock;
  return Math.max(0, limit - held);
}
