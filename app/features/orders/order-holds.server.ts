/**
 * The hold rules that stop one client from taking the shop (docs/product.md §10.19, ADR 022), past
 * placing (orders.server.ts): the customer's confirmation of the e-mail address, which turns the
 * two-hour hold into the shop's hold length; the seller's approval, which holds the units beyond the
 * client's cap if they are still free; the seller's "release and block", which ends an order's holds
 * and bars its address from ordering; and the list of blocked addresses. Each is one transaction
 * that locks what it reads, as placing does.
 */
import { sql } from "kysely";
import type { DB } from "~/server/database.server";
import { lockingRows } from "../../../db/dialect";
import {
  emailKey,
  freeUnits,
  heldQuantities,
  holdCap,
  lockClient,
  type OrderClient,
  unitsHeldByClient,
  unitsToHold,
} from "./holds.server";
import { CONFIRMATION_GONE, HOLDING_STATUSES, ORDER_NOT_FOUND, type OrderStatus } from "./order-types";
import {
  type AdminOrderView,
  confirmTokenHash,
  findOrderById,
  holdDays,
  lockPieces,
  type OrderActor,
  type OrderRefusal,
  recordCancellation,
  refusal,
} from "./orders.server";

const DAY_MS = 86_400_000;

export { CONFIRMATION_GONE };

/** The order behind a confirmation link, while it waits for it; a token of the wrong shape is not looked up. */
export async function findOrderToConfirm(
  db: DB,
  token: string,
): Promise<{ number: string; holdExpiresAt: string; status: OrderStatus } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db
    .selectFrom("orders")
    .select(["number", "hold_expires_at", "status"])
    .where("confirm_token_hash", "=", confirmTokenHash(token))
    .where("status", "in", HOLDING_STATUSES)
    .executeTakeFirst();
  return row ? { number: row.number, holdExpiresAt: row.hold_expires_at, status: row.status } : null;
}

export interface Confirmed {
  ok: true;
  order: AdminOrderView;
}

/**
 * The customer followed the confirmation link and pressed the button: the address is confirmed, the
 * token used up, and the order holds its units for the shop's hold length from its creation. A hold
 * that lapsed before the confirmation is taken again only as far as the units are still free and the
 * client's cap allows. A signed-in customer's account with that same address becomes verified: their
 * next orders need no link.
 */
export async function confirmOrder(
  db: DB,
  token: string,
  now: Date = new Date(),
): Promise<Confirmed | OrderRefusal> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return refusal(404, CONFIRMATION_GONE);
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("orders")
      .select(["id", "user_id", "email_key", "client_address"])
      .where("confirm_token_hash", "=", confirmTokenHash(token))
      .executeTakeFirst();
    if (!found) return refusal(404, CONFIRMATION_GONE);
    const client: OrderClient = {
      userId: found.user_id,
      emailKey: found.email_key,
      address: found.client_address,
    };
    await lockClient(trx, client);
    // Locked and read again: a second press of the button (or a second instance) finds it used.
    const order = await lockingRows(
      trx,
      trx
        .selectFrom("orders")
        .select(["id", "status", "created_at", "hold_expires_at", "user_id", "email", "confirm_token_hash"])
        .where("id", "=", found.id),
    ).executeTakeFirst();
    if (!order || order.confirm_token_hash !== confirmTokenHash(token))
      return refusal(404, CONFIRMATION_GONE);
    // A cancelled or paid order holds nothing: there is nothing left to confirm.
    if (!HOLDING_STATUSES.includes(order.status)) return refusal(404, CONFIRMATION_GONE);
    const days = await holdDays(trx);
    if (order.hold_expires_at <= now.toISOString()) {
      // The two hours went by: what it held may have been taken, and the client may hold more since.
      const lines = await trx
        .selectFrom("order_lines")
        .select(["id", "product_id", "quantity", "waiting_quantity"])
        .where("order_id", "=", order.id)
        .orderBy("position")
        .execute();
      const pieces = await lockPieces(
        trx,
        lines.flatMap((line) => (line.product_id ? [line.product_id] : [])),
      );
      const others = await heldQuantities(trx, [...pieces.keys()], now, order.id);
      const room = (await holdCap(trx)) - (await unitsHeldByClient(trx, client, now, order.id));
      const wanted = lines.map((line) => {
        const piece = line.product_id ? pieces.get(line.product_id) : undefined;
        if (!piece || piece.is_sold === 1) return 0;
        return Math.min(line.quantity - line.waiting_quantity, freeUnits(piece, others.get(piece.id) ?? 0));
      });
      const kept = unitsToHold(wanted, room);
      for (const [index, line] of lines.entries())
        if ((kept[index] ?? 0) !== line.quantity - line.waiting_quantity)
          await trx
            .updateTable("order_lines")
            .set({ waiting_quantity: line.quantity - (kept[index] ?? 0) })
            .where("id", "=", line.id)
            .execute();
    }
    const at = now.toISOString();
    await trx
      .updateTable("orders")
      .set({
        email_confirmed_at: at,
        confirm_token_hash: null,
        hold_expires_at: new Date(Date.parse(order.created_at) + days * DAY_MS).toISOString(),
        updated_at: at,
      })
      .where("id", "=", order.id)
      .execute();
    if (order.user_id)
      await trx
        .updateTable("users")
        .set({ email_verified: 1 })
        .where("id", "=", order.user_id)
        .where(sql<string>`lower(email)`, "=", order.email.trim().toLowerCase())
        .execute();
    const confirmed = await findOrderById(trx, order.id);
    if (!confirmed) return refusal(404, CONFIRMATION_GONE);
    return { ok: true as const, order: confirmed };
  });
}

