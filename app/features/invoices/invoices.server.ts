/**
 * Invoices and credit notes (docs/product.md §10.25, ADR 026): the one place they are numbered,
 * issued and found.
 *
 * - **Numbers.** FAC-<year>-<rank> and AV-<year>-<rank>, each kind its own sequence, restarting at 1
 *   every calendar year of the shop's time zone (the year printed on the document). The rank comes
 *   from `invoice_counters`, one row per year and kind, incremented by one upsert inside the
 *   transaction that issues the document: on PostgreSQL that upsert locks the counter's row until
 *   the transaction ends, so a second payment waits and takes the next rank; a transaction that
 *   rolls back takes its increment with it. The sequence therefore has no gap and no duplicate on
 *   either back end (SQLite runs the shop's transactions one at a time).
 * - **Immutable.** An issued document is a snapshot (`invoices.document`): the seller as the legal
 *   settings named it then, the customer, the lines, the totals, the VAT wording and the dates. A
 *   later change of the settings, of the order or its anonymisation (ADR 023) changes nothing in it.
 * - **Invoice** with the payment: `issueInvoice`, called by moveOrder (orders.server.ts) in the
 *   transaction that marks the order paid. **Credit note** with a refund: `issueCreditNote`.
 */
import { sql } from "kysely";
import { formatPrice } from "~/lib/format";
import { ORDER_NOT_FOUND } from "~/lib/messages";
import type { DB } from "~/server/database.server";
import type { InvoicesTable } from "~/server/db-schema.server";
import { newId } from "~/server/ids.server";
import { lockingRows } from "../../../db/dialect";
import {
  type CreditNoteDocument,
  type CustomerSnapshot,
  type DocumentLink,
  formatDocumentNumber,
  type InvoiceDocument,
  type InvoiceKind,
  type IssuedDocument,
  KIND_LABELS,
  type SellerSnapshot,
  VAT_FRANCHISE_MENTION,
  VAT_RATE_DEFAULT_BP,
  type VatBreakdown,
  type VatSnapshot,
} from "./invoice-types";

/** A refusal the seller (or the withdrawal's refund) reads, with its HTTP status. Nothing was written. */
export interface InvoiceRefusal {
  ok: false;
  status: 400 | 404 | 409;
  message: string;
}

function refusal(status: InvoiceRefusal["status"], message: string): InvoiceRefusal {
  return { ok: false, status, message };
}

/** docs/product.md §8: what a refused refund says. */
export const REFUND_MESSAGES = {
  notInvoiced: "Cette commande n'a pas de facture : seule une commande payée peut être remboursée.",
  fullyRefunded: (invoice: string) => `La facture ${invoice} est déjà entièrement remboursée.`,
  tooMuch: (invoice: string, remainingCents: number) =>
    `Le remboursement dépasse ce qui reste de la facture ${invoice} : ${formatPrice(remainingCents)} au plus.`,
  notPositive: "Le montant remboursé doit être supérieur à zéro.",
  badDate: "La date du remboursement n'est pas valide.",
  beforePayment: "La date du remboursement ne peut pas précéder le paiement de la commande.",
  inFuture: "La date du remboursement ne peut pas être dans le futur.",
  reasonTooLong: "Le motif est trop long (200 caractères au plus).",
} as const;

/** What a credit note says when the seller gives no reason. */
export const DEFAULT_REFUND_REASON = "Remboursement";

const TIME_ZONE = "Europe/Paris";
const calendarDay = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: TIME_ZONE,
});

/** "2026-11-26": the calendar day of an instant in the shop's time zone (the date a document prints). */
export function shopDay(at: Date): string {
  return calendarDay.format(at);
}

/** The year a document issued at `at` is numbered in: the year its printed date shows. */
export function shopYear(at: Date): number {
  return Number(shopDay(at).slice(0, 4));
}

/**
 * The next rank of a kind in a year, taken inside the caller's transaction. The upsert is atomic on
 * both back ends and, on PostgreSQL, keeps the counter's row locked until the transaction ends: a
 * concurrent issue waits for this one to commit (then counts after it) or roll back (then takes the
 * same rank). Hence no gap and no duplicate (ADR 026).
 */
export async function nextDocumentNumber(
  trx: DB,
  kind: InvoiceKind,
  year: number,
): Promise<{ number: string; rank: number }> {
  const row = await trx
    .insertInto("invoice_counters")
    .values({ year, kind, last: 1 })
    .onConflict((oc) =>
      oc.columns(["year", "kind"]).doUpdateSet({ last: sql<number>`invoice_counters.last + 1` }),
    )
    .returning("last")
    .executeTakeFirstOrThrow();
  const rank = Number(row.last);
  return { number: formatDocumentNumber(kind, year, rank), rank };
}

