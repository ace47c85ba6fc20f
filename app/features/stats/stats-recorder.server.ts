/**
 * The shop's counters in memory (ADR 034): a page view or an event adds one to a figure of the
 * day, and the figures are written in batches — every 10 s and when the process stops — by one
 * upsert per row of `stats_daily`, all in one transaction. Counting never waits for the database,
 * so it never delays an answer; a batch that cannot be written is kept for the next one.
 *
 * Unique visitors: a visitor is the SHA-256 of a salt, the client's address and its user agent.
 * The salt is random, made when the day starts and held only in this object: it is never written,
 * so after the day (or a restart) nobody, the shop included, can link a hash to an address. Only
 * the day's set of hashes stays in memory, and only its count reaches the database.
 */
import crypto from "node:crypto";
import type { DB } from "~/server/database.server";
import type { StatKind } from "./stat-kinds";

/** Distinct visitors remembered per day at most: beyond, a flood of addresses is counted, not kept. */
const MAX_VISITORS_PER_DAY = 200_000;
/** The longest key kept: a page route, a domain, a truncated search. */
export const STAT_KEY_MAX_LENGTH = 100;

export interface StatsRecorder {
  /** One more of a figure today. */
  count(kind: StatKind, key?: string): void;
  /** A counted page view's visitor: one more unique visitor the first time today. */
  visitor(address: string, userAgent: string): void;
  /** Writes what was counted since the last batch (one transaction). */
  flush(): Promise<void>;
  /** Stops the timer and writes the last batch: nothing counted before is lost. */
  stop(): Promise<void>;
}

interface Pending {
  day: string;
  kind: StatKind;
  key: string;
  count: number;
}

/** The shop's day (Europe/Paris), YYYY-MM-DD: the dashboard's days are the seller's. */
const parisDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
export function shopDay(at: Date): string {
  return parisDay.format(at);
}

export function createStatsRecorder(options: {
  db: DB;
  flushEveryMs?: number;
  now?: () => Date;
}): StatsRecorder {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  let pending = new Map<string, Pending>();
  // The day is worked out at most once a second: formatting a date per view would cost more than
  // the rest of the counting.
  let day = "";
  let dayCheckedAt = Number.NEGATIVE_INFINITY;
  let salt = Buffer.alloc(0);
  let seen = new Set<string>();
  let saltDay = "";

  function today(): string {
    const at = now();
    const ms = at.getTime();
    if (options.now || ms - dayCheckedAt >= 1000 || ms < dayCheckedAt) {
      day = shopDay(at);
      dayCheckedAt = ms;
    }
    return day;
  }

  function add(currentDay: string, kind: StatKind, key: string, by: number) {
    const id = `${currentDay}\u0000${kind}\u0000${key}`;
    const row = pending.get(id);
    if (row) row.count += by;
    else pending.set(id, { day: currentDay, kind, key, count: by });
  }

  let flushing: Promise<void> = Promise.resolve();
  async function write() {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await db.transaction().execute(async (trx) => {
        for (const row of batch.values()) {
          await trx
            .insertInto("stats_daily")
            .values(row)
            .onConflict((oc) =>
              oc
                .columns(["day", "kind", "key"])
                .doUpdateSet((eb) => ({ count: eb("stats_daily.count", "+", eb.ref("excluded.count")) })),
            )
            .execute();
        }
      });
    } catch (error) {
      // Kept for the next batch: a database that does not answer loses no figure.
      for (const [id, row] of batch) {
        const again = pending.get(id);
        if (again) again.count += row.count;
        else pending.set(id, row);
      }
      console.error("Statistiques non enregistrées, gardées pour le prochain envoi", error);
    }
  }
  function flush() {
    flushing = flushing.then(write);
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 10_000);
  timer.unref();

  return {
    count(kind, key = "") {
      add(today(), kind, key.slice(0, STAT_KEY_MAX_LENGTH), 1);
    },
    visitor(address, userAgent) {
      const currentDay = today();
      if (saltDay !== currentDay) {
        // A new day: a new salt, and yesterday's hashes forgotten with the old one.
        salt = crypto.randomBytes(32);
        seen = new Set();
        saltDay = currentDay;
      }
      const hash = crypto
        .createHash("sha256")
        .update(salt)
        .update(address)
        .update("\n")
        .update(userAgent)
        .digest("base64");
      if (seen.has(hash)) return;
      if (seen.size < MAX_VISITORS_PER_DAY) seen.add(hash);
      add(currentDay, "visitor", "", 1);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
