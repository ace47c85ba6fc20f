/**
 * Moving a SQLite shop to PostgreSQL (ADR 014, `npm run move-to-postgres`): a demo shop run on
 * SQLite is copied, pictures included, into an empty database; the command prints every table's
 * count on both sides; the shop then runs on PostgreSQL with the same accounts, pieces, pictures
 * and open sessions. A copy whose counts differ commits nothing; a non-empty target is refused.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../../../app/server/database.server";
import { npmRun, runCommand } from "../../support/maintenance-commands";
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  freePort,
  newDataDirOn,
  newSqliteDataDir,
  queryDatabase,
  root,
  type ShopServer,
  signIn,
  startServer,
  stopServer,
  waitHealthy,
} from "../../support/shop-server";
import { createTestDatabaseUrl } from "../../support/test-database";

/** A demo seed takes long on a busy machine. */
const START_TIMEOUT_MS = 240_000;
const IMAGE_FOLDERS = ["products", "site", "events", "avatars"];

let sqliteDir: string;
let pgDir: string;
let targetUrl: string;
let shop: ShopServer | undefined;
let sqliteCookie: string;
let sqliteSecret: string;

async function start(dataDir: string) {
  shop = startServer({ port: await freePort(), dataDir, env: { BACKUP_INTERVAL_HOURS: "0" } });
  await waitHealthy(shop, START_TIMEOUT_MS);
  return shop;
}

/**
 * Every table's row count, by name: kysely's own tables aside, and the search index (derived data,
 * not copied: the shop rebuilds it at its first start on PostgreSQL, ADR 019).
 */
