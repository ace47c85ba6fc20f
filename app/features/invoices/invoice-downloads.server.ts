/**
 * The download answers of invoices and credit notes (docs/product.md §10.25): one document's PDF for
 * whoever may read it, and the seller's yearly export. A document the reader may not have answers
 * the same 404 as one that does not exist: a number tells nothing about another customer's orders.
 */
import type { DB } from "~/server/database.server";
import { csvFileName, yearArchive, yearCsv, zipFileName } from "./invoice-export.server";
import { documentResponse } from "./invoice-pdf.server";
import { DOCUMENT_NUMBER } from "./invoice-types";
import { type DocumentReader, findDocument } from "./invoices.server";

export const DOWNLOAD_MESSAGES = {
  notFound: "Ce document est introuvable.",
  badYear: "Indiquez une année sur quatre chiffres, par exemple 2026.",
  badFormat: "Format d'export inconnu : choisissez zip ou csv.",
  emptyYear: (year: number) => `Aucune facture ni aucun avoir en ${year}.`,
  methodNotAllowed: "Méthode non autorisée.",
} as const;

/** A short French text answer (a download link opened in a tab reads it as a page). */
export function textAnswer(message: string, status: number): Response {
  return new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
      ...(status === 405 ? { Allow: "GET, HEAD" } : {}),
    },
  });
}

/** The PDF of `number` if `reader` may have it, else the French 404. */
export async function downloadDocument(db: DB, number: string, reader: DocumentReader): Promise<Response> {
  if (!DOCUMENT_NUMBER.test(number)) return textAnswer(DOWNLOAD_MESSAGES.notFound, 404);
  const document = await findDocument(db, number, reader);
  return document ? documentResponse(document) : textAnswer(DOWNLOAD_MESSAGES.notFound, 404);
}

/** The accountant's export of a year: `zip` (every PDF and the register) or `csv` (the register). */
export async function exportYear(db: DB, yearText: string | null, format: string | null): Promise<Response> {
  if (!yearText || !/^\d{4}$/.test(yearText)) return textAnswer(DOWNLOAD_MESSAGES.badYear, 400);
  const year = Number(yearText);
  const kind = format ?? "zip";
  if (kind !== "zip" && kind !== "csv") return textAnswer(DOWNLOAD_MESSAGES.badFormat, 400);
  const headers = { "Cache-Control": "private, no-store" };
  if (kind === "csv") {
    const { csv, count } = await yearCsv(db, year);
    if (count === 0) return textAnswer(DOWNLOAD_MESSAGES.emptyYear(year), 404);
    return new Response(csv, {
      headers: {
        ...headers,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${csvFileName(year)}"`,
      },
    });
  }
  const { zip, count } = await yearArchive(db, year);
  if (count === 0) return textAnswer(DOWNLOAD_MESSAGES.emptyYear(year), 404);
  return new Response(new Uint8Array(zip), {
    headers: {
      ...headers,
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${zipFileName(year)}"`,
      "Content-Length": String(zip.length),
    },
  });
}
