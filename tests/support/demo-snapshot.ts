/**
 * The demo shop, seeded once per test run and back end, then copied into every test shop that
 * would only seed the very same demo again: seeding draws ~100 pictures (~15 s of CPU), and the
 * integration suites start dozens of shops on each back end. A copy is the state a first start
 * leaves (migrated, admin and demo customer with the test passwords, the demo content and its
 * pictures); the shop then starts on it as on any existing database.
 *
 * Only a brand-new DATA_DIR started with the default test settings gets a copy
 * (tests/integration/shop-server.ts decides); tests of the first start itself — its banner, its
 * seeding, two starts racing — opt out or change a setting the copy depends on.
 *
 * SQLite: the snapshot is a stopped shop's DATA_DIR; a copy is its nacre.sqlite and uploads/.
 * PostgreSQL: the snapshot is a database; a copy is `create database … template …`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Where the run's snapshot is, per back end (set by the Vitest global set-up, read by workers). */
export const SNAPSHOT_ENV = {
  sqlite: "NACRE_TEST_DEMO_SQLITE",
  postgres: "NACRE_TEST_DEMO_POSTGRES",
} as const;

/** Copies the SQLite snapshot into an empty DATA_DIR; false when there is none to copy. */
export function copySqliteSnapshot(dataDir: string): boolean {
  const snapshot = process.env[SNAPSHOT_ENV.sqlite];
  if (!snapshot || fs.existsSync(path.join(dataDir, "nacre.sqlite"))) return false;
  fs.copyFileSync(path.join(snapshot, "nacre.sqlite"), path.join(dataDir, "nacre.sqlite"));
  fs.cpSync(path.join(snapshot, "uploads"), path.join(dataDir, "uploads"), { recursive: true });
  return true;
}

/**
 * Replaces the empty database `url` names by a copy of the PostgreSQL snapshot; false when there
 * is none. The database must be one the harness created and nothing has used yet.
 */
export function copyPostgresSnapshot(url: string): boolean {
  const template = process.env[SNAPSHOT_ENV.postgres];
  if (!template) return false;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  // Two copies of one template at the same moment may be refused ("being accessed by other
  // users") while the other copy runs: try again shortly.
  const script = `
    const pg = require("pg");
    const [adminUrl, name, template] = process.argv.slice(1);
    const client = new pg.Client({ connectionString: adminUrl });
    const copy = async (attempt) => {
      try {
        await client.query('drop database if exists "' + name + '"');
        await client.query('create database "' + name + '" template "' + template + '"');
      } catch (error) {
        if (attempt >= 50 || error.code !== "55006") throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return copy(attempt + 1);
      }
    };
    client.connect()
      .then(() => copy(1))
      .then(() => client.end())
      .catch((error) => { console.error(error.message); process.exit(1); });`;
  const result = spawnSync(process.execPath, ["-e", script, admin.toString(), name, template], {
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(`copie de la boutique de démonstration impossible : ${result.stderr}`);
  return true;
}
