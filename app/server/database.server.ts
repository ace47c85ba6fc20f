/**
 * The database connection (SQLite file in DATA_DIR, WAL mode) and its migrations. One connection
 * per process: better-sqlite3 is synchronous, and WAL lets several processes read while one writes.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { migrationProvider } from "../../db/migrations/index";
import { restrictDataPermissions } from "./data-permissions.server";
import type { Database } from "./db-schema.server";

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  sqlite: SQLite.Database;
  file: string;
}

export function openDatabase(dataDir: string): DatabaseHandle {
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
  return { db, sqlite, file };
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

/** Applies pending migrations; Kysely's migration lock serialises concurrent starts. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error(`Échec de la migration : ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
