/**
 * The database connection and its migrations (ADR 014). The embedded default is a SQLite file in
 * DATA_DIR (WAL mode), one connection per process: better-sqlite3 is synchronous, and WAL lets
 * several processes read while one writes. DATABASE_URL=postgres://… opens a PostgreSQL pool
 * instead, shared by the shop's queries and Better Auth; several instances may use one database.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { type DatabaseKind, isPostgresUrl } from "../../db/dialect";
import { migrationProvider } from "../../db/migrations/index";
import { restrictDataPermissions } from "./data-permissions.server";
import type { Database } from "./db-schema.server";

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: DatabaseKind;
  /** SQLite only: the database file in DATA_DIR (backups, permissions). */
  file?: string;
  /** SQLite only: the raw connection (online backups). */
  sqlite?: SQLite.Database;
  /** PostgreSQL only: the pool, for LISTEN connections and advisory locks. */
  pool?: pg.Pool;
  /** Closes the connection or the pool (graceful shutdown). */
  close(): Promise<void>;
}

export function openDatabase(options: { dataDir: string; DATABASE_URL?: string }): DatabaseHandle {
  return isPostgresUrl(options.DATABASE_URL)
    ? openPostgres(options.DATABASE_URL)
    : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, "nacre.sqlite");
  const sqlite = new SQLite(file);
  // Before WAL mode: SQLite gives the -wal and -shm files the database file's own mode.
  restrictDataPermissions(dataDir);
  // First of all: two starts on one DATA_DIR make the second wait for the first's locks instead of
  // failing (even switching to WAL needs a lock while the other process migrates a new file).
  sqlite.pragma("busy_timeout = 15000");
  patiently(() => sqlite.pragma("journal_mode = WAL"));
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, kind: "sqlite", sqlite, file, close: () => db.destroy() };
}

// PostgreSQL sends 64-bit integers (count(*), bigint columns) and numeric sums as text, since they
// may exceed a double; the shop's counts, cents and millisecond timestamps never do, and SQLite
// hands them over as numbers: the same values reach the code on both back ends.
const INT8 = 20;
const NUMERIC = 1700;
const sameValuesAsSqlite: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8 || oid === NUMERIC
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * How every instance's connections name themselves to PostgreSQL (pg_stat_activity): a restore
 * refuses to run while any is open (postgres-backup.server.ts).
 */
export const SHOP_APPLICATION_NAME = "nacre";

/** Connections per instance: a few requests in flight each, and room for several instances. */
const POOL_SIZE = 10;

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    types: sameValuesAsSqlite,
    // Every session sees UTC, whatever the server's own zone: timestamps are written as UTC text.
    options: "-c timezone=UTC",
    application_name: SHOP_APPLICATION_NAME,
  });
  // An idle client whose server went away must not take the process down; the next query reconnects.
  pool.on("error", (error) => console.error("Connexion PostgreSQL perdue :", error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: "postgres", pool, close: () => db.destroy() };
}

/**
 * DATABASE_URL as the shop may print it (start-up banner): where it connects, never with what
 * password, whether in the address or as a `password`/`sslpassword` parameter.
 */
export function redactedDatabaseUrl(url: string): string {
  const mask = "[masqué]";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url.split("://")[0]}://${mask}`;
  }
  if (parsed.password) parsed.password = mask;
  for (const key of [...parsed.searchParams.keys()])
    if (/pass/i.test(key)) parsed.searchParams.set(key, mask);
  // URL escapes the mask's brackets and accent, in the user-info part and the query: put them back.
  return parsed.toString().replaceAll(encodeURIComponent(mask), mask);
}

/** Whether the database answers (health check). */
export async function databaseAnswers(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * SQLite answers SQLITE_BUSY at once, without the busy timeout, while another process runs WAL
 * recovery or holds a lock the timeout cannot wait for (seen when two starts open a new DATA_DIR
 * together): such a start waits and tries again, for 15 s at most, instead of failing.
 */
function patiently<T>(run: () => T, timeoutMs = 15_000): T {
  const deadline = Date.now() + timeoutMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      return run();
    } catch (error) {
      const busy = (error as { code?: string }).code?.startsWith("SQLITE_BUSY");
      if (!busy || Date.now() > deadline) throw error;
      Atomics.wait(pause, 0, 0, 50); // start-up only: a synchronous pause blocks nothing yet
    }
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; parsing and planning the SQL was a visible share of a page's
 * server time. The same SQL text gets the same prepared statement back (most recently used kept).
 * Safe because better-sqlite3 is synchronous and the app never streams rows (`.stream()` would
 * keep a statement busy while another query reused it); SQLite re-prepares after schema changes.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE)
          statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Runs `work` while this process holds the database-wide lock named `name`: on PostgreSQL a
 * session advisory lock, held by one pooled connection while `work` runs on the others, so that
 * instances starting together on one database take turns (each waits for the one before). SQLite
 * has one writer per file already, and DATA_DIR's start-up lock covers processes sharing a file.
 */
export async function withDatabaseLock<T>(
  handle: Pick<DatabaseHandle, "pool">,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!handle.pool) return work();
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [`nacre:${name}`]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock(hashtext($1))", [`nacre:${name}`]);
    }
  } finally {
    client.release();
  }
}

/**
 * Runs `work` unless another process holds the database-wide lock named `name` (then returns
 * `{ taken: false }` at once, without waiting): on PostgreSQL a session advisory try-lock, so that of
 * several instances doing the same periodic task (an automatic backup) only one does it at a time.
 * On SQLite the process is alone with its scheduled tasks: `work` always runs.
 */
export async function tryWithDatabaseLock<T>(
  handle: Pick<DatabaseHandle, "pool">,
  name: string,
  work: () => Promise<T>,
): Promise<{ taken: true; value: T } | { taken: false }> {
  if (!handle.pool) return { taken: true, value: await work() };
  const client = await handle.pool.connect();
  try {
    const { rows } = await client.query<{ taken: boolean }>(
      "select pg_try_advisory_lock(hashtext($1)) as taken",
      [`nacre:${name}`],
    );
    if (!rows[0]?.taken) return { taken: false };
    try {
      return { taken: true, value: await work() };
    } finally {
      await client.query("select pg_advisory_unlock(hashtext($1))", [`nacre:${name}`]);
    }
  } finally {
    client.release();
  }
}

/**
 * Applies pending migrations; Kysely's migration lock serialises concurrent starts. Numbers are handed
 * out to work done side by side, so one may land after a higher one a shop has already run (0018 after
 * 0019, ADR 028): each migration touches its own tables and columns, so it is applied whenever it
 * comes rather than refused.
 */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error(`Échec de la migration : ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
