/**
 * The accountant's yearly export (docs/product.md §10.25, ADR 026): every invoice and credit note of
 * a year as PDFs in one ZIP, with their register as a CSV — UTF-8 with a byte-order mark and `;`
 * between fields, decimal commas and dd/mm/yyyy dates, as French Excel opens it. Credit notes count
 * negative, so the column sums give the year's net sales.
 */
import type { DB } from "~/server/database.server";
import { documentFileName, renderDocumentPdf } from "./invoice-pdf.server";
import type { IssuedDocument, VatSnapshot } from "./invoice-types";
import { documentsOfYear } from "./invoices.server";

export const CSV_COLUMNS = [
  "numero",
  "date",
  "client",
  "commande",
  "total_ttc",
  "tva",
  "total_ht",
  "taux_tva",
  "type",
  "facture_origine",
  "date_reglement",
  "motif",
] as const;

const dayFormat = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Paris",
});

/** 1250 → "12,50"; -1250 → "-12,50": no currency sign, no thousands separator. */
function amount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break; text that a
 * spreadsheet would take for a formula (=, +, -, @ first) is prefixed with an apostrophe, so a
 * customer's name never runs in the accountant's spreadsheet.
 */
function field(value: string, text = true): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function vatTotals(vat: VatSnapshot, totalCents: number) {
  if (vat.franchise) return { vat: 0, base: totalCents, rate: "franchise" };
  return {
    vat: vat.rates.reduce((sum, rate) => sum + rate.vatCents, 0),
    base: vat.rates.reduce((sum, rate) => sum + rate.baseCents, 0),
    rate: vat.rates.map((rate) => `${String(rate.rateBp / 100).replace(".", ",")} %`).join(" + "),
  };
}

/** The register of the documents, one row each, in the order given. */
export function documentsCsv(documents: readonly IssuedDocument[]): string {
  const rows = [CSV_COLUMNS.join(";")];
  for (const document of documents) {
    const sign = document.kind === "avoir" ? -1 : 1;
    const vat = vatTotals(document.vat, document.totalCents);
    rows.push(
      [
        field(document.number, false),
        field(dayFormat.format(new Date(document.issuedAt)), false),
        field(document.customer.name),
        field(document.orderNumber, false),
        field(amount(sign * document.totalCents), false),
        field(amount(sign * vat.vat), false),
        field(amount(sign * vat.base), false),
        field(vat.rate, false),
        field(document.kind === "facture" ? "facture" : "avoir", false),
        field(document.kind === "avoir" ? document.invoiceNumber : "", false),
        field(
          dayFormat.format(new Date(document.kind === "facture" ? document.paidAt : document.refundedAt)),
          false,
        ),
        field(document.kind === "avoir" ? document.reason : ""),
      ].join(";"),
    );
  }
  // The byte-order mark tells Excel the file is UTF-8; CRLF is what it writes itself.
  return `\ufeff${rows.join("\r\n")}\r\n`;
}

export function csvFileName(year: number): string {
  return `factures-avoirs-${year}.csv`;
}

export function zipFileName(year: number): string {
  return `factures-avoirs-${year}.zip`;
}

/** The year's archive: its register and every PDF (stored as they are: a PDF is compressed already). */
export async function yearArchive(db: DB, year: number): Promise<{ zip: Uint8Array; count: number }> {
  const documents = await documentsOfYear(db, year);
  const files: Record<string, [Uint8Array, { level: 0 | 6 }]> = {
    [csvFileName(year)]: [new TextEncoder().encode(documentsCsv(documents)), { level: 6 }],
  };
  for (const document of documents)
    files[`${year}/${documentFileName(document)}`] = [
      new Uint8Array(await renderDocumentPdf(document)),
      { level: 0 },
    ];
  // Loaded here, not at start: only the accountant's export needs it.
  const { zipSync } = await import("fflate");
  return { zip: zipSync(files), count: documents.length };
}

/** The year's register alone. */
export async function yearCsv(db: DB, year: number): Promise<{ csv: string; count: number }> {
  const documents = await documentsOfYear(db, year);
  return { csv: documentsCsv(documents), count: documents.length };
}
