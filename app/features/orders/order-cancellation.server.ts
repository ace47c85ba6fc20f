/**
 * The customer cancels an unpaid order from its page (docs/product.md §10.19 « Annuler ma commande »,
 * ADR 028): the private link or 'Mes commandes' proves the right, a confirmation step comes first
 * (the route's page), and then, in one transaction, the order is cancelled (its holds end at that
 * instant: a hold only counts while the order is open, ADR 016), the history records the customer's
 * step, the customer gets a confirmation and the shop a notice when its orders' e-mails are on
 * (docs/product.md §10.20) — both in the outbox with the change (ADR 025). A paid order is not
 * cancelled here: the customer writes to the shop, or withdraws once the pieces arrive (§10.24).
 */
import type { AppContext } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import { recordMail } from "~/server/outbox.server";
import { lockingRows } from "../../../db/dialect";
import { announceNewOrders, shopForMail } from "./order-flow.server";
import { customerCancelledShopMail, orderCancelledByCustomerMail, trackingUrl } from "./order-mails.server";
import type { CancelPageView } from "./order-tracking-types";
import { HOLDING_STATUSES, ORDER_NOT_FOUND, orderTotalText } from "./order-types";
import {
  type AdminOrderView,
  customerView,
  findOrderById,
  type OrderRefusal,
  recordCancellation,
  refusal,
} from "./orders.server";

/** What the history says of the customer's step (the admin's page shows « Client » beside it). */
export const CUSTOMER_CANCEL_DETAIL = "Annulée par le client depuis la page de la commande.";

export const CUSTOMER_CANCEL_MESSAGES = {
  done: (number: string) =>
    `Votre commande ${number} est annulée : ses pièces ne vous sont plus réservées. Un e-mail de confirmation vient de vous être envoyé.`,
  paid: "Cette commande est déjà payée : elle ne peut plus être annulée depuis cette page. Écrivez-nous, ou exercez votre droit de rétractation à réception des pièces.",
  cancelled: "Cette commande est déjà annulée.",
} as const;

/** Whether the customer may still cancel the order themselves: while it is unpaid. */
export function customerMayCancel(status: string): boolean {
  return (HOLDING_STATUSES as readonly string[]).includes(status);
}

/**
 * The rule alone: an open order (Nouvelle, Lien de paiement envoyé) becomes Annulée, its
 * confirmation link dies with it, and the customer's step is recorded (no admin). Anything else is a
 * French 409 and nothing is written.
 */
export async function cancelByCustomer(
  db: DB,
  orderId: string,
  now: Date = new Date(),
  inTransaction?: (trx: DB, order: AdminOrderView) => Promise<void>,
): Promise<{ ok: true; order: AdminOrderView } | OrderRefusal> {
  return db.transaction().execute(async (trx) => {
    const order = await lockingRows(
      trx,
      trx.selectFrom("orders").select(["id", "status"]).where("id", "=", orderId),
    ).executeTakeFirst();
    if (!order) return refusal(404, ORDER_NOT_FOUND);
    if (order.status === "annulee") return refusal(409, CUSTOMER_CANCEL_MESSAGES.cancelled);
    if (!customerMayCancel(order.status)) return refusal(409, CUSTOMER_CANCEL_MESSAGES.paid);
    // Dated after the last step, as the admin's steps are, so the history reads in order.
    const previous = await trx
      .selectFrom("order_events")
      .select((eb) => eb.fn.max("created_at").as("at"))
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    const latest = previous?.at ? Date.parse(previous.at) : Number.NEGATIVE_INFINITY;
    const at = new Date(Math.max(now.getTime(), latest + 1)).toISOString();
    await recordCancellation(trx, orderId, {
      at,
      adminId: null,
      adminName: "",
      detail: CUSTOMER_CANCEL_DETAIL,
    });
    const cancelled = await findOrderById(trx, orderId);
    if (!cancelled) return refusal(404, ORDER_NOT_FOUND);
    await inTransaction?.(trx, cancelled);
    return { ok: true as const, order: cancelled };
  });
}

type CancelContext = Pick<AppContext, "db" | "outbox" | "chatHub" | "env">;

/** The customer's cancellation with its e-mails, and the dashboard's count of new orders. */
export async function cancelOrderByCustomer(
  ctx: CancelContext,
  orderId: string,
  now: Date = new Date(),
): Promise<{ ok: true; order: AdminOrderView } | OrderRefusal> {
  const done = await cancelByCustomer(ctx.db, orderId, now, async (trx, order) => {
    const shop = await shopForMail(trx, ctx.env.PUBLIC_URL, order);
    const view = customerView(order);
    await recordMail(
      trx,
      orderCancelledByCustomerMail(view, shop, trackingUrl(ctx.env.PUBLIC_URL, order.trackingToken)),
      "annulation par le client",
    );
    if (shop.notifyNewOrder && shop.email)
      await recordMail(
        trx,
        customerCancelledShopMail(view, shop, `${ctx.env.PUBLIC_URL}/admin/commandes/${order.id}`),
        "commande annulée par le client",
      );
  });
  if (!done.ok) return done;
  ctx.outbox.nudge();
  await announceNewOrders(ctx);
  return done;
}

export async function loadCancelPage(db: DB, orderId: string): Promise<CancelPageView | null> {
  const order = await findOrderById(db, orderId);
  if (!order) return null;
  const cancellable = customerMayCancel(order.status);
  return {
    number: order.number,
    statusLabel: order.statusLabel,
    pieces: order.lines.map((line) => `${line.name} × ${line.quantity}`),
    totalText: orderTotalText(order),
    cancellable,
    refusal: cancellable
      ? null
      : order.status === "annulee"
        ? CUSTOMER_CANCEL_MESSAGES.cancelled
        : CUSTOMER_CANCEL_MESSAGES.paid,
  };
}
