/**
 * An order's steps and how it may move between them (docs/product.md §10.19), shared by the server,
 * which enforces them, and the pages, which only offer what is allowed.
 */
import {
  type DeliveryMethod,
  type DeliveryZone,
  deliveryCostText,
  grandTotalText,
  piecesTotal,
} from "~/features/delivery/delivery-types";
import { ORDER_NOT_FOUND as ORDER_NOT_FOUND_TEXT } from "~/lib/messages";

// The delivery methods are the delivery's (ADR 031 "Amendment"); order-form.tsx and orders.server.ts
// still read them from here (an edge down, orders → delivery, hiding nothing) until they import the owner.
export { DELIVERY_LABELS, DELIVERY_METHODS, type DeliveryMethod } from "~/features/delivery/delivery-types";

/**
 * The flag the seller's order list shows beside an order with a withdrawal: the list is the orders',
 * the withdrawal computes the flag (ADR 031, so orders never import the withdrawal).
 */
export type WithdrawalFlag = "en-cours" | "en-retard" | "remboursee";

export type OrderStatus = "nouvelle" | "lien_envoye" | "payee" | "expediee" | "livree" | "annulee";

export const ORDER_STATUSES: readonly OrderStatus[] = [
  "nouvelle",
  "lien_envoye",
  "payee",
  "expediee",
  "livree",
  "annulee",
];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  nouvelle: "Nouvelle",
  lien_envoye: "Lien de paiement envoyé",
  payee: "Payée",
  expediee: "Expédiée",
  livree: "Livrée",
  annulee: "Annulée",
};

/**
 * The steps Nouvelle → Lien de paiement envoyé → Payée → Expédiée → Livrée. A new link may be sent
 * again (the first expired, the amount changed with shipping); an order paid by other means (at an
 * event, by hand) may be marked paid without a link; it can be cancelled until it is shipped.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  nouvelle: ["lien_envoye", "payee", "annulee"],
  lien_envoye: ["lien_envoye", "payee", "annulee"],
  payee: ["expediee", "annulee"],
  expediee: ["livree"],
  livree: [],
  annulee: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Open orders hold their pieces (until the hold expires); paid ones have taken them from the stock. */
/** The refusal of a command on an order that does not exist (or is not the asker's): a 404. */
/** The orders' modules read it here; the invoices read it from app/lib/messages.ts, its one home. */
export const ORDER_NOT_FOUND = ORDER_NOT_FOUND_TEXT;

export const HOLDING_STATUSES: readonly OrderStatus[] = ["nouvelle", "lien_envoye"];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The order form's hidden `form-name`, which tells /contact's action an order from a message. */
export const ORDER_FORM_NAME = "commande";
/** The `intent` of the order form's no-JavaScript request for its delivery cost and total (ADR 028). */
export const QUOTE_INTENT = "calculer";
/** Field name of one line's quantity: `quantite.<piece id>`. */
export const QUANTITY_FIELD_PREFIX = "quantite.";

export function quantityField(productId: string): string {
  return `${QUANTITY_FIELD_PREFIX}${productId}`;
}

/** How an order reaches its customer, as recorded with it (the event as it was when chosen). */
export interface OrderDelivery {
  method: DeliveryMethod;
  /** Where a parcel goes (ADR 028); France métropolitaine for a pick-up or a handover. */
  zone: DeliveryZone;
  addressLine: string;
  postalCode: string;
  city: string;
  eventId: string | null;
  eventTitle: string;
  eventStart: string | null;
}

/** One step of an order's history: the status it reached, when, and the admin (null: the customer). */
export interface OrderStep {
  status: OrderStatus;
  label: string;
  at: string;
  adminName: string | null;
  detail: string;
}

/** An order as its customer may see it (no internal note, no private link). */
export interface OrderLineView {
  id: string;
  productId: string | null;
  name: string;
  slug: string;
  /** Null: a piece on request whose price the seller has not fixed yet (docs/product.md §10.19). */
  unitPriceCents: number | null;
  quantity: number;
  /** Units held for the order while it holds (ADR 022); fewer than `quantity`: the rest awaits approval. */
  heldQuantity: number;
}

export interface OrderView {
  id: string;
  number: string;
  status: OrderStatus;
  statusLabel: string;
  customerName: string;
  email: string;
  phone: string;
  userId: string | null;
  delivery: OrderDelivery;
  message: string;
  /** The delivery's cost, counted in the total; null until known: « sur devis » (ADR 028). */
  deliveryCents: number | null;
  /** The known prices and the delivery: see `orderTotalText` while one of them is to come. */
  totalCents: number;
  holdExpiresAt: string;
  /** When the customer confirmed the e-mail address (or the order counted it confirmed). */
  emailConfirmedAt: string | null;
  /** The confirmation link was not used yet: the hold lasts two hours from the order (ADR 022). */
  awaitingConfirmation: boolean;
  /** When the seller accepted the units beyond the client's cap. */
  approvedAt: string | null;
  paymentUrl: string | null;
  trackingNumber: string | null;
  /** The CGV version the order was concluded under, at its payment (ADR 029); null before. */
  cgvVersion: number | null;
  createdAt: string;
  updatedAt: string;
  lines: OrderLineView[];
  steps: OrderStep[];
}

