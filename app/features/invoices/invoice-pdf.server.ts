/**
 * The PDF of an invoice or a credit note (docs/product.md §10.25, ADR 026), drawn on the server from
 * the document's snapshot with pdfkit's built-in Helvetica (no font file, no browser): A4, French
 * numbers and dates. The same snapshot always gives the same bytes (the file's dates and identifier
 * come from the issue date), so a document downloaded twice, or in the yearly archive, is one file.
 *
 * The mentions an invoice to a consumer carries (CGI art. 242 nonies A annexe II, Code de commerce
 * L441-9): the seller's name with « EI » or the legal form (L526-22), address and SIRET; the number
 * and date; the customer's name and address; each piece with quantity and unit price; the delivery
 * costs; the total; the VAT (rates and amounts, or « TVA non applicable, art. 293 B du CGI »); and
 * the payment date.
 */
import { dayMonthYear } from "~/lib/dates";
import { formatPrice } from "~/lib/format";
import { newPdfDocument, type PdfDocument } from "~/server/pdf.server";
import type {
  CreditNoteDocument,
  CustomerSnapshot,
  InvoiceDocument,
  IssuedDocument,
  SellerSnapshot,
  VatSnapshot,
} from "./invoice-types";
import { vatRateText } from "./invoice-types";

/** WinAnsi's characters beyond Latin-1 (what the built-in fonts can draw), by code point. */
const WIN_ANSI_EXTRA = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"].map((c) => c.codePointAt(0)));

/**
 * Text the built-in fonts can draw: fr-FR's narrow no-break space becomes a no-break space, a letter
 * outside WinAnsi loses its accent (« Łódź » → « Lódz »), anything else left becomes « ? ». Without
 * this, one such character garbles the rest of its line.
 */
export function drawable(text: string): string {
  let out = "";
  for (const char of text.replace(/[\u202f\u2009]/g, "\u00a0")) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code)) {
      out += char;
      continue;
    }
    const bare = char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += /^[\x20-\x7e\xa0-\xff]+$/.test(bare) ? bare : code === 0x0141 ? "L" : code === 0x0142 ? "l" : "?";
  }
  return out;
}

const money = (cents: number) => drawable(formatPrice(cents));
const day = (iso: string) => drawable(dayMonthYear(iso));

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const COLUMNS = { name: 50, quantity: 330, unit: 380, total: 470, end: PAGE.width - PAGE.margin };

type Doc = PdfDocument;

function sellerBlock(doc: Doc, seller: SellerSnapshot, top: number) {
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .text(drawable(`${seller.name}, ${seller.legalForm}`), PAGE.margin, top, {
      width: 260,
    });
  doc.font("Helvetica").fontSize(9.5);
  if (seller.shopName && seller.shopName !== seller.name) doc.text(drawable(seller.shopName), { width: 260 });
  if (seller.addressLine) doc.text(drawable(seller.addressLine), { width: 260 });
  if (seller.postalCode || seller.city)
    doc.text(drawable(`${seller.postalCode} ${seller.city}`.trim()), { width: 260 });
  doc.text(drawable(`SIRET : ${seller.siret || "non renseigné"}`), { width: 260 });
  if (seller.email) doc.text(drawable(seller.email), { width: 260 });
  return doc.y;
}

function customerBlock(doc: Doc, customer: CustomerSnapshot, top: number) {
  const left = 330;
  const width = COLUMNS.end - left;
  doc.font("Helvetica").fontSize(8.5).fillColor("#555555").text("CLIENT", left, top, { width });
  doc.fillColor("#000000").font("Helvetica-Bold").fontSize(11).text(drawable(customer.name), { width });
  doc.font("Helvetica").fontSize(9.5);
  if (customer.addressLine) doc.text(drawable(customer.addressLine), { width });
  if (customer.postalCode || customer.city)
    doc.text(drawable(`${customer.postalCode} ${customer.city}`.trim()), { width });
  return doc.y;
}

