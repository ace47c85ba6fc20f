/**
 * Durable mail (ADR 025, docs/product.md §10.13). Every e-mail the shop owes is recorded as a row of
 * `mail_outbox` by `recordMail`, inside the transaction of the change that owes it (an order and
 * its confirmation commit together, or neither does); Better Auth's own writes (a reset link, the
 * "address already taken" mail) record theirs in their callback, before the request answers.
 *
 * The worker delivers them: it claims due rows in one atomic statement (PostgreSQL: `for update
 * skip locked` in the claiming UPDATE, so two instances never take the same row; SQLite: the same
 * conditional UPDATE, which runs alone), sends each through the mailer, then marks it sent and
 * empties its message. A failure is retried with exponential backoff (30 s, 1 min, 2 min… capped
 * at an hour); after the last try the mail is "failed", keeps its message and its last error, and
 * shows on the dashboard, where the seller can send it again. A claim lasts CLAIM_MS and is renewed
 * while the worker is busy with it: the claim of an instance that crashed expires and another
 * instance (or the same one restarted) takes the mail again. The mailer names the file and the
 * Message-ID after the row, so that second delivery writes no second file.
 *
 * The worker wakes when a commit recorded a mail (`nudge`, in this process), at the next due retry,
 * and at least every `pollMs` (another instance's mails on PostgreSQL; another process on the same
 * SQLite file). Every function takes the clock, so tests move time instead of waiting.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import type { DatabaseKind } from "../../db/dialect";
import type { DB } from "./database.server";
import type { MailStatus } from "./db-schema.server";
import { newId } from "./ids.server";
import type { Mailer, MailMessage } from "./mail.server";

/** How many tries a mail gets before it is shown as failed on the dashboard. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** How long a claim holds a mail; renewed every third of it while the worker is still on it. */
export const CLAIM_MS = 20_000;
/** Delivered rows (their message already emptied), and failed ones not resent, go after this. */
const KEPT_MS = 30 * 86_400_000;
const BATCH = 10;

/** The wait before try number `attempts + 1`, after `attempts` failures: 30 s, 1 min, 2 min… 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Records a mail to deliver. Call it with the transaction of the change that owes the mail, and
 * nudge the worker once that transaction has committed.
 */
export async function recordMail(
  db: DB,
  message: MailMessage,
  kind: string,
  now: Date = new Date(),
): Promise<string> {
  const id = newId();
  const at = now.toISOString();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      kind,
      recipient: message.to,
      subject: message.subject,
      message: JSON.stringify(message),
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
  return id;
}

/** A short, body-free description of a delivery error (its code and first line). */
export function errorSummary(error: unknown): string {
  if (!error || typeof error !== "object") return String(error).slice(0, 300);
  const { code, message, responseCode } = error as {
    code?: unknown;
    message?: unknown;
    responseCode?: unknown;
  };
  const parts = [code, responseCode].filter((part) => part !== undefined && part !== null).map(String);
  const first = typeof message === "string" ? (message.split("\n")[0] ?? "") : "";
  return [parts.join(" "), first].filter(Boolean).join(" : ").slice(0, 300) || "erreur";
}

interface ClaimedMail {
  id: string;
  kind: string;
  message: string;
  attempts: number;
  created_at: string;
}

/**
 * Takes up to `limit` due mails for the claim `token` until `now + CLAIM_MS`: pending ones whose
 * time has come, and 'sending' ones whose claim has expired (their instance crashed or hung).
 */
export async function claimDueMails(
  db: DB,
  kind: DatabaseKind,
  token: string,
  now: Date,
  limit = BATCH,
): Promise<ClaimedMail[]> {
  const at = now.toISOString();
  let due = db
    .selectFrom("mail_outbox")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", at)]),
        eb.and([eb("status", "=", "sending"), eb("claimed_until", "<=", at)]),
      ]),
    )
    .orderBy("next_attempt_at")
    .limit(limit);
  // Rows another instance is claiming right now are skipped, not waited for.
  if (kind === "postgres") due = due.forUpdate().skipLocked();
  return db
    .updateTable("mail_outbox")
    .set({
      status: "sending",
      claim_token: token,
      claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString(),
    })
    .where("id", "in", due)
    .returning(["id", "kind", "message", "attempts", "created_at"])
    .execute();
}

export interface OutboxWorkerOptions {
  db: DB;
  kind: DatabaseKind;
  /** Read at each delivery, so a test may swap the transport. */
  mailer: () => Mailer;
  now?: () => Date;
  /** The longest sleep between two looks at the table. */
  pollMs?: number;
}

export interface OutboxWorker {
  /** A commit recorded a mail: deliver soon. Does nothing before start() or after stop(). */
  nudge(): void;
  start(): void;
  /** Stops waking, and waits for the deliveries under way. */
  stop(): Promise<void>;
  /** Delivers every due mail now (one pass after another until none is due); returns how many went. */
  deliverDue(): Promise<number>;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 60_000;
  const token = crypto.randomBytes(12).toString("base64url");
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let lastPurge = Number.NEGATIVE_INFINITY;

