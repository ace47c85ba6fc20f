/**
 * Invoices and credit notes as the pages and the PDF see them (docs/product.md §10.25, ADR 026):
 * the kinds, their numbers, the snapshot an issued document keeps, and the VAT wording. Client-safe:
 * the order pages list documents with these labels.
 */

export type InvoiceKind = "facture" | "avoir";

/** FAC-2026-0001 (an invoice), AV-2026-0001 (a credit note): two sequences, each unbroken per year. */
export const NUMBER_PREFIX: Record<InvoiceKind, string> = { facture: "FAC", avoir: "AV" };

export const KIND_LABELS: Record<InvoiceKind, string> = { facture: "Facture", avoir: "Avoir" };

/** A document number as the download addresses take it; anything else is not even looked up. */
export const DOCUMENT_NUMBER = /^(FAC|AV)-\d{4}-\d{4,9}$/;

export function formatDocumentNumber(kind: InvoiceKind, year: number, rank: number): string {
  return `${NUMBER_PREFIX[kind]}-${year}-${String(rank).padStart(4, "0")}`;
}

/** The mention art. 293 B du CGI asks of a seller under the VAT franchise. */
export const VAT_FRANCHISE_MENTION = "TVA non applicable, art. 293 B du CGI";

/** VAT rates of France (CGI art. 278 to 281 nonies), in basis points: 20 %, 10 %, 5,5 %, 2,1 %. */
export const VAT_RATES_BP = [2000, 1000, 550, 210] as const;
export const VAT_RATE_DEFAULT_BP = 2000;

/** 2000 → "20 %", 550 → "5,5 %" (French decimal comma, no-break space before the sign). */
export function vatRateText(rateBp: number): string {
  return `${String(rateBp / 100).replace(".", ",")}\u00a0%`;
}

/** The seller as the legal settings named it when the document was issued. */
export interface SellerSnapshot {
  shopName: string;
  /** The person (an EI) or the company that sells. */
  name: string;
  /** "EI" or the company's legal form (Code de commerce L526-22 for an EI). */
  legalForm: string;
  addressLine: string;
  postalCode: string;
  city: string;
  siret: string;
  email: string;
}

export interface CustomerSnapshot {
  name: string;
  /** Empty when the order was not sent by post (picked up at an event or handed over). */
  addressLine: string;
  postalCode: string;
  city: string;
}

export interface DocumentLine {
  name: string;
  quantity: number;
  /** All taxes included, as the shop's prices are. */
  unitPriceCents: number;
  totalCents: number;
}

/** Per rate: the amount without tax, the tax, the amount with it. */
export interface VatBreakdown {
  rateBp: number;
  baseCents: number;
  vatCents: number;
  totalCents: number;
}

export type VatSnapshot = { franchise: true; mention: string } | { franchise: false; rates: VatBreakdown[] };

/** What an issued invoice says, for ever (the `document` column). */
export interface InvoiceDocument {
  kind: "facture";
  number: string;
  issuedAt: string;
  paidAt: string;
  orderNumber: string;
  seller: SellerSnapshot;
  customer: CustomerSnapshot;
  lines: DocumentLine[];
  /** The delivery cost charged with the order, all taxes included (0: none charged). */
  deliveryCents: number;
  totalCents: number;
  vat: VatSnapshot;
}

/** What an issued credit note says: the amount refunded against its invoice. */
export interface CreditNoteDocument {
  kind: "avoir";
  number: string;
  issuedAt: string;
  refundedAt: string;
  orderNumber: string;
  invoiceNumber: string;
  invoiceIssuedAt: string;
  reason: string;
  seller: SellerSnapshot;
  customer: CustomerSnapshot;
  totalCents: number;
  vat: VatSnapshot;
}

export type IssuedDocument = InvoiceDocument | CreditNoteDocument;

/** A document as an order's pages list it, with where to download it. */
export interface DocumentLink {
  number: string;
  kind: InvoiceKind;
  label: string;
  issuedAt: string;
  totalCents: number;
  href: string;
}
