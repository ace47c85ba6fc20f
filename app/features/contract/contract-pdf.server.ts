/**
 * The contract's documents as PDF (docs/product.md §10.26, ADR 029): a CGV version, drawn from the
 * Markdown it was published as, and the Code's model withdrawal form filled with the seller's
 * details. Drawn with pdfkit's built-in Helvetica (no font file to ship; its WinAnsi encoding covers
 * French), so pdftotext and any reader extract the very words of the text.
 */
import { Marked, type Token, type Tokens } from "marked";
import { WITHDRAWAL_FORM_TITLE, withdrawalFormLines } from "~/features/content/withdrawal-form-template";
import { dayMonthYear } from "~/lib/dates";
import { newPdfDocument, type PdfDocument } from "~/server/pdf.server";
import type { CgvVersion } from "./cgv-versions.server";

const MARGIN = 56;
const BODY_SIZE = 10;

type Doc = PdfDocument;

function newDocument(title: string, createdAt: Date): Promise<Doc> {
  return newPdfDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, CreationDate: createdAt, ModDate: createdAt },
    lang: "fr-FR",
  } as PDFKit.PDFDocumentOptions);
}

function finish(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/** Markdown's entities and typographic spaces as the PDF's font can write them. */
function plain(text: string): string {
  return text
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[\u202f\u2009]/g, "\u00a0");
}

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  link?: string;
}

/** A paragraph's inline tokens as runs of one style. */
function runs(
  tokens: readonly Token[] | undefined,
  publicUrl: string,
  style = { bold: false, italic: false },
): Run[] {
  const out: Run[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        out.push(...runs((token as Tokens.Strong).tokens, publicUrl, { ...style, bold: true }));
        break;
      case "em":
        out.push(...runs((token as Tokens.Em).tokens, publicUrl, { ...style, italic: true }));
        break;
      case "link": {
        const link = token as Tokens.Link;
        const href = link.href.startsWith("/") ? `${publicUrl}${link.href}` : link.href;
        for (const run of runs(link.tokens, publicUrl, style)) out.push({ ...run, link: href });
        break;
      }
      case "br":
        out.push({ text: "\n", ...style });
        break;
      case "text":
        if ("tokens" in token && token.tokens?.length) out.push(...runs(token.tokens, publicUrl, style));
        // A line end inside a paragraph is a space: the text flows to the page's width.
        else out.push({ text: plain((token as Tokens.Text).text).replace(/\n/g, " "), ...style });
        break;
      case "escape":
      case "codespan":
        out.push({ text: plain((token as Tokens.Escape).text), ...style });
        break;
      case "html":
        break;
      default:
        if ("text" in token && typeof token.text === "string")
          out.push({ text: plain(token.text), ...style });
    }
  }
  return out;
}

function font(run: Pick<Run, "bold" | "italic">): string {
  if (run.bold && run.italic) return "Helvetica-BoldOblique";
  if (run.bold) return "Helvetica-Bold";
  if (run.italic) return "Helvetica-Oblique";
  return "Helvetica";
}

function writeRuns(doc: Doc, parts: Run[], options: PDFKit.Mixins.TextOptions = {}, x?: number) {
  const visible = parts.filter((part) => part.text !== "");
  if (visible.length === 0) return;
  visible.forEach((part, index) => {
    const last = index === visible.length - 1;
    doc.font(font(part));
    const textOptions = { ...options, continued: !last, link: part.link ?? null, underline: false };
    if (index === 0 && x !== undefined) doc.text(part.text, x, doc.y, textOptions);
    else doc.text(part.text, textOptions);
  });
}