  async function deliverOne(row: ClaimedMail): Promise<boolean> {
    const message = JSON.parse(row.message) as MailMessage;
    try {
      await options.mailer().send(message, { id: row.id, createdAt: row.created_at });
    } catch (error) {
      const attempts = row.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      const summary = errorSummary(error);
      const retryAt = new Date(now().getTime() + retryDelayMs(attempts));
      await db
        .updateTable("mail_outbox")
        .set({
          status: failed ? "failed" : "pending",
          attempts,
          last_error: summary,
          // A failed mail keeps the time of its last try here, which the dashboard shows.
          next_attempt_at: failed ? now().toISOString() : retryAt.toISOString(),
          claim_token: null,
          claimed_until: null,
        })
        .where("id", "=", row.id)
        .where("claim_token", "=", token)
        .execute();
      console.error(
        `[mail] envoi impossible (${row.kind}) : ${summary}${failed ? " — abandonné, visible au tableau de bord" : ` — nouvel essai dans ${Math.round(retryDelayMs(attempts) / 1000)} s`}`,
      );
      return false;
    }
    // Delivered: only a short record stays (what, to whom, when), never the body.
    await db
      .updateTable("mail_outbox")
      .set({
        status: "sent",
        message: "",
        attempts: row.attempts + 1,
        sent_at: now().toISOString(),
        last_error: "",
        claim_token: null,
        claimed_until: null,
      })
      .where("id", "=", row.id)
      .where("claim_token", "=", token)
      .execute();
    return true;
  }

  async function purge() {
    const at = now().getTime();
    if (at - lastPurge < 60 * 60_000) return;
    lastPurge = at;
    const before = new Date(at - KEPT_MS).toISOString();
    await db.deleteFrom("mail_outbox").where("status", "=", "sent").where("sent_at", "<", before).execute();
    // A failed mail not resent within the same time: its body (a link, an address) goes too.
    await db
      .deleteFrom("mail_outbox")
      .where("status", "=", "failed")
      .where("next_attempt_at", "<", before)
      .execute();
  }

  async function deliverDue(): Promise<number> {
    let delivered = 0;
    // Renews this worker's claims while it works on them (a slow mail server), so they never
    // expire under it; a claim left by a crash is not renewed and expires.
    const renew = setInterval(() => {
      void db
        .updateTable("mail_outbox")
        .set({ claimed_until: new Date(now().getTime() + CLAIM_MS).toISOString() })
        .where("claim_token", "=", token)
        .where("status", "=", "sending")
        .execute()
        .catch(() => {});
    }, CLAIM_MS / 3);
    renew.unref();
    try {
      for (;;) {
        const claimed = await claimDueMails(db, options.kind, token, now());
        if (claimed.length === 0) break;
        const results = await Promise.all(claimed.map(deliverOne));
        delivered += results.filter(Boolean).length;
      }
      await purge();
    } finally {
      clearInterval(renew);
    }
    return delivered;
  }

  /** The next time a mail falls due (a retry, an expired claim), if any. */
  async function nextDue(): Promise<number | null> {
    const row = await db
      .selectFrom("mail_outbox")
      .select((eb) => [
        eb.fn.min(sql<string>`case when status = 'pending' then next_attempt_at end`).as("retry"),
        eb.fn.min(sql<string>`case when status = 'sending' then claimed_until end`).as("claim"),
      ])
      .where("status", "in", ["pending", "sending"])
      .executeTakeFirst();
    const times = [row?.retry, row?.claim].filter((time): time is string => Boolean(time)).map(Date.parse);
    return times.length ? Math.min(...times) : null;
  }

  function schedule(delayMs: number) {
    if (stopped || !started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, delayMs));
    timer.unref();
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = deliverDue()
      .catch((error) => {
        console.error(`[mail] boîte d'envoi illisible : ${errorSummary(error)}`);
        return 0;
      })
      .finally(async () => {
        running = null;
        if (stopped) return;
        if (again) return schedule(0);
        const due = await nextDue().catch(() => null);
        const wait = due === null ? pollMs : Math.min(pollMs, due - now().getTime());
        schedule(wait);
      });
  }

  return {
    nudge() {
      if (started && !stopped) schedule(0);
    },
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    deliverDue,
  };
}

// --- The dashboard's view

export interface UndeliveredMail {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string;
  createdAt: string;
  lastTryAt: string;
}

/** Mails that failed after their last try, newest first (the dashboard lists them). */
export async function listUndeliveredMails(db: DB, limit = 50): Promise<UndeliveredMail[]> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "kind", "recipient", "subject", "attempts", "last_error", "created_at", "next_attempt_at"])
    .where("status", "=", "failed")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    lastTryAt: row.next_attempt_at,
  }));
}

export async function countUndeliveredMails(db: DB): Promise<number> {
  const row = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The seller's "Renvoyer": a failed mail gets a fresh set of tries, now. False if it is not failed. */
export async function retryMail(db: DB, id: string, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type { MailStatus };
