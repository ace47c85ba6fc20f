/**
 * What 'Mes commandes' (/mon-compte, docs/product.md §2 "Account", §10.19) shows of one order: only
 * what the customer needs, never the shop's internal note, the guest link's token or who clicked.
 */
import type { DocumentLink } from "~/features/invoices/invoice-types";
import type { OrderStatus } from "~/features/orders/order-types";
import type { WithdrawalNotice } from "~/features/withdrawal/withdrawal-types";

export interface MyOrderLine {
  name: string;
  quantity: number;
  /** Null: a piece on request, its price not fixed yet (docs/product.md §10.19). */
  unitPriceCents: number | null;
}

export interface MyOrderStep {
  status: OrderStatus;
  label: string;
  at: string;
  /** "N° de suivi : …" on the shipping step; empty otherwise. */
  note: string;
}

export interface MyOrder {
  id: string;
  number: string;
  status: OrderStatus;
  statusLabel: string;
  createdAt: string;
  totalCents: number;
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
  /** Only while the order waits for its payment. */
  paymentUrl: string | null;
  /** Only once shipped. */
  trackingNumber: string | null;
  /** The CGV version the order was concluded under, at its payment (ADR 029); null before. */
  cgvVersion: number | null;
  steps: MyOrderStep[];
  /** Its invoice and credit notes to download (docs/product.md §10.25), once paid. */
  documents: DocumentLink[];
  /** The withdrawal function (docs/product.md §10.24); null: no contract to withdraw from. */
  withdrawal: WithdrawalNotice | null;
}