/** Amount without tax and the tax in a price that includes it, at `rateBp` (2000 = 20 %). */
export function splitVat(totalCents: number, rateBp: number): VatBreakdown {
  const baseCents = Math.round((totalCents * 10_000) / (10_000 + rateBp));
  return { rateBp, baseCents, vatCents: totalCents - baseCents, totalCents };
}

async function sellerNow(trx: DB): Promise<{ seller: SellerSnapshot; franchise: boolean; rateBp: number }> {
  const row = await trx
    .selectFrom("shop_settings")
    .select([
      "shop_name",
      "owner_name",
      "legal_form",
      "address_line",
      "postal_code",
      "city",
      "siret",
      "email",
      "vat_franchise",
      "vat_rate_bp",
    ])
    .where("id", "=", "shop")
    .executeTakeFirst();
  const shopName = row?.shop_name || "Nacre";
  return {
    seller: {
      shopName,
      name: row?.owner_name || shopName,
      // An individual entrepreneur's name is followed by « EI » (Code de commerce L526-22) when the
      // settings name no other legal form.
      legalForm: row?.legal_form || "EI",
      addressLine: row?.address_line ?? "",
      postalCode: row?.postal_code ?? "",
      city: row?.city ?? "",
      siret: row?.siret ?? "",
      email: row?.email ?? "",
    },
    // Both default on / 20 % (migration 0016): a shop without its settings row is a small seller.
    franchise: (row?.vat_franchise ?? 1) === 1,
    rateBp: row?.vat_rate_bp ?? VAT_RATE_DEFAULT_BP,
  };
}

function vatOf(totalCents: number, franchise: boolean, rateBp: number): VatSnapshot {
  return franchise
    ? { franchise: true, mention: VAT_FRANCHISE_MENTION }
    : { franchise: false, rates: [splitVat(totalCents, rateBp)] };
}

function vatCents(vat: VatSnapshot): number {
  return vat.franchise ? 0 : vat.rates.reduce((sum, rate) => sum + rate.vatCents, 0);
}

export interface IssuedInvoice {
  id: string;
  number: string;
  document: InvoiceDocument;
}

/**
 * Issues the invoice of an order being marked paid, inside the transaction that marks it
 * (moveOrder): numbered, snapshotted, for ever. Every line has its price by then (the payment is
 * refused before, docs/product.md §10.19).
 */
export async function issueInvoice(
  trx: DB,
  input: { orderId: string; paidAt: string },
): Promise<IssuedInvoice> {
  const order = await trx
    .selectFrom("orders")
    .select([
      "id",
      "number",
      "customer_name",
      "delivery_method",
      "address_line",
      "postal_code",
      "city",
      "total_cents",
      "delivery_cents",
    ])
    .where("id", "=", input.orderId)
    .executeTakeFirstOrThrow();
  const lines = await trx
    .selectFrom("order_lines")
    .select(["product_name", "quantity", "unit_price_cents"])
    .where("order_id", "=", input.orderId)
    .orderBy("position")
    .execute();
  const { seller, franchise, rateBp } = await sellerNow(trx);
  const byPost = order.delivery_method === "envoi";
  const customer: CustomerSnapshot = {
    name: order.customer_name,
    addressLine: byPost ? order.address_line : "",
    postalCode: byPost ? order.postal_code : "",
    city: byPost ? order.city : "",
  };
  const documentLines = lines.map((line) => {
    if (line.unit_price_cents === null) throw new Error(`Commande ${order.number} : une pièce sans prix`);
    return {
      name: line.product_name,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
      totalCents: line.unit_price_cents * line.quantity,
    };
  });
  // The order's delivery cost (ADR 028), known by now: the payment is refused while it is « sur devis ».
  const deliveryCents = order.delivery_cents ?? 0;
  const totalCents = documentLines.reduce((sum, line) => sum + line.totalCents, 0) + deliveryCents;
  const paid = new Date(input.paidAt);
  const { number, rank } = await nextDocumentNumber(trx, "facture", shopYear(paid));
  const document: InvoiceDocument = {
    kind: "facture",
    number,
    issuedAt: input.paidAt,
    paidAt: input.paidAt,
    orderNumber: order.number,
    seller,
    customer,
    lines: documentLines,
    deliveryCents,
    totalCents,
    vat: vatOf(totalCents, franchise, rateBp),
  };
  const id = newId();
  await trx
    .insertInto("invoices")
    .values({
      id,
      kind: "facture",
      number,
      year: shopYear(paid),
      rank,
      order_id: order.id,
      invoice_id: null,
      issued_at: input.paidAt,
      settled_at: input.paidAt,
      total_cents: totalCents,
      vat_cents: vatCents(document.vat),
      document: JSON.stringify(document),
    })
    .execute();
  return { id, number, document };
}

