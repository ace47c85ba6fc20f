/**
 * The shop's fixed-window rate limiter, for what Better Auth does not cover (contact, chat, the
 * per-account sign-in limit). Counters live in the database (table rate_limits), so a restart does
 * not hand an attacker a fresh allowance (docs/security.md). Each attempt is one atomic
 * statement, and rows whose window has passed are purged as the limiter is used.
 */
import { sql } from "kysely";
import type { DB } from "./database.server";
import { perDatabase } from "./per-database.server";

export interface RateLimiter {
  /** True when this attempt is allowed (and counts it, refused or not). */
  attempt(key: string, now?: number): Promise<boolean>;
  /** True when the key has used up its window, without counting anything. */
  isLimited(key: string, now?: number): Promise<boolean>;
  /** Forgets the key's window (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

export interface RateLimitRule {
  /** Separates the limiters sharing the table: "contact", "chat", "connexion-compte"… */
  scope: string;
  max: number;
  windowMs: number;
}

const PURGE_EVERY_MS = 60_000;
/** When each scope's old rows were last purged, per instance. */
const lastPurgeOf = perDatabase(() => new Map<string, number>());

/**
 * Every instance on one database counts in the same rows (ADR 014): one upsert per attempt, atomic
 * on both back ends, so a burst split across instances is limited as one.
 */
export function createRateLimiter(db: DB, rule: RateLimitRule): RateLimiter {
  const { scope, max, windowMs } = rule;
  const lastPurge = lastPurgeOf(db);
  return {
    async attempt(key, now = Date.now()) {
      if (now - (lastPurge.get(scope) ?? 0) >= PURGE_EVERY_MS) {
        lastPurge.set(scope, now);
        await db
          .deleteFrom("rate_limits")
          .where("scope", "=", scope)
          .where("window_start", "<=", now - windowMs)
          .execute();
      }
      // SET expressions all read the row as it was, so both CASEs test the old window.
      const windowOver = sql<boolean>`${now} - rate_limits.window_start >= ${windowMs}`;
      const row = await db
        .insertInto("rate_limits")
        .values({ scope, key, window_start: now, count: 1 })
        .onConflict((oc) =>
          oc.columns(["scope", "key"]).doUpdateSet({
            count: sql<number>`case when ${windowOver} then 1 else rate_limits.count + 1 end`,
            window_start: sql<number>`case when ${windowOver} then ${now} else rate_limits.window_start end`,
          }),
        )
        .returning("count")
        .executeTakeFirst();
      return (row?.count ?? 1) <= max;
    },
    async isLimited(key, now = Date.now()) {
      const row = await db
        .selectFrom("rate_limits")
        .select(["window_start", "count"])
        .where("scope", "=", scope)
        .where("key", "=", key)
        .executeTakeFirst();
      return Boolean(row && now - row.window_start < windowMs && row.count >= max);
    },
    async reset(key) {
      await db.deleteFrom("rate_limits").where("scope", "=", scope).where("key", "=", key).execute();
    },
  };
}

/** The client address, as the HTTP layer recorded it (app/server/http-app.server.ts). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "inconnu";
}
