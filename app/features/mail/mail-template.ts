/**
 * What an e-mail of the shop says, once, as blocks (docs/product.md §10.13): the HTML part
 * (shop-mail.server.tsx) and the plain-text part (mailText) are both drawn from it, so the two never tell
 * different things. Texts are French and final; the blocks only say how each part is shown.
 */

/** A piece in an e-mail: its name, how many, its price line, and its picture when it has one. */
export interface MailPiece {
  name: string;
  quantity: number;
  /** "18,00 € l'unité, soit 36,00 €", "Prix sur demande". */
  price: string;
  /** What follows the line, e.g. that it waits for the seller's approval. */
  note?: string;
  /** Absolute URL of a served size (the HTML part only). */
  imageUrl?: string;
  /** Absolute URL of the piece's page. */
  url?: string;
}

export type MailBlock =
  /** Prose. Lines are hard-wrapped for the text part; the HTML part flows them into one paragraph. */
  | { kind: "text"; lines: readonly string[] }
  /** A sub-heading (h2). */
  | { kind: "heading"; text: string }
  /** A link to follow: a sentence, then the address (text) or a button (HTML). */
  | { kind: "action"; intro: string; label: string; url: string }
  /** What someone wrote (a customer's message, a review): quoted, never formatted. */
  | { kind: "quote"; text: string }
  /** Label and value pairs: "Numéro de suivi : …". */
  | { kind: "facts"; rows: readonly (readonly [string, string])[] }
  /** An order's pieces, then its totals and notes. */
  | {
      kind: "pieces";
      title: string;
      pieces: readonly MailPiece[];
      rows: readonly (readonly [string, string])[];
      notes?: readonly string[];
    }
  /** A smaller, quieter paragraph (why this e-mail came, where it is set). */
  | { kind: "note"; lines: readonly string[] };

export interface MailContent {
  to: string;
  subject: string;
  replyTo?: string;
  /** The shop's name and public address: the HTML part's header, footer and absolute links. */
  brand: { shopName: string; publicUrl: string };
  /** The HTML part's title (h1); the subject says it in the text part. */
  title: string;
  /** The line mail apps show after the subject in a list of mails. */
  preview?: string;
  /** "Bonjour Marie,": omitted for the seller's own notifications. */
  greeting?: string;
  blocks: readonly MailBlock[];
  /** The closing line, e.g. "Ia ora na, à bientôt sur Nacre." */
  signature?: string;
}

/** "Bonjour Marie," or "Bonjour," for a name left empty. */
export function greetingFor(name: string | null | undefined): string {
  return `Bonjour ${name || ""},`.replace(" ,", ",");
}

function blockText(block: MailBlock): string[] {
  switch (block.kind) {
    case "text":
    case "note":
      return [...block.lines];
    case "heading":
      return [block.text];
    case "action":
      return [block.intro, block.url];
    case "quote":
      return [block.text];
    case "facts":
      return block.rows.map(([label, value]) => `${label} : ${value}`);
    case "pieces":
      return [
        block.title,
        ...block.pieces.map(
          (piece) =>
            `- ${piece.name} × ${piece.quantity} — ${piece.price}${piece.note ? ` ${piece.note}` : ""}`,
        ),
        ...block.rows.map(([label, value]) => `${label} : ${value}`),
        ...(block.notes ?? []),
      ];
  }
}

/** The plain-text part: the greeting, each block, the signature, a blank line between them. */
export function mailText(content: MailContent): string {
  const parts: string[][] = [];
  if (content.greeting) parts.push([content.greeting]);
  for (const block of content.blocks) parts.push(blockText(block));
  if (content.signature) parts.push([content.signature]);
  return parts.map((lines) => lines.join("\n")).join("\n\n");
}
