/**
 * What the order's private page shows (docs/product.md §10.19): the order as its customer follows
 * it, without the shop's internal note, the admins' names or the customer's contact details (the
 * link may be forwarded). Client-safe.
 */
import type { OrderDelivery, OrderLineView, OrderStep, OrderView } from "./order-types";

export type TrackingStep = Pick<OrderStep, "status" | "label"> & {
  /** When the order reached it; null: still to come. */
  at: string | null;
};

export interface TrackingView
  extends Pick<OrderView, "number" | "status" | "statusLabel" | "createdAt" | "customerName" | "totalCents"> {
  delivery: Pick<
    OrderDelivery,
    "method" | "addressLine" | "postalCode" | "city" | "eventTitle" | "eventStart"
  > & {
    label: string;
    /** « France métropolitaine »…: where a parcel goes (ADR 028). */
    zoneLabel: string;
  };
  /** No line id and no address of the piece: the link may be forwarded. */
  lines: Pick<OrderLineView, "productId" | "name" | "unitPriceCents" | "quantity" | "heldQuantity">[];
  /** Whether the customer confirmed the e-mail address (ADR 022): until then, a two-hour hold. */
  confirmed: boolean;
  /** Whether the hold still runs when the page was made (a comparison with the clock, ADR 016). */
  holdActive: boolean;
  /** « 6,90 € », « offerte », « sur devis » or « à confirmer » (ADR 028). */
  deliveryCostText: string;
  /**
   * The total as read (docs/product.md §8), delivery included: « à confirmer » while a piece on
   * request or a delivery « sur devis » has no price.
   */
  totalText: string;
  /** Why the total is not final yet: the piece's price, or the delivery's cost, to come. */
  totalNotes: string[];
  /** Whether a piece on request still waits for its price. */
  priceToConfirm: boolean;
  /** Whether the customer may still cancel it from its page: unpaid (ADR 028). */
  cancellable: boolean;
  /** Until when the pieces are held, while the order holds them. */
  holdExpiresAt: string | null;
  /** The payment link, while it is the step to take. */
  paymentUrl: string | null;
  trackingNumber: string | null;
  /** The CGV version the order was concluded under (ADR 029): the customer opens it from the page. */
  cgvVersion: number | null;
  steps: TrackingStep[];
}

/** What the confirmation page of « Annuler ma commande » shows of the order (ADR 028). */
export interface CancelPageView {
  number: string;
  statusLabel: string;
  pieces: string[];
  totalText: string;
  cancellable: boolean;
  /** Why it cannot be cancelled here, when it cannot. */
  refusal: string | null;
}
