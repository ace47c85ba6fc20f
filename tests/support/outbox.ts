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

/** A message of the outbox, its parts decoded: the text and HTML parts, and any attachment. */
export interface ParsedMail {
  headers: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function headerValue(headers: string, name: string): string {
  // Folded header lines continue with whitespace.
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
}

function decodePart(headers: string, body: string): Buffer {
  const encoding = headerValue(headers, "content-transfer-encoding").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return Buffer.from(decodeQuotedPrintable(body), "utf8");
  return Buffer.from(body, "utf8");
}

/** Reads one .eml as nodemailer writes it: plain, multipart/alternative, or multipart/mixed. */
export function parseMail(raw: string): ParsedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const mail: ParsedMail = {
    headers,
    to: headerValue(headers, "to"),
    subject: headerValue(headers, "subject"),
    text: "",
    html: "",
    attachments: [],
  };
  const visit = (partHeaders: string, body: string) => {
    const type = headerValue(partHeaders, "content-type");
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const chunk of body.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith("--")) break;
        const inner = chunk.replace(/^\r?\n/, "");
        const at = inner.search(/\r?\n\r?\n/);
        visit(
          inner.slice(0, at),
          inner
            .slice(at)
            .replace(/^\r?\n\r?\n/, "")
            .replace(/\r?\n$/, ""),
        );
      }
      return;
    }
    const content = decodePart(partHeaders, body);
    const disposition = headerValue(partHeaders, "content-disposition");
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    if (filename || /^attachment/i.test(disposition))
      mail.attachments.push({ filename: filename ?? "", contentType: type.split(";")[0] ?? "", content });
    else if (/^text\/html/i.test(type)) mail.html = content.toString("utf8");
    else mail.text = content.toString("utf8");
  };
  visit(headers, raw.slice(split).replace(/^\r?\n\r?\n/, ""));
  return mail;
}
