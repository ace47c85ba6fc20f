/**
 * The shop's outbox as tests read it: one .eml file per message (app/server/mail.server.ts), its
 * body quoted-printable. One decoder for every suite that looks for a link or a word in a mail.
 */
import fs from "node:fs";
import path from "node:path";

/** Undoes the soft line breaks and the =XX bytes of quoted-printable text, as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Every message of `dataDir`'s outbox, oldest first (names start with the sending time), decoded. */
export function readOutbox(dataDir: string): string[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, name), "utf8")));
}

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A message's attached files, decoded from their base64 MIME parts (ADR 029's PDFs). */
export function attachmentsOf(raw: string): OutboxAttachment[] {
  const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw.split(`--${boundary}`).flatMap((part) => {
    const [head = "", ...body] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const filename = /filename="?([^"\r\n;]+)"?/i.exec(head)?.[1];
    if (!filename || !/Content-Transfer-Encoding: base64/i.test(head)) return [];
    const contentType = /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1] ?? "";
    return [{ filename, contentType, content: Buffer.from(body.join("").replace(/\s+/g, ""), "base64") }];
  });
}

/** Every message of the outbox, oldest first: its decoded text, and its attachments. */
export function readOutboxMessages(dataDir: string): { text: string; attachments: OutboxAttachment[] }[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), "utf8");
      return { text: decodeQuotedPrintable(raw), attachments: attachmentsOf(raw) };
    });
}