export interface CreditNoteInput {
  orderId: string;
  /** The amount refunded, all taxes included, in cents: at most the invoice's total minus earlier refunds. */
  amountCents: number;
  /** Printed on the credit note; empty: « Remboursement ». */
  reason: string;
  /** When the money went back: an ISO date ("2026-11-26") or instant, not before the payment nor in the future. */
  refundedAt: string;
  /** The issue date (tests move the clock). */
  now?: Date;
}

export interface IssuedCreditNote {
  ok: true;
  id: string;
  number: string;
  invoiceNumber: string;
  document: CreditNoteDocument;
}

/**
 * Records a refund as a credit note AV-<year>-<rank> that names the invoice it corrects (docs/product.md
 * §10.25). Called inside the caller's transaction (`trx`): the seller's « Remboursement » on an order's
 * page (refund.server.ts), and the withdrawal's « Remboursée » (recordWithdrawalRefund). Refused,
 * writing nothing, when the order has no invoice, when the amount is not positive or exceeds the
 * invoice's total minus the refunds already recorded, or when the date is before the payment or in
 * the future. A caller that wrote before calling must roll back on a refusal (throw), or call first.
 *
 * The credit note keeps its invoice's VAT treatment (franchise or rate), whatever the settings say
 * now: it corrects that invoice. Concurrent refunds of one invoice are counted one after the other
 * (its row is locked on PostgreSQL).
 */
export async function issueCreditNote(
  trx: DB,
  input: CreditNoteInput,
): Promise<IssuedCreditNote | InvoiceRefusal> {
  const now = input.now ?? new Date();
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    return refusal(400, REFUND_MESSAGES.notPositive);
  const reason = input.reason.trim() || DEFAULT_REFUND_REASON;
  if (reason.length > 200) return refusal(400, REFUND_MESSAGES.reasonTooLong);
  const refunded = new Date(input.refundedAt);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(input.refundedAt);
  // A day that does not exist (2026-02-30) is refused, not rolled over to the next month.
  if (
    Number.isNaN(refunded.getTime()) ||
    (dateOnly && refunded.toISOString().slice(0, 10) !== input.refundedAt)
  )
    return refusal(400, REFUND_MESSAGES.badDate);

  const order = await trx
    .selectFrom("orders")
    .select(["id"])
    .where("id", "=", input.orderId)
    .executeTakeFirst();
  if (!order) return refusal(404, ORDER_NOT_FOUND);
  const invoice = await lockingRows(
    trx,
    trx
      .selectFrom("invoices")
      .select(["id", "number", "total_cents", "settled_at", "document"])
      .where("order_id", "=", input.orderId)
      .where("kind", "=", "facture"),
  ).executeTakeFirst();
  if (!invoice) return refusal(409, REFUND_MESSAGES.notInvoiced);
  // Days as printed (the shop's time zone): a refund the same day as the payment is fine.
  const refundDay = dateOnly ? input.refundedAt : shopDay(refunded);
  if (refundDay < shopDay(new Date(invoice.settled_at))) return refusal(400, REFUND_MESSAGES.beforePayment);
  if (refundDay > shopDay(now)) return refusal(400, REFUND_MESSAGES.inFuture);

  const earlier = await trx
    .selectFrom("invoices")
    .select((eb) => eb.fn.sum<number | string>("total_cents").as("sum"))
    .where("invoice_id", "=", invoice.id)
    .executeTakeFirst();
  const remaining = invoice.total_cents - Number(earlier?.sum ?? 0);
  if (remaining <= 0) return refusal(409, REFUND_MESSAGES.fullyRefunded(invoice.number));
  if (input.amountCents > remaining) return refusal(409, REFUND_MESSAGES.tooMuch(invoice.number, remaining));

  const invoiced = JSON.parse(invoice.document) as InvoiceDocument;
  const { seller } = await sellerNow(trx);
  const vat: VatSnapshot = invoiced.vat.franchise
    ? invoiced.vat
    : {
        franchise: false,
        rates: [splitVat(input.amountCents, invoiced.vat.rates[0]?.rateBp ?? VAT_RATE_DEFAULT_BP)],
      };
  const issuedAt = now.toISOString();
  const year = shopYear(now);
  const { number, rank } = await nextDocumentNumber(trx, "avoir", year);
  const document: CreditNoteDocument = {
    kind: "avoir",
    number,
    issuedAt,
    refundedAt: input.refundedAt,
    orderNumber: invoiced.orderNumber,
    invoiceNumber: invoice.number,
    invoiceIssuedAt: invoiced.issuedAt,
    reason,
    seller,
    customer: invoiced.customer,
    totalCents: input.amountCents,
    vat,
  };
  const id = newId();
  await trx
    .insertInto("invoices")
    .values({
      id,
      kind: "avoir",
      number,
      year,
      rank,
      order_id: input.orderId,
      invoice_id: invoice.id,
      issued_at: issuedAt,
      settled_at: input.refundedAt,
      total_cents: input.amountCents,
      vat_cents: vatCents(vat),
      document: JSON.stringify(document),
    })
    .execute();
  return { ok: true, id, number, invoiceNumber: invoice.number, document };
}