/** One order of the admin's list (`listOrders`, orders.server.ts): the order's own fields, and its counts. */
export interface OrderSummary
  extends Pick<
    OrderView,
    "id" | "number" | "status" | "statusLabel" | "customerName" | "email" | "totalCents" | "createdAt"
  > {
  lineCount: number;
  /** Units over all the lines (a line of 3 rings counts 3). */
  pieceCount: number;
  /** Open, from an address not confirmed yet (ADR 022). */
  unconfirmed: boolean;
  /** Open, with units beyond the client's cap waiting for the seller's approval (ADR 022). */
  awaitingApproval: boolean;
  /** Lines ordered on request still waiting for their price (docs/product.md §10.19): all, some, none. */
  priceToConfirm: "all" | "some" | null;
  /** Open, its delivery « sur devis » still without the seller's cost (ADR 028). */
  deliveryToQuote: boolean;
}

/** Whether a line of the order is on request, its price not fixed yet (docs/product.md §10.19). */
export function hasUnpricedLine(order: { lines: readonly { unitPriceCents: number | null }[] }): boolean {
  return order.lines.some((line) => line.unitPriceCents === null);
}

/**
 * The order's total as the customer and the seller read it (docs/product.md §8), delivery included:
 * the amount, or « à confirmer » beside it while a piece on request or the delivery (« sur devis »)
 * has no price yet (ADR 028).
 */
export function orderTotalText(order: {
  lines: readonly { unitPriceCents: number | null; quantity: number }[];
  deliveryCents: number | null;
}): string {
  return grandTotalText(orderPieces(order), order.deliveryCents);
}

/** The known price of the order's pieces, and whether one is still on request. */
export function orderPieces(order: {
  lines: readonly { unitPriceCents: number | null; quantity: number }[];
}) {
  return piecesTotal(
    order.lines.map((line) => ({ priceCents: line.unitPriceCents, quantity: line.quantity })),
  );
}

/** « 6,90 € », « offerte », « sur devis » or « à confirmer »: the order's delivery line (ADR 028). */
export function orderDeliveryCostText(order: {
  lines: readonly { unitPriceCents: number | null; quantity: number }[];
  deliveryCents: number | null;
}): string {
  return deliveryCostText(order.deliveryCents, hasUnpricedLine(order));
}

/** Whether the delivery of the order still waits for the seller's cost (« sur devis », ADR 028). */
export function deliveryToQuote(order: {
  lines: readonly { unitPriceCents: number | null }[];
  deliveryCents: number | null;
}): boolean {
  return order.deliveryCents === null && !hasUnpricedLine(order);
}

/** What the customer reads beside a total « à confirmer » (docs/product.md §8). */
export const PRICE_TO_CONFIRM_NOTE =
  "Le prix des pièces sur demande vous sera indiqué par la boutique avant l'envoi du lien de paiement.";

/** What the customer reads beside a delivery « sur devis » (ADR 028). */
export const DELIVERY_TO_QUOTE_NOTE =
  "Les frais de livraison vers votre zone sont sur devis : la boutique vous les indique avant l'envoi du lien de paiement.";

/** Which of the two notes an order's total needs, if any. */
export function totalNotes(order: {
  lines: readonly { unitPriceCents: number | null }[];
  deliveryCents: number | null;
}): string[] {
  if (hasUnpricedLine(order)) return [PRICE_TO_CONFIRM_NOTE];
  return deliveryToQuote(order) ? [DELIVERY_TO_QUOTE_NOTE] : [];
}

/** Whether some units of the order wait for the seller's approval (ADR 022). */
export function awaitsApproval(order: { lines: readonly { quantity: number; heldQuantity: number }[] }) {
  return order.lines.some((line) => line.heldQuantity < line.quantity);
}

/** What a used, unknown or malformed confirmation link answers (ADR 022). */
export const CONFIRMATION_GONE =
  "Ce lien de confirmation n'est plus valable : la commande est peut-être déjà confirmée. Suivez-la depuis le lien de suivi reçu par e-mail.";

/** An order's tracking page; `?nouvelle` marks the arrival right after ordering (order-tracking.tsx). */
export function orderPagePath(trackingToken: string, justPlaced = false): string {
  return `/commande/${trackingToken}${justPlaced ? "?nouvelle" : ""}`;
}
