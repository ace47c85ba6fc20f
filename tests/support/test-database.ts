/**
 * Which back end a test runs on, and a fresh database of that back end for it (ADR 014). The Vitest
 * project sets NACRE_TEST_BACKEND ("sqlite" by default); on PostgreSQL every call creates a new,
 * empty database on the run's cluster (tests/support/postgres-global-setup.ts), so test files and
 * the shops they start never share data.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type TestBackend = "sqlite" | "postgres";

export function testBackend(): TestBackend {
  return process.env.NACRE_TEST_BACKEND === "postgres" ? "postgres" : "sqlite";
}

/** A fixed secret for test shops: on PostgreSQL AUTH_SECRET is required (every instance shares it). */
export const TEST_AUTH_SECRET = "nacre-tests-secret-0123456789abcdef0123456789";

function adminUrl(): string {
  const url = process.env.NACRE_TEST_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("Aucun PostgreSQL de test : lancez le projet Vitest « postgres ».");
  return url;
}

/**
 * Creates an empty database on the test cluster and returns its URL. Synchronous (a short child
 * process), so that a shop can be started, stopped and started again on "the same data" without
 * every helper becoming async.
 */
export function createTestDatabaseUrl(label = "test", template?: string): string {
  const name = `nacre_${label
    .replace(/[^a-z0-9]/gi, "_")
    .toLowerCase()
    .slice(0, 30)}_${crypto.randomBytes(5).toString("hex")}`;
  const script = `
    const pg = require("pg");
    const client = new pg.Client({ connectionString: process.argv[1] });
    client.connect()
      .then(() => client.query('create database "' + process.argv[2] + '"' + (process.argv[3] ? ' template "' + process.argv[3] + '"' : '')))
      .then(() => client.end())
      .catch((error) => { console.error(error.message); process.exit(1); });`;
  const result = spawnSync(process.execPath, ["-e", script, adminUrl(), name, template ?? ""], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`création de la base ${name} impossible : ${result.stderr}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * What a shop started by a test needs on top of its DATA_DIR to run on the test back end: nothing
 * on SQLite, a fresh database and the shared secret on PostgreSQL.
 */
export function testDatabaseEnv(label?: string): Record<string, string> {
  return testBackend() === "postgres"
    ? { DATABASE_URL: createTestDatabaseUrl(label), AUTH_SECRET: TEST_AUTH_SECRET }
    : {};
}

/**
 * Where the run's empty migrated database is (tests/support/migrated-setup.ts): a SQLite file, or
 * the name of a PostgreSQL template. Module tests' contexts start from a copy instead of running
 * every migration again (half a second each on PostgreSQL).
 */
export const MIGRATED_ENV = {
  sqlite: "NACRE_TEST_MIGRATED_SQLITE",
  postgres: "NACRE_TEST_MIGRATED_POSTGRES",
} as const;

/**
 * Like testDatabaseEnv, for a module test's context: on a copy of the run's empty migrated
 * database when there is one (its DATA_DIR receives the SQLite copy).
 */
export function migratedDatabaseEnv(label: string, dataDir: string): Record<string, string> {
  if (testBackend() === "postgres") {
    const template = process.env[MIGRATED_ENV.postgres];
    return { DATABASE_URL: createTestDatabaseUrl(label, template), AUTH_SECRET: TEST_AUTH_SECRET };
  }
  const migrated = process.env[MIGRATED_ENV.sqlite];
  if (migrated) fs.copyFileSync(migrated, path.join(dataDir, "nacre.sqlite"));
  return {};
}