// --- Reading

type InvoiceRow = Pick<InvoicesTable, "number" | "kind" | "issued_at" | "total_cents">;

/** What is left to refund on an order's invoice; null when the order has none. */
export async function refundableBalance(
  db: DB,
  orderId: string,
): Promise<{
  invoiceNumber: string;
  invoicedCents: number;
  refundedCents: number;
  remainingCents: number;
  paidAt: string;
} | null> {
  const invoice = await db
    .selectFrom("invoices")
    .select(["id", "number", "total_cents", "settled_at"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "facture")
    .executeTakeFirst();
  if (!invoice) return null;
  const refunds = await db
    .selectFrom("invoices")
    .select((eb) => eb.fn.sum<number | string>("total_cents").as("sum"))
    .where("invoice_id", "=", invoice.id)
    .executeTakeFirst();
  const refundedCents = Number(refunds?.sum ?? 0);
  return {
    invoiceNumber: invoice.number,
    invoicedCents: invoice.total_cents,
    refundedCents,
    remainingCents: invoice.total_cents - refundedCents,
    paidAt: invoice.settled_at,
  };
}

function linkOf(row: InvoiceRow, base: string): DocumentLink {
  return {
    number: row.number,
    kind: row.kind,
    label: KIND_LABELS[row.kind],
    issuedAt: row.issued_at,
    totalCents: row.total_cents,
    href: `${base}/${row.number}`,
  };
}

/** Where each audience downloads a document (app/routes.ts): the path before its number. */
export const DOWNLOAD_BASES = {
  admin: "/admin/documents",
  account: "/mon-compte/documents",
  guest: (trackingToken: string) => `/commande/${trackingToken}/documents`,
} as const;

/** The documents of several orders, invoice first then credit notes in their order, by order id. */
export async function documentsOfOrders(
  db: DB,
  orderIds: readonly string[],
  base: string,
): Promise<Map<string, DocumentLink[]>> {
  const byOrder = new Map<string, DocumentLink[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom("invoices")
    .select(["order_id", "number", "kind", "issued_at", "total_cents"])
    .where("order_id", "in", [...new Set(orderIds)])
    .orderBy("kind", "desc")
    .orderBy("year")
    .orderBy("rank")
    .execute();
  for (const row of rows)
    byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), linkOf(row, base)]);
  return byOrder;
}

/** The documents of the order behind a guest's private link (none for an unknown token). */
export async function documentsOfTrackedOrder(db: DB, trackingToken: string): Promise<DocumentLink[]> {
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where("tracking_token", "=", trackingToken)
    .executeTakeFirst();
  if (!order) return [];
  return (await documentsOfOrders(db, [order.id], DOWNLOAD_BASES.guest(trackingToken))).get(order.id) ?? [];
}

/** Who asks for a document: the seller, a signed-in customer (their orders only), a private link's holder. */
export type DocumentReader = { admin: true } | { userId: string } | { trackingToken: string };

/**
 * One document by its number, if `reader` may have it: an admin any; a customer only those of the
 * orders placed from their account; a link's holder only those of that order. Anything else: null
 * (the route answers 404, never saying whether the number exists).
 */
export async function findDocument(
  db: DB,
  number: string,
  reader: DocumentReader,
): Promise<IssuedDocument | null> {
  let query = db
    .selectFrom("invoices as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .select("i.document")
    .where("i.number", "=", number);
  if ("userId" in reader) query = query.where("o.user_id", "=", reader.userId);
  if ("trackingToken" in reader) query = query.where("o.tracking_token", "=", reader.trackingToken);
  const row = await query.executeTakeFirst();
  return row ? (JSON.parse(row.document) as IssuedDocument) : null;
}

/** Every document of a year, invoices then credit notes, each in number order (the accountant's export). */
export async function documentsOfYear(db: DB, year: number): Promise<IssuedDocument[]> {
  const rows = await db
    .selectFrom("invoices")
    .select("document")
    .where("year", "=", year)
    .orderBy("kind", "desc")
    .orderBy("rank")
    .execute();
  return rows.map((row) => JSON.parse(row.document) as IssuedDocument);
}

/** The years that have documents, newest first (the export's choices). */
export async function documentYears(db: DB): Promise<number[]> {
  const rows = await db.selectFrom("invoices").select("year").distinct().orderBy("year", "desc").execute();
  return rows.map((row) => Number(row.year));
}