/** A new page when less than `lines` lines are left: a heading or a list marker never ends a page alone. */
function keepLines(doc: Doc, lines: number) {
  if (doc.y + lines * doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function writeBlocks(doc: Doc, tokens: readonly Token[], publicUrl: string, indent = 0) {
  const width = doc.page.width - 2 * MARGIN - indent;
  for (const token of tokens) {
    keepLines(doc, token.type === "heading" ? 5 : 2);
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        doc.moveDown(heading.depth <= 2 ? 0.8 : 0.5);
        doc.fontSize(heading.depth <= 2 ? 13 : 11);
        writeRuns(
          doc,
          runs(heading.tokens, publicUrl).map((run) => ({ ...run, bold: true })),
          { width },
          MARGIN + indent,
        );
        doc.fontSize(BODY_SIZE).moveDown(0.3);
        break;
      }
      case "paragraph":
        doc.fontSize(BODY_SIZE);
        writeRuns(
          doc,
          runs((token as Tokens.Paragraph).tokens, publicUrl),
          { width, align: "left" },
          MARGIN + indent,
        );
        doc.moveDown(0.5);
        break;
      case "list": {
        const list = token as Tokens.List;
        list.items.forEach((item, index) => {
          keepLines(doc, 2);
          const marker = list.ordered ? `${Number(list.start || 1) + index}.` : "•";
          const top = doc.y;
          doc
            .font("Helvetica")
            .fontSize(BODY_SIZE)
            .text(marker, MARGIN + indent, top, { width: 14 });
          doc.y = top;
          const inline = item.tokens.flatMap((child) =>
            child.type === "text" || child.type === "paragraph"
              ? ((child as Tokens.Text).tokens ?? [child])
              : [],
          );
          writeRuns(doc, runs(inline, publicUrl), { width: width - 16 }, MARGIN + indent + 16);
          const nested = item.tokens.filter((child) => child.type === "list");
          if (nested.length) writeBlocks(doc, nested, publicUrl, indent + 16);
          doc.moveDown(0.15);
        });
        doc.moveDown(0.4);
        break;
      }
      case "blockquote":
        writeBlocks(doc, (token as Tokens.Blockquote).tokens, publicUrl, indent + 16);
        break;
      default:
        break;
    }
  }
}

function pageNumbers(doc: Doc, label: string) {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor("#555555")
      .text(`${label} — page ${index + 1} sur ${range.count}`, MARGIN, doc.page.height - MARGIN / 2 - 8, {
        width: doc.page.width - 2 * MARGIN,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.fillColor("black");
  }
}

const markdown = new Marked({ gfm: false, async: false });

/** `CGV-v3.pdf`: the file name of a version, in the e-mail and the download. */
export function cgvPdfName(number: number): string {
  return `CGV-v${number}.pdf`;
}

/** A CGV version as PDF: its title, number and date, then its text as published. */
export async function cgvPdf(version: CgvVersion, publicUrl: string): Promise<Buffer> {
  const doc = await newDocument(
    `${version.title} — version ${version.number}`,
    new Date(version.effectiveAt),
  );
  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(plain(version.title), { width: doc.page.width - 2 * MARGIN });
  doc
    .moveDown(0.3)
    .font("Helvetica")
    .fontSize(BODY_SIZE)
    .text(`Version ${version.number}, en vigueur depuis le ${dayMonthYear(version.effectiveAt)}`);
  if (version.lead) doc.font("Helvetica-Oblique").text(plain(version.lead));
  doc.moveDown(0.8);
  // The sections' anchors ({#article-1}) are for the web page's links, not for paper.
  writeBlocks(doc, markdown.lexer(version.markdown.replace(/ \{#[a-z0-9-]+\}$/gm, "")), publicUrl);
  pageNumbers(doc, `${plain(version.title)}, version ${version.number}`);
  return finish(doc);
}

export const WITHDRAWAL_FORM_PDF_NAME = "formulaire-retractation.pdf";

/** The Code's model withdrawal form (annexe à l'article R221-1), addressed to the seller. */
export async function withdrawalFormPdf(addressee: string, createdAt: Date = new Date()): Promise<Buffer> {
  const doc = await newDocument(WITHDRAWAL_FORM_TITLE, createdAt);
  const width = doc.page.width - 2 * MARGIN;
  doc
    .font("Helvetica-Bold")
    .fontSize(15)
    .text(WITHDRAWAL_FORM_TITLE.toUpperCase(), { width, align: "center" });
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#555555")
    .text("Annexe à l'article R221-1 du Code de la consommation", { width, align: "center" })
    .fillColor("black")
    .moveDown(1.2);
  const [intro, ...lines] = withdrawalFormLines(plain(addressee));
  doc
    .font("Helvetica-Oblique")
    .fontSize(BODY_SIZE)
    .text(intro ?? "", { width })
    .moveDown(1);
  const footnote = lines.pop() ?? "";
  for (const line of lines) {
    doc.font("Helvetica").fontSize(BODY_SIZE).text(`— ${line}`, { width });
    // Room to write by hand under each line the consumer fills.
    doc.moveDown(line.startsWith("À l'attention") || line.startsWith("Je/nous") ? 0.8 : 2.2);
  }
  doc.moveDown(0.5).font("Helvetica").fontSize(8).text(footnote, { width });
  return finish(doc);
}
