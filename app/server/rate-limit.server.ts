/**
 * The shop's fixed-window rate limiter, for what Better Auth does not cover (contact, chat, the
 * per-account sign-in limit). Counters live in the database (table rate_limits), so a restart does
 * not hand an attacker a fresh allowance (docs/security.md). Each attempt is one atomic
 * statement, and rows whose window has passed are purged as the limiter is used.
 */
import type SQLite from "better-sqlite3";

export interface RateLimiter {
  /** True when this attempt is allowed (and counts it, refused or not). */
  attempt(key: string, now?: number): boolean;
  /** True when the key has used up its window, without counting anything. */
  isLimited(key: string, now?: number): boolean;
  /** Forgets the key's window (e.g. after a successful sign-in). */
  reset(key: string): void;
}

export interface RateLimitRule {
  /** Separates the limiters sharing the table: "contact", "chat", "connexion-compte"… */
  scope: string;
  max: number;
  windowMs: number;
}

interface Statements {
  hit: SQLite.Statement<{ scope: string; key: string; now: number; windowMs: number }, { count: number }>;
  read: SQLite.Statement<[string, string], { window_start: number; count: number }>;
  forget: SQLite.Statement<[string, string]>;
  purge: SQLite.Statement<[string, number]>;
}

const statementsBySqlite = new WeakMap<SQLite.Database, Statements>();

function statementsFor(sqlite: SQLite.Database): Statements {
  let statements = statementsBySqlite.get(sqlite);
  if (!statements) {
    statements = {
      // SET expressions all read the row as it was, so both CASEs test the old window.
      hit: sqlite.prepare(
        `insert into rate_limits (scope, key, window_start, count) values (@scope, @key, @now, 1)
         on conflict (scope, key) do update set
           count = case when @now - window_start >= @windowMs then 1 else count + 1 end,
           window_start = case when @now - window_start >= @windowMs then @now else window_start end
         returning count`,
      ),
      read: sqlite.prepare("select window_start, count from rate_limits where scope = ? and key = ?"),
      forget: sqlite.prepare("delete from rate_limits where scope = ? and key = ?"),
      purge: sqlite.prepare("delete from rate_limits where scope = ? and window_start <= ?"),
    };
    statementsBySqlite.set(sqlite, statements);
  }
  return statements;
}

const PURGE_EVERY_MS = 60_000;
const lastPurge = new Map<string, number>();

export function createRateLimiter(sqlite: SQLite.Database, rule: RateLimitRule): RateLimiter {
  const { scope, max, windowMs } = rule;
  // Prepared on first use: the limiter may be built before the migrations have run.
  const statements = () => statementsFor(sqlite);
  return {
    attempt(key, now = Date.now()) {
      if (now - (lastPurge.get(scope) ?? 0) >= PURGE_EVERY_MS) {
        lastPurge.set(scope, now);
        statements().purge.run(scope, now - windowMs);
      }
      const row = statements().hit.get({ scope, key, now, windowMs });
      return (row?.count ?? 1) <= max;
    },
    isLimited(key, now = Date.now()) {
      const row = statements().read.get(scope, key);
      return Boolean(row && now - row.window_start < windowMs && row.count >= max);
    },
    reset(key) {
      statements().forget.run(scope, key);
    },
  };
}

/** The client address, as the HTTP layer recorded it (app/server/http-app.server.ts). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "inconnu";
}
