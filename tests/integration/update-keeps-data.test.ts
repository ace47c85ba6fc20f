/**
 * An update keeps all data: today's built server starts on release 0.1's database
 * (tests/fixtures/release-0.1.sqlite, made by scripts/make-release-fixture.ts), runs the migrations
 * that release did not have exactly once, and every row of the old database is still there — the
 * customer who signed up then signs in with her password, and the old pieces' pages answer.
 */
import fs from "node:fs";
import path from "node:path";
import type SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationProvider } from "../../db/migrations";
import {
  freePort,
  newDataDir,
  readDatabase,
  root,
  type ShopServer,
  signIn,
  startServer,
  stopServer,
  waitHealthy,
} from "../support/shop-server";

const FIXTURE = path.join(root, "tests/fixtures/release-0.1.sqlite");
const RELEASE_MIGRATIONS = [
  "0001-initial",
  "0002-shop-map-position",
  "0003-basket-keeps-deleted-pieces",
  "0004-settings-hours-and-order-details",
];
/** The customer scripts/make-release-fixture.ts signed up (tests/support/shop-server.ts signUp). */
const OLD_CUSTOMER = { email: "ancienne-cliente@exemple.fr", password: "Motdepasse-2026" };
/**
 * Tables whose rows a later migration rewrites or adds to on purpose, each with the migration that
 * says so. Every other table of release 0.1 must come out row for row identical.
 */
const CHANGED_BY_MIGRATION: Record<string, string> = {};

type Table = { columns: string[]; rows: unknown[] };
type Snapshot = Record<string, Table>;

function snapshot(db: SQLite.Database, only?: Snapshot): Snapshot {
  const names = (
    db.prepare("select name from sqlite_master where type = 'table' order by name").all() as {
      name: string;
    }[]
  ).map((row) => row.name);
  const result: Snapshot = {};
  for (const name of names) {
    const present = (db.prepare(`pragma table_info("${name}")`).all() as { name: string }[]).map(
      (c) => c.name,
    );
    // The old table's columns, as far as they still exist: a migration may add columns.
    const columns = only ? (only[name]?.columns ?? []).filter((column) => present.includes(column)) : present;
    if (only && !only[name]) continue;
    const list = columns.map((column) => `"${column}"`).join(", ");
    const order = columns.map((_, i) => i + 1).join(", ");
    result[name] = {
      columns,
      rows: columns.length ? db.prepare(`select ${list} from "${name}" order by ${order}`).all() : [],
    };
  }
  return result;
}

function migrationRows(dataDir: string) {
  return readDatabase(dataDir, (db) =>
    db.prepare("select name, timestamp from kysely_migration order by name").all(),
  ) as { name: string; timestamp: string }[];
}

let dataDir: string;
let shop: ShopServer | undefined;
let before: Snapshot;

async function start() {
  // SEED_DEMO on: an update must never seed over existing data.
  shop = startServer({ port: await freePort(), dataDir, env: { SEED_DEMO: "1" } });
  await waitHealthy(shop);
  return shop;
}

beforeAll(() => {
  dataDir = newDataDir("update");
  fs.copyFileSync(FIXTURE, path.join(dataDir, "nacre.sqlite"));
  before = readDatabase(dataDir, (db) => snapshot(db));
});

afterAll(async () => {
  if (shop) await stopServer(shop);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("update from release 0.1", () => {
  it("is release 0.1's database, with rows in every table", () => {
    expect(migrationRows(dataDir).map((row) => row.name)).toEqual(RELEASE_MIGRATIONS);
    const empty = Object.entries(before)
      .filter(([, table]) => table.rows.length === 0)
      .map(([name]) => name);
    expect(empty).toEqual([]);
  });

  it("runs the pending migrations once and keeps every row; the old customer signs in, old pieces answer", async () => {
    const all = Object.keys(await migrationProvider.getMigrations()).sort();
    const old = migrationRows(dataDir);
    const server = await start();
    expect(server.output()).not.toContain("contenu de démonstration créé");

    const migrated = migrationRows(dataDir);
    expect(migrated.map((row) => row.name)).toEqual(all);
    // The release's migrations did not run again.
    expect(migrated.filter((row) => RELEASE_MIGRATIONS.includes(row.name))).toEqual(old);

    const after = readDatabase(dataDir, (db) => snapshot(db, before));
    for (const [name, table] of Object.entries(before)) {
      if (name === "kysely_migration" || CHANGED_BY_MIGRATION[name]) continue;
      expect(after[name], `table ${name}`).toBeDefined();
      expect(after[name]?.rows.length, `rows of ${name}`).toBe(table.rows.length);
      const kept = table.rows.map((row) =>
        Object.fromEntries(
          Object.entries(row as object).filter(([column]) => after[name]?.columns.includes(column)),
        ),
      );
      expect(after[name]?.rows, `rows of ${name}`).toEqual(kept);
    }

    await signIn(server.url, OLD_CUSTOMER.email, OLD_CUSTOMER.password);
    const pieces = before.products?.rows as { slug: string; is_sold: number }[];
    const forSale = pieces.filter((piece) => !piece.is_sold).slice(0, 3);
    expect(forSale.length).toBeGreaterThan(0);
    for (const piece of forSale) {
      const page = await fetch(`${server.url}/catalogue/produit/${piece.slug}`);
      expect(page.status, piece.slug).toBe(200);
      expect(await page.text()).toContain(`/catalogue/produit/${piece.slug}"`);
    }
  });

  it("a second start runs no migration", async () => {
    if (shop) await stopServer(shop);
    const first = migrationRows(dataDir);
    await start();
    expect(migrationRows(dataDir)).toEqual(first);
  });
});
