/**
 * The order request of /contact (docs/product.md §10.19): what the page receives to draw the order
 * form, and what the action answers when it refuses one. Client-safe.
 */
import type { BasketLine } from "~/features/basket/basket-context";
import type { Availability } from "~/features/basket/basket-types";
import type { OrderFormField } from "~/features/orders/order-schema";

/** Where the lines come from: `/contact?commande=panier` or `?commande=favoris`. */
export type OrderSource = "panier" | "favoris";

export function orderSourceOf(value: string | null): OrderSource | null {
  return value === "panier" || value === "favoris" ? value : null;
}

/** An agenda event still ahead, where an order can be picked up. */
export interface PickupEvent {
  id: string;
  title: string;
  startDate: string;
  endDate: string | null;
  location: string;
}

export interface OrderCustomer {
  name: string;
  email: string;
  phone: string;
  postalCode: string;
}

/** A line of the order form: a piece of the cart or the favourites, as the basket knows it. */
export type OrderFormLine = BasketLine;

export interface OrderRequestData {
  source: OrderSource;
  /**
   * The visitor's lines, read on the server from their basket — a guest's too (ADR 032) — so the
   * form works without JavaScript; null for a visitor without a basket.
   */
  lines: OrderFormLine[] | null;
  /** A signed-in customer's details, to prefill the form. */
  customer: OrderCustomer | null;
  events: PickupEvent[];
}

/** What /api/disponibilite and the server's availability check tell of each piece. */
export type PieceAvailability = Record<
  string,
  { availability: Availability; stock: number; isUnique: boolean }
>;

/** The action's answer to the order form when it did not redirect to the order's page. */
export interface OrderFormState {
  form: "commande";
  ok: boolean;
  message: string;
  /** The answer to « Calculer les frais de livraison » (no JavaScript): the form again, nothing written. */
  quoted?: boolean;
  fieldErrors?: Partial<Record<OrderFormField, string>>;
  /** What was typed, to fill the form again. */
  values?: Record<string, string>;
  /**
   * The posted pieces as the server sees them now: a refusal shows them with their availability,
   * even to a guest whose basket the server cannot read.
   */
  lines?: OrderFormLine[];
}

export function isOrderFormState(value: unknown): value is OrderFormState {
  return Boolean(value && typeof value === "object" && (value as { form?: unknown }).form === "commande");
}