function tableCounts(dataDir: string): Promise<Record<string, number>> {
  return queryDatabase(dataDir, async (db) => {
    const tables =
      db.backend === "sqlite"
        ? await db.all<{ name: string }>(
            "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by 1",
          )
        : await db.all<{ name: string }>(
            `select table_name as name from information_schema.tables
              where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
          );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      if (name.startsWith("kysely_") || name.startsWith("search_")) continue;
      counts[name] = (await db.get<{ n: number }>(`select count(*) as n from "${name}"`))?.n ?? -1;
    }
    return counts;
  });
}

/** The counts the command printed, by table. */
function printedCounts(output: string): Record<string, { source: number; target: number }> {
  const counts: Record<string, { source: number; target: number }> = {};
  for (const match of output.matchAll(/^ {2}([a-z_]+) +(\d+) +(\d+)/gm)) {
    counts[match[1] as string] = { source: Number(match[2]), target: Number(match[3]) };
  }
  return counts;
}

function originalsOnDisk(dataDir: string): string[] {
  return IMAGE_FOLDERS.flatMap((folder) => {
    const dir = path.join(dataDir, "uploads", folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => `${folder}/${name}`) : [];
  }).sort();
}

const password = (url: string) => decodeURIComponent(new URL(url).password);

beforeAll(async () => {
  sqliteDir = newSqliteDataDir("demenagement");
  const sqliteShop = await start(sqliteDir);
  // A customer signed in before the move stays signed in after it (same session secret).
  sqliteCookie = await signIn(sqliteShop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await stopServer(sqliteShop);
  sqliteSecret = fs.readFileSync(path.join(sqliteDir, "auth-secret"), "utf8").trim();
  targetUrl = createTestDatabaseUrl("demenagement");
}, START_TIMEOUT_MS + 10_000);

afterAll(async () => {
  if (shop) await stopServer(shop);
});

describe("npm run move-to-postgres", () => {
  it("commits nothing when a table's count differs", async () => {
    const review = await queryDatabase(sqliteDir, (db) =>
      db.get<{ id: string }>("select id from reviews order by rowid limit 1"),
    );
    // A target that silently drops one review on insert: the copy must notice and roll back.
    const lossyUrl = createTestDatabaseUrl("demenagement-perte");
    const lossy = openDatabase({ dataDir: sqliteDir, DATABASE_URL: lossyUrl });
    await migrateToLatest(lossy.db);
    await lossy.pool?.query(
      `create rule perd_un_avis as on insert to reviews where new.id = '${review?.id.replaceAll("'", "''")}' do instead nothing`,
    );
    // The URL through the environment, as an owner keeps the password off the command line.
    const run = await npmRun("move-to-postgres", ["--from", sqliteDir], { DATABASE_URL: lossyUrl });
    expect(run.code, run.output).toBe(1);
    expect(run.output).toMatch(/^ {2}reviews +(\d+) +(\d+) +← DIFFÉRENT$/m);
    expect(run.output).toContain(
      "Les nombres ne correspondent pas : aucune donnée n'a été enregistrée dans la base PostgreSQL.",
    );
    expect(run.output).not.toContain(password(lossyUrl));
    const { rows } = (await lossy.pool?.query<{ n: number }>(
      `select (select count(*) from users) + (select count(*) from products) + (select count(*) from image_files)
         + (select count(*) from categories) + (select count(*) from reviews) as n`,
    )) ?? { rows: [] };
    expect(Number(rows[0]?.n)).toBe(0);
    await lossy.close();
  });

  it("copies every table and picture into an empty database, checked table by table", async () => {
    const source = await tableCounts(sqliteDir);
    const originals = originalsOnDisk(sqliteDir);
    expect(originals.length).toBeGreaterThan(20);
    expect(source.products).toBeGreaterThan(10);
    expect(source.reviews).toBeGreaterThan(0);

    // The production bundle, as a release without dev tools runs it.
    const run = await runCommand(
      [path.join(root, "build/move-to-postgres.js"), "--from", sqliteDir, "--to", targetUrl],
      {},
    );
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("Déménagement réussi");
    expect(run.output).toContain("Migrations appliquées à la base cible");
    // Neither the database password nor the session secret is printed; where to find it is.
    expect(run.output).not.toContain(password(targetUrl));
    expect(run.output).toContain(new URL(targetUrl).pathname);
    expect(run.output).not.toContain(sqliteSecret);
    expect(run.output).toContain(`AUTH_SECRET : obligatoire`);
    expect(run.output).toContain(path.join(sqliteDir, "auth-secret"));

    const printed = printedCounts(run.output);
    const expected = Object.fromEntries(
      Object.entries(source).map(([table, n]) => {
        const rows = table === "image_files" ? n + originals.length : n;
        return [table, { source: rows, target: rows }];
      }),
    );
    expect(printed).toEqual(expected);

    pgDir = newDataDirOn("demenagement-pg", { DATABASE_URL: targetUrl, AUTH_SECRET: sqliteSecret });
    const copied = await tableCounts(pgDir);
    expect(copied).toEqual(
      Object.fromEntries(Object.entries(expected).map(([table, n]) => [table, n.target])),
    );
    const keys = await queryDatabase(pgDir, (db) =>
      db.all<{ file_name: string }>("select file_name from image_files order by file_name"),
    );
    expect(keys.map((row) => row.file_name)).toEqual(originals);

    // Write order survives, and rows written on PostgreSQL come after the copied ones.
    const sqliteOrder = await queryDatabase(sqliteDir, (db) =>
      db.all<{ id: string }>("select id from reviews order by rowid"),
    );
    const pgOrder = await queryDatabase(pgDir, (db) =>
      db.all<{ id: string }>("select id from reviews order by rowid"),
    );
    expect(pgOrder).toEqual(sqliteOrder);
    const next = await queryDatabase(pgDir, async (db) => {
      const last = await db.get<{ n: number }>("select max(rowid) as n from contact_messages");
      const row = await db.get<{ rowid: number }>(
        "insert into contact_messages (id, name, email, message) values ('apres-demenagement', 'Test', 'test@nacre.test', 'Bonjour') returning rowid",
      );
      await db.run("delete from contact_messages where id = 'apres-demenagement'");
      return { last: last?.n ?? 0, row: row?.rowid ?? 0 };
    });
    expect(next.row).toBeGreaterThan(next.last);
  });

  it(
    "serves the moved shop from PostgreSQL: accounts, open sessions, pieces and pictures",
    async () => {
      const pgShop = await start(pgDir);
      expect(pgShop.output()).not.toContain("contenu de démonstration créé");

      // The customer's session opened on SQLite is still valid; both accounts sign in.
      const account = await fetch(`${pgShop.url}/mon-compte`, {
        redirect: "manual",
        headers: { cookie: sqliteCookie },
      });
      expect(account.status).toBe(200);
      await signIn(pgShop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const admin = await signIn(pgShop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const dashboard = await fetch(`${pgShop.url}/admin/produits`, {
        redirect: "manual",
        headers: { cookie: admin },
      });
      expect(dashboard.status).toBe(200);

      const piece = await queryDatabase(pgDir, (db) =>
        db.get<{ slug: string; name: string; file_name: string }>(
          `select p.slug, p.name, i.file_name from products p join product_images i on i.product_id = p.id
          order by p.slug, i.position limit 1`,
        ),
      );
      if (!piece) throw new Error("aucune pièce avec photo après le déménagement");
      const page = await fetch(`${pgShop.url}/catalogue/produit/${piece.slug}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(piece.name);
      // The search index, not copied, was rebuilt at this first start: the piece is found.
      const found = await fetch(`${pgShop.url}/api/recherche?q=${encodeURIComponent(piece.name)}`);
      const suggestions = ((await found.json()) as { suggestions: { name: string }[] }).suggestions;
      expect(suggestions.map((suggestion) => suggestion.name)).toContain(piece.name);
      const picture = await fetch(`${pgShop.url}/images/products/${piece.file_name}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toMatch(/^image\//);
      expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(100);
    },
    START_TIMEOUT_MS + 30_000,
  );

  it("refuses to copy into a database that is not empty, in French", async () => {
    if (shop) await stopServer(shop);
    const before = await tableCounts(pgDir);
    const run = await npmRun("move-to-postgres", ["--from", sqliteDir, "--to", targetUrl], {});
    expect(run.code).toBe(1);
    expect(run.output).toContain("Déménagement refusé : La base PostgreSQL cible n'est pas vide");
    expect(await tableCounts(pgDir)).toEqual(before);
  });

  it(
    "refuses while the SQLite shop runs, and explains its arguments",
    async () => {
      const running = await start(sqliteDir);
      const run = await npmRun(
        "move-to-postgres",
        ["--from", sqliteDir, "--to", createTestDatabaseUrl("vide")],
        {},
      );
      await stopServer(running);
      expect(run.code).toBe(1);
      expect(run.output).toContain("Déménagement refusé : La boutique tourne encore");
      const usage = await npmRun(
        "move-to-postgres",
        ["--from", sqliteDir, "--to", "mysql://ailleurs/base"],
        {},
      );
      expect(usage.code).toBe(2);
      expect(usage.output).toContain("La base cible doit être une adresse postgres://");
    },
    START_TIMEOUT_MS,
  );
});
