/**
 * Outgoing e-mail. With SMTP_URL set, messages go through that server; otherwise each message is
 * written as an .eml file under $DATA_DIR/outbox/ and its path logged, so password resets work on a
 * laptop with no mail server (docs/product.md §10.13). The log line never carries the body: a reset
 * link in it would be a secret.
 *
 * Every message gets its own file (a timestamp and a random id, created exclusively), so messages
 * sent in the same millisecond never overwrite each other (issue 16). The outbox is bounded: at
 * most a minute after a write, the oldest files beyond the newest `maxFiles`, and any older than
 * `maxAgeDays`, are deleted.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ file?: string }>;
}

export interface OutboxBounds {
  maxFiles: number;
  maxAgeDays: number;
  /** At most one pruning pass per this many milliseconds (a pass reads the whole folder). */
  pruneEveryMs: number;
}

export const OUTBOX_BOUNDS: OutboxBounds = { maxFiles: 5000, maxAgeDays: 30, pruneEveryMs: 60_000 };

/** Deletes the oldest .eml files beyond `maxFiles` and those older than `maxAgeDays`. */
export async function pruneOutbox(outboxDir: string, bounds: OutboxBounds, now = Date.now()) {
  const names = (await fs.readdir(outboxDir)).filter((name) => name.endsWith(".eml"));
  const files = await Promise.all(
    names.map(async (name) => {
      const stat = await fs.stat(path.join(outboxDir, name)).catch(() => null);
      return { name, mtimeMs: stat?.mtimeMs ?? 0 };
    }),
  );
  // Names start with the sending time, so they order files written within one millisecond too.
  files.sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));
  const oldestKept = now - bounds.maxAgeDays * 86_400_000;
  const excess = Math.max(0, files.length - bounds.maxFiles);
  const doomed = files.filter((file, index) => index < excess || file.mtimeMs < oldestKept);
  await Promise.all(doomed.map((file) => fs.rm(path.join(outboxDir, file.name), { force: true })));
  return doomed.length;
}

export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  outbox?: Partial<OutboxBounds>;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        return {};
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const bounds = { ...OUTBOX_BOUNDS, ...options.outbox };
  let lastPrune = Number.NEGATIVE_INFINITY;
  let pruning: Promise<unknown> | null = null;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const unique = crypto.randomBytes(6).toString("hex");
      const slug = message.to.replace(/[^a-z0-9]+/gi, "_").slice(0, 60);
      const file = path.join(options.outboxDir, `${stamp}-${unique}-${slug}.eml`);
      // "wx": should two names ever collide, the second send fails rather than replace a message.
      await fs.writeFile(file, info.message as Buffer, { flag: "wx", mode: 0o600 });
      console.info(`[mail] ${message.subject} → ${message.to} : ${file}`);
      if (!pruning && Date.now() - lastPrune >= bounds.pruneEveryMs) {
        lastPrune = Date.now();
        pruning = pruneOutbox(options.outboxDir, bounds)
          .catch((error) => console.error("Nettoyage de la boîte d'envoi impossible", error))
          .finally(() => {
            pruning = null;
          });
        await pruning;
      }
      return { file };
    },
  };
}
