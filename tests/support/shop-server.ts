/**
 * Starts the built server (build/server.js) as a child process on a free loopback port and a
 * temporary DATA_DIR, for integration suites. Each suite gets its own ports and data, so Vitest can
 * run the files in parallel and two checkouts on one machine never collide.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import {
  copyPostgresSnapshot,
  copySqliteSnapshot,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  SNAPSHOT_SETTINGS,
} from "./demo-snapshot";
import { freePort } from "./free-port";
import { type TestBackend, testBackend, testDatabaseEnv } from "./test-database";

export const root = path.resolve(import.meta.dirname, "../..");
const serverEntry = path.join(root, "build/server.js");

export type ShopServer = {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  output: () => string;
};

export { freePort };

export function newDataDir(label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nacre-${label}-`));
  databaseEnvByDataDir.set(dataDir, testDatabaseEnv(label));
  untouchedDataDirs.add(dataDir);
  return dataDir;
}

/** DATA_DIRs made by newDataDir whose shop has not started yet: empty, on an empty database. */
const untouchedDataDirs = new Set<string>();

/**
 * A first start with the default test settings would seed the very demo the run's snapshot holds:
 * the shop gets a copy of it instead (tests/support/demo-snapshot.ts).
 */
export function startFromDemoSnapshot(dataDir: string, env: Record<string, string> | undefined): void {
  if (!untouchedDataDirs.delete(dataDir)) return;
  const url = databaseEnvOf(dataDir).DATABASE_URL;
  // The data folder's own database named again (instances sharing it) is not another setting.
  const differs = ([key, value]: [string, string]) =>
    SNAPSHOT_SETTINGS.includes(key) && !(key === "DATABASE_URL" && value === url);
  if (Object.entries(env ?? {}).some(differs)) return;
  if (url) copyPostgresSnapshot(url);
  else copySqliteSnapshot(dataDir);
}

/**
 * A shop's data is its DATA_DIR and, on the PostgreSQL back end, its database: a shop started
 * again on the same DATA_DIR finds the same database (tests/support/test-database.ts).
 */
const databaseEnvByDataDir = new Map<string, Record<string, string>>();

export function databaseEnvOf(dataDir: string): Record<string, string> {
  let env = databaseEnvByDataDir.get(dataDir);
  if (!env) {
    env = testDatabaseEnv(path.basename(dataDir));
    databaseEnvByDataDir.set(dataDir, env);
  }
  return env;
}

export function startServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  /** false: a first start seeds the demo itself, for tests of seeding (default: copy the snapshot). */
  fromDemoSnapshot?: boolean;
}): ShopServer {
  if (!fs.existsSync(serverEntry))
    throw new Error("build/server.js manque : lancez `npm run build` d'abord.");
  const { port, dataDir } = options;
  if (options.fromDemoSnapshot === false) untouchedDataDirs.delete(dataDir);
  startFromDemoSnapshot(dataDir, options.env);
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      // The tests post from the address they reach the shop on (ShopServer.url).
      PUBLIC_URL_ALIASES: `http://127.0.0.1:${port}`,
      SEED_DEMO: "1",
      // Tests sign in with known passwords; a shop started without them generates random ones.
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      DEMO_PASSWORD: DEMO_CUSTOMER.password,
      // Dozens of test shops start on the demo's ~100 pictures: making all their sizes at each start
      // would take minutes of CPU; the suites that test it turn it on (image-sizes.test.ts).
      IMAGE_SIZES_AT_START: "0",
      ...databaseEnvOf(dataDir),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, port, url: `http://127.0.0.1:${port}`, dataDir, output: () => output };
}

export async function waitHealthy(server: ShopServer, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(
        `le serveur du port ${server.port} s'est arrêté (code ${server.child.exitCode}) :\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(`${server.url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`le serveur du port ${server.port} n'a pas démarré :\n${server.output()}`);
}

/** A fresh shop on a free port, healthy. */
export async function startShop(label: string, env?: Record<string, string>) {
  const server = startServer({ port: await freePort(), dataDir: newDataDir(label), env });
  try {
    await waitHealthy(server);
  } catch (error) {
    // A shop that never became healthy must not keep seeding and holding a port after the test.
    await stopServer(server, "SIGKILL");
    throw error;
  }
  return server;
}

export async function stopServer(server: { child: ChildProcess }, signal: NodeJS.Signals = "SIGTERM") {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill(signal);
  await exited;
}

/** Read-only access to the server's SQLite file, closed after `read` (SQLite-only tests). */
export function readDatabase<T>(dataDir: string, read: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(dataDir, "nacre.sqlite"), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * The shop's database as a test sees it, on either back end: `?` placeholders, rows as plain
 * objects with numbers for counts and flags (as the shop's own pool reads them on PostgreSQL).
 */
export interface ShopDatabase {
  backend: TestBackend;
  get<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  run(sql: string, ...params: unknown[]): Promise<{ changes: number }>;
}

/** `?` → `$1, $2…`, outside quoted strings and identifiers. */
function numberedPlaceholders(text: string): string {
  let n = 0;
  let quote: string | null = null;
  let out = "";
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === "?") {
      out += `$${++n}`;
      continue;
    }
    out += char;
  }
  return out;
}

const INT8 = 20;
const NUMERIC = 1700;
const numbersAsNumbers = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === INT8 || oid === NUMERIC
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as "text"),
} as pg.CustomTypesConfig;

/**
 * Opens the database of the shop whose DATA_DIR is `dataDir` (its SQLite file, or its PostgreSQL
 * database on that back end), runs `use`, and closes it. Writes are allowed: a test may set up or
 * break data behind the shop's back, as an administrator with a database client would.
 */