function facts(doc: Doc, rows: [string, string][], top: number) {
  let y = top;
  for (const [label, value] of rows) {
    doc.font("Helvetica").fontSize(9.5).text(drawable(label), PAGE.margin, y, { width: 150 });
    doc.font("Helvetica-Bold").text(drawable(value), PAGE.margin + 150, y, { width: CONTENT_WIDTH - 150 });
    y = Math.max(doc.y, y + 13);
  }
  return y;
}

function rule(doc: Doc, y: number) {
  doc.moveTo(PAGE.margin, y).lineTo(COLUMNS.end, y).lineWidth(0.6).strokeColor("#999999").stroke();
}

/** A row of the pieces' table; returns the y below it (a long name wraps within its column). */
function tableRow(doc: Doc, y: number, cells: [string, string, string, string], bold = false) {
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9.5);
  const nameWidth = COLUMNS.quantity - COLUMNS.name - 10;
  doc.text(drawable(cells[0]), COLUMNS.name, y, { width: nameWidth });
  const below = doc.y;
  doc.text(drawable(cells[1]), COLUMNS.quantity, y, {
    width: COLUMNS.unit - COLUMNS.quantity - 10,
    align: "right",
  });
  doc.text(drawable(cells[2]), COLUMNS.unit, y, { width: COLUMNS.total - COLUMNS.unit - 10, align: "right" });
  doc.text(drawable(cells[3]), COLUMNS.total, y, { width: COLUMNS.end - COLUMNS.total, align: "right" });
  return Math.max(below, y + 13) + 4;
}

/** Total lines, right-aligned under the table. */
function totals(doc: Doc, y: number, rows: [string, string, boolean?][]) {
  let at = y;
  for (const [label, value, bold] of rows) {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 11 : 9.5);
    doc.text(drawable(label), COLUMNS.quantity - 40, at, {
      width: COLUMNS.total - COLUMNS.quantity + 30,
      align: "right",
    });
    doc.text(drawable(value), COLUMNS.total, at, { width: COLUMNS.end - COLUMNS.total, align: "right" });
    at = Math.max(doc.y, at + 14) + 2;
  }
  return at;
}

function vatRows(vat: VatSnapshot, total: number, totalLabel: string): [string, string, boolean?][] {
  if (vat.franchise) return [[totalLabel, money(total), true]];
  const rows: [string, string, boolean?][] = [];
  const base = vat.rates.reduce((sum, rate) => sum + rate.baseCents, 0);
  rows.push([`${totalLabel} HT`, money(base)]);
  for (const rate of vat.rates) rows.push([`TVA ${vatRateText(rate.rateBp)}`, money(rate.vatCents)]);
  rows.push([`${totalLabel} TTC`, money(total), true]);
  return rows;
}

function heading(doc: Doc, title: string, number: string) {
  doc.font("Helvetica-Bold").fontSize(20).text(title, PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH });
  doc
    .font("Helvetica")
    .fontSize(11)
    .text(drawable(`n° ${number}`), { width: CONTENT_WIDTH });
}

function footer(doc: Doc, seller: SellerSnapshot) {
  const text = drawable(
    `${seller.name}, ${seller.legalForm} — SIRET ${seller.siret || "non renseigné"} — ${[seller.addressLine, `${seller.postalCode} ${seller.city}`.trim()].filter(Boolean).join(", ")}`,
  );
  doc.font("Helvetica").fontSize(7.5).fillColor("#555555");
  doc.text(text, PAGE.margin, PAGE.height - PAGE.margin - 12, {
    width: CONTENT_WIDTH,
    align: "center",
    lineBreak: false,
  });
  doc.fillColor("#000000");
}