export interface Approved {
  ok: true;
  order: AdminOrderView;
}

/**
 * The seller accepts an order beyond the client's cap: every unit of its lines is held, if still
 * free, for as long as the order's hold runs. All or nothing: a piece taken meanwhile is named in a
 * French 409 and nothing changes.
 */
export async function approveOrder(
  db: DB,
  orderId: string,
  now: Date = new Date(),
  inTransaction?: (trx: DB, approved: Approved) => Promise<void>,
): Promise<Approved | OrderRefusal> {
  return db.transaction().execute(async (trx) => {
    const order = await lockingRows(
      trx,
      trx.selectFrom("orders").select(["id", "status", "hold_expires_at"]).where("id", "=", orderId),
    ).executeTakeFirst();
    if (!order) return refusal(404, ORDER_NOT_FOUND);
    if (!HOLDING_STATUSES.includes(order.status))
      return refusal(409, "Seule une commande en cours (ni payée ni annulée) peut réserver ses pièces.");
    if (order.hold_expires_at <= now.toISOString())
      return refusal(
        409,
        "La réservation de cette commande a pris fin : envoyez le lien de paiement, ou annulez-la.",
      );
    const lines = await trx
      .selectFrom("order_lines")
      .select(["id", "product_id", "product_name", "quantity", "waiting_quantity"])
      .where("order_id", "=", orderId)
      .execute();
    const pieces = await lockPieces(
      trx,
      lines.flatMap((line) => (line.product_id ? [line.product_id] : [])),
    );
    const others = await heldQuantities(trx, [...pieces.keys()], now, orderId);
    for (const line of lines) {
      if (line.waiting_quantity === 0) continue;
      const piece = line.product_id ? pieces.get(line.product_id) : undefined;
      if (!piece || piece.is_sold === 1)
        return refusal(
          409,
          `« ${line.product_name} » n'est plus en vente : elle ne peut plus être réservée.`,
        );
      if (freeUnits(piece, others.get(piece.id) ?? 0) < line.quantity)
        return refusal(409, `« ${line.product_name} » n'est plus disponible dans cette quantité.`);
    }
    await trx
      .updateTable("order_lines")
      .set({ waiting_quantity: 0 })
      .where("order_id", "=", orderId)
      .execute();
    const at = now.toISOString();
    await trx
      .updateTable("orders")
      .set({ approved_at: at, updated_at: at })
      .where("id", "=", orderId)
      .execute();
    const approved = await findOrderById(trx, orderId);
    if (!approved) return refusal(404, ORDER_NOT_FOUND);
    const done = { ok: true as const, order: approved };
    await inTransaction?.(trx, done);
    return done;
  });
}

export const RELEASE_DETAIL = "Pièces libérées et adresse e-mail bloquée par la boutique.";

/**
 * The seller's answer to a hoarder, in one action: the order is cancelled (its holds end at once),
 * its history says why, and its e-mail address may no longer order. Only an open order; no e-mail
 * is sent to the blocked address.
 */
export async function releaseAndBlock(
  db: DB,
  orderId: string,
  actor: OrderActor,
  now: Date = new Date(),
): Promise<{ ok: true; email: string } | OrderRefusal> {
  return db.transaction().execute(async (trx) => {
    const order = await lockingRows(
      trx,
      trx.selectFrom("orders").select(["id", "status", "email", "number"]).where("id", "=", orderId),
    ).executeTakeFirst();
    if (!order) return refusal(404, ORDER_NOT_FOUND);
    if (!HOLDING_STATUSES.includes(order.status))
      return refusal(409, "Seule une commande en cours (ni payée ni annulée) peut être libérée.");
    const at = now.toISOString();
    await recordCancellation(trx, orderId, {
      at,
      adminId: actor.id,
      adminName: actor.name,
      detail: RELEASE_DETAIL,
    });
    await trx
      .insertInto("blocked_emails")
      .values({
        email_key: emailKey(order.email),
        email: order.email,
        order_number: order.number,
        created_at: at,
      })
      .onConflict((oc) => oc.column("email_key").doNothing())
      .execute();
    return { ok: true as const, email: order.email };
  });
}

export interface BlockedEmail {
  emailKey: string;
  email: string;
  orderNumber: string;
  blockedAt: string;
}

export async function listBlockedEmails(db: DB): Promise<BlockedEmail[]> {
  const rows = await db
    .selectFrom("blocked_emails")
    .selectAll()
    .orderBy("created_at", "desc")
    .limit(500)
    .execute();
  return rows.map((row) => ({
    emailKey: row.email_key,
    email: row.email,
    orderNumber: row.order_number,
    blockedAt: row.created_at,
  }));
}

export async function unblockEmail(db: DB, key: string): Promise<boolean> {
  const result = await db.deleteFrom("blocked_emails").where("email_key", "=", key).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function isEmailBlocked(db: DB, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("blocked_emails")
    .select("email_key")
    .where("email_key", "=", emailKey(email))
    .executeTakeFirst();
  return Boolean(row);
}
