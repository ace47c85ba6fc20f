/**
 * pdfkit, loaded the first time a PDF is drawn (an invoice, a CGV version, the withdrawal form:
 * docs/product.md §10.25–10.26). Its fonts' metrics and the font engine take over a second of CPU
 * to load: every start of the shop would pay it for documents most processes never draw.
 */
import type PDFDocumentClass from "pdfkit";

export type PdfDocument = PDFKit.PDFDocument;

let loading: Promise<typeof PDFDocumentClass> | null = null;

export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PdfDocument> {
  loading ??= import("pdfkit").then((module) => module.default);
  const PDFDocument = await loading;
  return new PDFDocument(options);
}
