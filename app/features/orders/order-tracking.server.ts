/**
 * The order behind a guest's private link (docs/product.md §10.19), trimmed to what its page shows.
 * The token is the only key: an unknown or malformed one finds nothing.
 */
import { DELIVERY_LABELS, DELIVERY_ZONE_LABELS } from "~/features/delivery/delivery-types";
import type { DB } from "~/server/database.server";
import type { TrackingStep, TrackingView } from "./order-tracking-types";
import {
  HOLDING_STATUSES,
  hasUnpricedLine,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type OrderView,
  orderDeliveryCostText,
  orderTotalText,
  totalNotes,
} from "./order-types";
import { findOrderByToken } from "./orders.server";

/** The steps an order goes through when all goes well. */
const MAIN_PATH: readonly OrderStatus[] = ["nouvelle", "lien_envoye", "payee", "expediee", "livree"];

/**
 * Each step once, with the last time it was reached (a payment link may be sent again). A step the
 * order went past without taking (paid without a link) is left out; a cancelled order ends there.
 */
export function trackingSteps(order: Pick<OrderView, "status" | "steps">): TrackingStep[] {
  const reachedAt = new Map<OrderStatus, string>();
  for (const step of order.steps) reachedAt.set(step.status, step.at);
  const step = (status: OrderStatus): TrackingStep => ({
    status,
    label: ORDER_STATUS_LABELS[status],
    at: reachedAt.get(status) ?? null,
  });
  if (order.status === "annulee")
    return [...MAIN_PATH.filter((status) => reachedAt.has(status)), "annulee" as const].map(step);
  const current = MAIN_PATH.indexOf(order.status);
  return MAIN_PATH.filter((status, index) => reachedAt.has(status) || index > current).map(step);
}

export function trackingView(order: OrderView, now: Date = new Date()): TrackingView {
  const holding = HOLDING_STATUSES.includes(order.status);
  return {
    number: order.number,
    status: order.status,
    statusLabel: order.statusLabel,
    createdAt: order.createdAt,
    customerName: order.customerName,
    delivery: {
      method: order.delivery.method,
      label: DELIVERY_LABELS[order.delivery.method],
      addressLine: order.delivery.addressLine,
      postalCode: order.delivery.postalCode,
      city: order.delivery.city,
      zoneLabel: DELIVERY_ZONE_LABELS[order.delivery.zone],
      eventTitle: order.delivery.eventTitle,
      eventStart: order.delivery.eventStart,
    },
    lines: order.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      heldQuantity: holding ? line.heldQuantity : line.quantity,
    })),
    confirmed: !order.awaitingConfirmation,
    holdActive: holding && Date.parse(order.holdExpiresAt) > now.getTime(),
    totalCents: order.totalCents,
    deliveryCostText: orderDeliveryCostText(order),
    totalText: orderTotalText(order),
    totalNotes: totalNotes(order),
    priceToConfirm: hasUnpricedLine(order),
    cancellable: holding,
    holdExpiresAt: holding ? order.holdExpiresAt : null,
    paymentUrl: order.status === "lien_envoye" ? order.paymentUrl : null,
    trackingNumber: order.status === "expediee" || order.status === "livree" ? order.trackingNumber : null,
    cgvVersion: order.cgvVersion,
    steps: trackingSteps(order),
  };
}

export async function findTrackedOrder(db: DB, token: string): Promise<TrackingView | null> {
  const order = await findOrderByToken(db, token);
  return order ? trackingView(order) : null;
}
