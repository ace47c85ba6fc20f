/** 'Mes commandes': the signed-in customer's own orders, newest first (docs/product.md §10.19). */

import type { DocumentLink } from "~/features/invoices/invoice-types";
import { DOWNLOAD_BASES, documentsOfOrders } from "~/features/invoices/invoices.server";
import { customerMayCancel } from "~/features/orders/order-cancellation.server";
import { deliveryText } from "~/features/orders/order-mails.server";
import type { OrderView } from "~/features/orders/order-types";
import { orderDeliveryCostText, orderTotalText, totalNotes } from "~/features/orders/order-types";
import { listOrdersOfUser } from "~/features/orders/orders.server";
import { withdrawalNotices } from "~/features/withdrawal/withdrawal.server";
import type { DB } from "~/server/database.server";
import type { MyOrder } from "./my-orders-types";

/** The payment link is shown as a button: only an https address (the admin's form checks it too). */
function payableLink(order: OrderView): string | null {
  if (order.status !== "lien_envoye" || !order.paymentUrl) return null;
  return /^https:\/\/[^\s]+$/.test(order.paymentUrl) ? order.paymentUrl : null;
}

export function toMyOrder(order: OrderView, documents: DocumentLink[] = []): Omit<MyOrder, "withdrawal"> {
  const shipped = order.status === "expediee" || order.status === "livree";
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    statusLabel: order.statusLabel,
    createdAt: order.createdAt,
    totalCents: order.totalCents,
    deliveryCostText: orderDeliveryCostText(order),
    totalText: orderTotalText(order),
    totalNotes: totalNotes(order),
    cancelHref: customerMayCancel(order.status) ? `/mon-compte/commandes/${order.id}/annuler` : null,
    lines: order.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    delivery: deliveryText(order),
    paymentUrl: payableLink(order),
    trackingNumber: shipped ? order.trackingNumber || null : null,
    cgvVersion: order.cgvVersion,
    steps: order.steps.map((step) => ({
      status: step.status,
      label: step.label,
      at: step.at,
      note: step.status === "expediee" && step.detail ? `N° de suivi : ${step.detail}` : "",
    })),
    documents,
  };
}

/**
 * Only the orders placed from this account: `userId` is the session's, never a parameter. Each says
 * where it stands for withdrawal at `now` (docs/product.md §10.24), and lists its invoice and credit
 * notes (§10.25).
 */
export async function listMyOrders(db: DB, userId: string, now: Date = new Date()): Promise<MyOrder[]> {
  const orders = await listOrdersOfUser(db, userId);
  const notices = await withdrawalNotices(
    db,
    orders,
    now,
    (id) => `/mon-compte/commandes/${id}/retractation`,
  );
  // Downloaded from the account's own address, which checks the order is this account's (§10.25).
  const documents = await documentsOfOrders(
    db,
    orders.map((order) => order.id),
    DOWNLOAD_BASES.account,
  );
  return orders.map((order) => ({
    ...toMyOrder(order, documents.get(order.id) ?? []),
    withdrawal: notices.get(order.id) ?? null,
  }));
}
