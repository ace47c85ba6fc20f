/**
 * What 'Mes commandes' (/mon-compte, docs/product.md §2 "Account", §10.19) shows of one order: only
 * what the customer needs, never the shop's internal note, the guest link's token or who clicked.
 */
import type { DocumentLink } from "~/features/invoices/invoice-types";
import type { OrderLineView, OrderStep, OrderView } from "~/features/orders/order-types";
import type { WithdrawalNotice } from "~/features/withdrawal/withdrawal-types";

export type MyOrderLine = Pick<OrderLineView, "name" | "quantity" | "unitPriceCents">;

export type MyOrderStep = Pick<OrderStep, "status" | "label" | "at"> & {
  /** "N° de suivi : …" on the shipping step; empty otherwise. */
  note: string;
};

/** Read as on the order (order-types.ts's OrderView): the payment link only while it waits for its payment, the tracking number once shipped. */
export interface MyOrder
  extends Pick<
    OrderView,
    | "id"
    | "number"
    | "status"
    | "statusLabel"
    | "createdAt"
    | "totalCents"
    | "paymentUrl"
    | "trackingNumber"
    | "cgvVersion"
  > {
  /** « 6,90 € », « offerte », « sur devis » or « à confirmer » (ADR 028). */
  deliveryCostText: string;
  /** The total as read (docs/product.md §8), delivery included; « à confirmer » while a price is to come. */
  totalText: string;
  /** Why the total is not final yet. */
  totalNotes: string[];
  /** « Annuler ma commande » while unpaid (ADR 028): its confirmation page; null otherwise. */
  cancelHref: string | null;
  lines: MyOrderLine[];
  /** "Envoi postal — 3 rue des Lagons, 75011 Paris", the event, or by hand. */
  delivery: string;
  steps: MyOrderStep[];
  /** Its invoice and credit notes to download (docs/product.md §10.25), once paid. */
  documents: DocumentLink[];
  /** The withdrawal function (docs/product.md §10.24); null: no contract to withdraw from. */
  withdrawal: WithdrawalNotice | null;
}