function drawInvoice(doc: Doc, invoice: InvoiceDocument) {
  heading(doc, "FACTURE", invoice.number);
  const top = doc.y + 18;
  const below = Math.max(sellerBlock(doc, invoice.seller, top), customerBlock(doc, invoice.customer, top));
  let y = facts(
    doc,
    [
      ["Facture n°", invoice.number],
      ["Date de la facture", day(invoice.issuedAt)],
      ["Commande", invoice.orderNumber],
      ["Date de paiement", day(invoice.paidAt)],
    ],
    below + 22,
  );
  y += 16;
  y = tableRow(doc, y, ["Désignation", "Qté", "Prix unitaire", "Total"], true);
  rule(doc, y - 2);
  y += 4;
  for (const line of invoice.lines) {
    if (y > PAGE.height - 200) {
      doc.addPage();
      y = PAGE.margin;
    }
    y = tableRow(doc, y, [
      line.name,
      String(line.quantity),
      money(line.unitPriceCents),
      money(line.totalCents),
    ]);
  }
  y = tableRow(doc, y, ["Frais de livraison", "", "", money(invoice.deliveryCents)]);
  rule(doc, y);
  y = totals(doc, y + 8, vatRows(invoice.vat, invoice.totalCents, "Total"));
  y += 10;
  doc.font("Helvetica").fontSize(9.5);
  if (invoice.vat.franchise)
    doc.text(drawable(invoice.vat.mention), PAGE.margin, y, { width: CONTENT_WIDTH });
  else doc.text("Prix toutes taxes comprises.", PAGE.margin, y, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
  doc.text(drawable(`Facture acquittée : payée le ${day(invoice.paidAt)}.`), { width: CONTENT_WIDTH });
  footer(doc, invoice.seller);
}

function drawCreditNote(doc: Doc, note: CreditNoteDocument) {
  heading(doc, "AVOIR", note.number);
  const top = doc.y + 18;
  const below = Math.max(sellerBlock(doc, note.seller, top), customerBlock(doc, note.customer, top));
  let y = facts(
    doc,
    [
      ["Avoir n°", note.number],
      ["Date de l'avoir", day(note.issuedAt)],
      ["Facture rectifiée", `${note.invoiceNumber} du ${day(note.invoiceIssuedAt)}`],
      ["Commande", note.orderNumber],
      ["Date du remboursement", day(note.refundedAt)],
      ["Motif", note.reason],
    ],
    below + 22,
  );
  y += 16;
  y = tableRow(doc, y, ["Désignation", "Qté", "Prix unitaire", "Total"], true);
  rule(doc, y - 2);
  y += 4;
  y = tableRow(doc, y, [
    `Remboursement sur la facture ${note.invoiceNumber}`,
    "1",
    money(note.totalCents),
    money(note.totalCents),
  ]);
  rule(doc, y);
  y = totals(doc, y + 8, vatRows(note.vat, note.totalCents, "Total remboursé"));
  y += 10;
  doc.font("Helvetica").fontSize(9.5);
  if (note.vat.franchise) doc.text(drawable(note.vat.mention), PAGE.margin, y, { width: CONTENT_WIDTH });
  else doc.text("Montants toutes taxes comprises.", PAGE.margin, y, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
  doc.text(
    drawable(
      `Cet avoir annule la facture ${note.invoiceNumber} à hauteur de ${money(note.totalCents)}, remboursés le ${day(note.refundedAt)}.`,
    ),
    { width: CONTENT_WIDTH },
  );
  footer(doc, note.seller);
}

/** The document's PDF, whole, in memory (a page or two). */
export async function renderDocumentPdf(document: IssuedDocument): Promise<Buffer> {
  const issued = new Date(document.issuedAt);
  const doc = await newPdfDocument({
    size: "A4",
    margin: PAGE.margin,
    // Fixed dates and identifier: the same document always gives the same bytes.
    info: {
      Title: drawable(`${document.kind === "facture" ? "Facture" : "Avoir"} ${document.number}`),
      Author: drawable(document.seller.name),
      Producer: "Nacre",
      Creator: "Nacre",
      CreationDate: issued,
      ModDate: issued,
    },
    lang: "fr-FR",
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  if (document.kind === "facture") drawInvoice(doc, document);
  else drawCreditNote(doc, document);
  doc.end();
  return done;
}

/** The file name a document downloads under: FAC-2026-0001.pdf. */
export function documentFileName(document: Pick<IssuedDocument, "number">): string {
  return `${document.number}.pdf`;
}

/** A document as a download (docs/product.md §10.25): never cached, never shown inline. */
export async function documentResponse(document: IssuedDocument): Promise<Response> {
  const pdf = await renderDocumentPdf(document);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${documentFileName(document)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