export async function queryDatabase<T>(
  dataDir: string,
  use: (db: ShopDatabase) => Promise<T> | T,
): Promise<T> {
  const url = databaseEnvOf(dataDir).DATABASE_URL;
  if (!url) {
    const sqlite = new SQLite(path.join(dataDir, "nacre.sqlite"));
    sqlite.pragma("busy_timeout = 15000");
    try {
      return await use({
        backend: "sqlite",
        get: async (text, ...params) => sqlite.prepare(text).get(...params) as never,
        all: async (text, ...params) => sqlite.prepare(text).all(...params) as never,
        run: async (text, ...params) => ({ changes: sqlite.prepare(text).run(...params).changes }),
      });
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: url, types: numbersAsNumbers });
  await client.connect();
  try {
    return await use({
      backend: "postgres",
      get: async (text, ...params) => (await client.query(numberedPlaceholders(text), params)).rows[0],
      all: async (text, ...params) => (await client.query(numberedPlaceholders(text), params)).rows,
      run: async (text, ...params) => ({
        changes: (await client.query(numberedPlaceholders(text), params)).rowCount ?? 0,
      }),
    });
  } finally {
    await client.end();
  }
}

/**
 * The uploaded originals a shop holds in `folder`, where its back end keeps them (ADR 015): files
 * under DATA_DIR/uploads/{folder} on SQLite, rows "{folder}/{name}" of image_files on PostgreSQL.
 */
export async function storedOriginals(dataDir: string, folder: string): Promise<string[]> {
  if (!databaseEnvOf(dataDir).DATABASE_URL) {
    const dir = path.join(dataDir, "uploads", folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  }
  const rows = await queryDatabase(dataDir, (db) =>
    db.all<{ file_name: string }>("select file_name from image_files where file_name like ?", `${folder}/%`),
  );
  return rows.map((row) => row.file_name.slice(folder.length + 1)).sort();
}

/** The test run's back end (the Vitest project's NACRE_TEST_BACKEND). */
export { testBackend };

function cookieHeader(response: Response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Signs in through the /auth form like a browser without JavaScript; returns the cookie header. */
export async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  if (response.status !== 302) throw new Error(`connexion refusée pour ${email} (${response.status})`);
  return cookieHeader(response);
}

/** Creates a customer account through the /auth form; returns the cookie header. */
export async function signUp(url: string, email: string, name = "Cliente test") {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({
      intent: "signup",
      name,
      email,
      password: "Motdepasse-2026",
      passwordConfirm: "Motdepasse-2026",
    }),
  });
  if (response.status !== 302) throw new Error(`inscription refusée pour ${email} (${response.status})`);
  return cookieHeader(response);
}

export { DEMO_ADMIN, DEMO_CUSTOMER };

/**
 * The tables of the shop's database by name, on either back end: what sqlite_master lists on SQLite
 * (its own sqlite_* tables left out), the base tables of the shop's schema on PostgreSQL. Both
 * include Kysely's migration bookkeeping (kysely_migration, kysely_migration_lock). Sorted here,
 * not by the database, so that both back ends give the same order.
 */
export async function listTables(db: ShopDatabase): Promise<string[]> {
  const rows =
    db.backend === "sqlite"
      ? await db.all<{ name: string }>(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'",
        )
      : await db.all<{ name: string }>(
          "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
        );
  return rows.map((row) => row.name).sort();
}

/**
 * A fresh DATA_DIR for a shop on SQLite whatever the test run's back end: the shop and
 * queryDatabase use its nacre.sqlite, and the shop generates its own session secret there.
 */
export function newSqliteDataDir(label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nacre-${label}-`));
  databaseEnvByDataDir.set(dataDir, { DATABASE_URL: "", AUTH_SECRET: "" });
  untouchedDataDirs.add(dataDir);
  return dataDir;
}

/** A fresh DATA_DIR for a shop on the given database (e.g. a copy made by a test). */
export function newDataDirOn(label: string, databaseEnv: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nacre-${label}-`));
  databaseEnvByDataDir.set(dataDir, databaseEnv);
  return dataDir;
}

/**
 * PostgreSQL only: what a stopped shop left on its database. Waits (10 s at most) until no client
 * session but this one is left, then tells how many client sessions remain, how many sessions ever
 * ended because their client vanished without closing them (PostgreSQL's sessions_abandoned: a
 * killed process, or one that exited before closing its pool) and how many locks others still hold.
 */
export async function postgresAfterShopExit(
  dataDir: string,
): Promise<{ sessions: number; abandoned: number; locks: number }> {
  return queryDatabase(dataDir, async (db) => {
    if (db.backend !== "postgres") throw new Error("postgresAfterShopExit : PostgreSQL seulement");
    const sessions = async () =>
      (
        (await db.get<{ n: number }>(
          `select count(*) as n from pg_stat_activity
           where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
        )) as { n: number }
      ).n;
    const deadline = Date.now() + 10_000;
    while ((await sessions()) > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // A session's end is counted when its process has gone; the next query then sees it.
    const { abandoned } = (await db.get<{ abandoned: number }>(
      "select sessions_abandoned as abandoned from pg_stat_database where datname = current_database()",
    )) as { abandoned: number };
    // PostgreSQL's own autovacuum may be analysing the tables the shop wrote (a worker's relation
    // locks, no client session): not the shop's. Every other lock on the database counts.
    const { locks } = (await db.get<{ locks: number }>(
      `select count(*) as locks from pg_locks l
       where l.database = (select oid from pg_database where datname = current_database())
         and l.pid <> pg_backend_pid()
         and not exists (
           select 1 from pg_stat_activity a where a.pid = l.pid and a.backend_type = 'autovacuum worker'
         )`,
    )) as { locks: number };
    return { sessions: await sessions(), abandoned, locks };
  });
}
