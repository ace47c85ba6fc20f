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
