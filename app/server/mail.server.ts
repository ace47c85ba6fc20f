/**
 * Outgoing e-mail: the transports the outbox worker delivers through (app/server/outbox.server.ts,
 * ADR 025). With SMTP_URL set, messages go through that server; otherwise each message is written
 * as an .eml file under $DATA_DIR/outbox/ and its path logged, so password resets work on a laptop
 * with no mail server (docs/product.md §10.13). The log line never carries the body: a reset link in
 * it would be a secret.
 *
 * A message delivered for an outbox row carries that row's key: its file is named after the row and
 * its Message-ID derived from it, so a second delivery of the same row after a crash (written, not
 * yet marked sent) writes no second file, and a mail server or mailbox can recognise a resend. A
 * file is written under a temporary name, flushed, then renamed: a reader (or a crash) never sees a
 * 0-byte or half-written .eml. The outbox is bounded: at most a minute after a write, the oldest
 * files beyond the newest `maxFiles`, any older than `maxAgeDays`, and temporary files a crash left
 * behind, are deleted.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

/**
 * A file sent with a mail (the CGV and the withdrawal form of a confirmation, ADR 029). Its bytes
 * are in the message itself, as base64: the outbox row holds them from the transaction that owes
 * the mail until it is delivered, so a crash in between loses nothing (ADR 025).
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /**
   * Extra header fields, e.g. a list mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 2369,
   * RFC 8058; ADR 033). Kept in the outbox row with the rest of the message, written as given.
   */
  headers?: Record<string, string>;
}

export function mailAttachment(filename: string, contentType: string, content: Buffer): MailAttachment {
  return { filename, contentType, contentBase64: content.toString("base64") };
}

/** A message as nodemailer takes it: the attachments decoded from their stored base64. */
function transportMessage(message: MailMessage) {
  const { attachments, ...rest } = message;
  return {
    ...rest,
    ...(attachments?.length
      ? {
          attachments: attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: attachment.contentBase64,
            encoding: "base64",
          })),
        }
      : {}),
  };
}

/** Which outbox row a delivery is for: names its file and its Message-ID. */
export interface MailKey {
  /** The row's id. */
  id: string;
  /** The row's creation time (ISO): file names start with it, so they sort in sending order. */
  createdAt: string;
}

export interface Mailer {
  send(message: MailMessage, key?: MailKey): Promise<{ file?: string; alreadyWritten?: boolean }>;
}

export interface OutboxBounds {
  maxFiles: number;
  maxAgeDays: number;
  /** At most one pruning pass per this many milliseconds (a pass reads the whole folder). */
  pruneEveryMs: number;
}

export const OUTBOX_BOUNDS: OutboxBounds = { maxFiles: 5000, maxAgeDays: 30, pruneEveryMs: 60_000 };

/** A temporary file older than this was left by a crash mid-write (a write takes milliseconds). */
const STALE_TEMPORARY_MS = 10 * 60_000;

/** The outbox file of a row: its creation time, then its id. */
export function outboxFileName(key: MailKey): string {
  return `${key.createdAt.replace(/[:.]/g, "-")}-${key.id}.eml`;
}

/** The Message-ID of a row's message: the same on every delivery of that row. */
export function outboxMessageId(key: MailKey, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "nacre.invalid";
  return `<outbox-${key.id}@${domain}>`;
}

/** Deletes the oldest .eml files beyond `maxFiles`, those older than `maxAgeDays`, stale temporaries. */
export async function pruneOutbox(outboxDir: string, bounds: OutboxBounds, now = Date.now()) {
  const names = await fs.readdir(outboxDir);
  const stat = async (name: string) => {
    const info = await fs.stat(path.join(outboxDir, name)).catch(() => null);
    return { name, mtimeMs: info?.mtimeMs ?? 0 };
  };
  const files = await Promise.all(names.filter((name) => name.endsWith(".eml")).map(stat));
  const temporaries = await Promise.all(names.filter((name) => name.endsWith(".tmp")).map(stat));
  // Names start with the sending time, so they order files written within one millisecond too.
  files.sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));
  const oldestKept = now - bounds.maxAgeDays * 86_400_000;
  const excess = Math.max(0, files.length - bounds.maxFiles);
  const doomed = [
    ...files.filter((file, index) => index < excess || file.mtimeMs < oldestKept),
    ...temporaries.filter((file) => file.mtimeMs < now - STALE_TEMPORARY_MS),
  ];
  await Promise.all(doomed.map((file) => fs.rm(path.join(outboxDir, file.name), { force: true })));
  return doomed.length;
}

/** Writes `content` to `file` through a temporary name in the same folder, flushed, then renamed. */
export async function writeWhole(file: string, content: Buffer): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${crypto.randomBytes(6).toString("hex")}.tmp`,
  );
  const handle = await fs.open(temporary, "wx", 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/** Bounded waits (milliseconds), unless SMTP_URL sets its own. */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  outbox?: Partial<OutboxBounds>;
}): Mailer {
  const identity = (key?: MailKey) => (key ? { messageId: outboxMessageId(key, options.from) } : {});
  if (options.smtpUrl) {
    // Bounded waits: a mail server that hangs fails the try (retried later) instead of holding the
    // worker's claim for nodemailer's default ten minutes.
    const url = new URL(options.smtpUrl);
    for (const [name, value] of Object.entries(SMTP_TIMEOUTS))
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
    const transport = nodemailer.createTransport(url.toString());
    return {
      async send(message, key) {
        await transport.sendMail({ from: options.from, ...transportMessage(message), ...identity(key) });
        return {};
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const bounds = { ...OUTBOX_BOUNDS, ...options.outbox };
  let lastPrune = Number.NEGATIVE_INFINITY;
  let pruning: Promise<unknown> | null = null;
  return {
    async send(message, key) {
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const name = key
        ? outboxFileName(key)
        : `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(6).toString("hex")}.eml`;
      const file = path.join(options.outboxDir, name);
      // The row was delivered already, and the process stopped before it was marked sent.
      if (key && (await exists(file))) return { file, alreadyWritten: true };
      const info = await transport.sendMail({
        from: options.from,
        ...transportMessage(message),
        ...identity(key),
      });
      await writeWhole(file, info.message as Buffer);
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
