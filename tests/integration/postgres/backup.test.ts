/**
 * Backups of a shop on PostgreSQL (ADR 014): `npm run backup` writes a pg_dump archive while the
 * shop serves, `npm run restore` puts it back once the shop is stopped (after dumping what it
 * replaces), refuses anything that is not a shop's archive without touching the database, and says
 * in French when pg_dump is missing. Automatic backups: one instance takes each one.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppContext, createAppContext } from "../../../app/server/context.server";
import { migrateToLatest } from "../../../app/server/database.server";
import { parseEnv } from "../../../app/server/env.server";
import {
  findPostgresTool,
  restorePostgresBackup,
  takeScheduledPostgresBackup,
} from "../../../app/server/postgres-backup.server";
import { npmRun, npmRunFromSources } from "../../support/maintenance-commands";
import {
  databaseEnvOf,
  freePort,
  newDataDir,
  queryDatabase,
  type ShopServer,
  startServer,
  stopServer,
  waitHealthy,
} from "../../support/shop-server";
import { createTestDatabaseUrl, TEST_AUTH_SECRET } from "../../support/test-database";

let shop: ShopServer;
let dataDir: string;
let backupFile: string;

const scriptEnv = (extra: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  BACKUP_INTERVAL_HOURS: "0",
  ...databaseEnvOf(dataDir),
  ...extra,
});
const password = () => decodeURIComponent(new URL(databaseEnvOf(dataDir).DATABASE_URL as string).password);

/** Every table's row count, by name. */
function tableCounts(): Promise<Record<string, number>> {
  return queryDatabase(dataDir, async (db) => {
    const tables = await db.all<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = (await db.get<{ n: number }>(`select count(*) as n from "${name}"`))?.n ?? -1;
    }
    return counts;
  });
}

/** A demo seed takes long on a busy machine. */
const START_TIMEOUT_MS = 240_000;

beforeAll(async () => {
  dataDir = newDataDir("sauvegarde-pg");
  shop = startServer({ port: await freePort(), dataDir, env: { BACKUP_INTERVAL_HOURS: "0" } });
  await waitHealthy(shop, START_TIMEOUT_MS);
}, START_TIMEOUT_MS + 10_000);

afterAll(async () => {
  await stopServer(shop);
});

describe("backups on PostgreSQL", () => {
  it("backs up a running shop with pg_dump and restores it once stopped, pictures included", async () => {
    // A picture kept in the database (ADR 015), as an upload on PostgreSQL stores it.
    const picture = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 0, 0x57, 0x45, 0x42, 0x50, 0xff, 0x00]);
    await queryDatabase(dataDir, (db) =>
      db.run(
        "insert into image_files (file_name, content) values (?, ?)",
        "products/sauvegarde00001.webp",
        picture,
      ),
    );
    const before = await tableCounts();
    expect(before.products).toBeGreaterThan(10);
    expect(before.image_files).toBeGreaterThan(0);

    const backup = await npmRun("backup", [], scriptEnv());
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain("Sauvegarde créée");
    const backups = path.join(dataDir, "backups");
    const names = fs.readdirSync(backups);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^nacre-\d{8}-\d{6}\.dump$/);
    backupFile = path.join(backups, names[0] as string);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(backups).mode & 0o777).toBe(0o700);
    if (password()) expect(backup.output).not.toContain(password());
    // From a checkout too: the npm script runs the TypeScript source there.
    const listed = await npmRunFromSources("backup", ["--list"], scriptEnv());
    expect(listed.output).toContain(backupFile);

    // A piece with its pictures disappears behind the shop's back.
    const piece = await queryDatabase(dataDir, (db) =>
      db.get<{ id: string; slug: string; name: string }>(
        `select id, slug, name from products p
          where exists (select 1 from product_images i where i.product_id = p.id) order by slug limit 1`,
      ),
    );
    if (!piece) throw new Error("aucune pièce avec photos dans la démo");
    await queryDatabase(dataDir, async (db) => {
      await db.run("delete from products where id = ?", piece.id);
      await db.run("delete from image_files where file_name = ?", "products/sauvegarde00001.webp");
    });
    const changed = await tableCounts();
    expect(changed.products).toBe((before.products as number) - 1);
    expect(changed.product_images).toBeLessThan(before.product_images as number);
    expect(changed.image_files).toBe((before.image_files as number) - 1);

    // Not while the shop runs.
    const refused = await npmRun("restore", [backupFile], scriptEnv());
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("La boutique tourne encore");
    expect(await tableCounts()).toEqual(changed);

    await stopServer(shop);
    const restore = await npmRun("restore", [backupFile], scriptEnv());
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain("Base restaurée");
    if (password()) expect(restore.output).not.toContain(password());
    const saved = fs.readdirSync(backups).filter((name) => name.startsWith("avant-restauration-"));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatch(/^avant-restauration-\d{8}-\d{6}\.dump$/);
    expect(fs.statSync(path.join(backups, saved[0] as string)).mode & 0o777).toBe(0o600);

    expect(await tableCounts()).toEqual(before);
    const back = await queryDatabase(dataDir, (db) =>
      db.get<{ name: string; pictures: number }>(
        `select name, (select count(*) from product_images where product_id = products.id) as pictures
           from products where id = ?`,
        piece.id,
      ),
    );
    expect(back?.name).toBe(piece.name);
    expect(back?.pictures).toBeGreaterThan(0);
    const restoredPicture = await queryDatabase(dataDir, (db) =>
      db.get<{ content: Buffer }>(
        "select content from image_files where file_name = ?",
        "products/sauvegarde00001.webp",
      ),
    );
    expect(restoredPicture?.content.equals(picture)).toBe(true);

    // The restored shop serves the piece again after a restart.
    shop = startServer({ port: await freePort(), dataDir, env: { BACKUP_INTERVAL_HOURS: "0" } });
    await waitHealthy(shop, START_TIMEOUT_MS);
    const page = await fetch(`${shop.url}/catalogue/produit/${piece.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(piece.name);
  }, 180_000);

  it("refuses a file that is not a shop's archive, in French, and leaves the database untouched", async () => {
    await stopServer(shop);
    const before = await tableCounts();
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-pas-une-sauvegarde-"));

    const text = path.join(work, "notes.dump");
    fs.writeFileSync(text, "ceci n'est pas une sauvegarde\n");
    const sqliteFile = path.join(work, "nacre.sqlite");
    const sqlite = new SQLite(sqliteFile);
    sqlite.exec("create table products (id text primary key)");
    sqlite.close();
    for (const file of [text, sqliteFile]) {
      const result = await npmRun("restore", [file], scriptEnv());
      expect(result.code, result.output).toBe(1);
      expect(result.output).toContain(
        "Restauration impossible : Ce fichier n'est pas une sauvegarde PostgreSQL lisible",
      );
    }

    // Another application's archive: readable, but not a shop.
    const foreignUrl = createTestDatabaseUrl("etrangere");
    const client = new pg.Client({ connectionString: foreignUrl });
    await client.connect();
    await client.query("create table invoices (id int primary key, total numeric)");
    await client.query("insert into invoices values (1, 12.5)");
    await client.end();
    const foreign = path.join(work, "autre-application.dump");
    const withoutPassword = new URL(foreignUrl);
    withoutPassword.password = "";
    const pgDump = findPostgresTool("pg_dump", { PG_DUMP_PATH: process.env.PG_DUMP_PATH });
    const dump = spawnSync(pgDump, ["--format=custom", `--file=${foreign}`, `--dbname=${withoutPassword}`], {
      env: { ...process.env, PGPASSWORD: decodeURIComponent(new URL(foreignUrl).password) },
      encoding: "utf8",
    });
    expect(dump.status, dump.stderr).toBe(0);
    const refusedForeign = await npmRun("restore", [foreign], scriptEnv());
    expect(refusedForeign.code).toBe(1);
    expect(refusedForeign.output).toContain("n'est pas celle d'une boutique Nacre");

    // A shop's archive cut short: refused, or undone as a whole.
    const truncated = path.join(work, "coupee.dump");
    const whole = fs.readFileSync(backupFile);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const refusedTruncated = await npmRun("restore", [truncated], scriptEnv());
    expect(refusedTruncated.code).toBe(1);
    expect(refusedTruncated.output).toMatch(
      /Restauration impossible : (Ce fichier n'est pas une sauvegarde PostgreSQL lisible|Restauration annulée, la base n'a pas changé)/,
    );

    expect(await tableCounts()).toEqual(before);
  });

  it("says in French when pg_dump is missing or fails, without showing the password", async () => {
    const missing = await npmRun("backup", [], scriptEnv({ PG_DUMP_PATH: "/nulle-part/pg_dump" }));
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(
      "Sauvegarde impossible : pg_dump introuvable à /nulle-part/pg_dump (PG_DUMP_PATH)",
    );
    expect(missing.output).toContain("postgresql-client");

    const notOnPath = await npmRun("backup", [], scriptEnv({ PATH: "/nulle-part" }));
    expect(notOnPath.code).toBe(1);
    expect(notOnPath.output).toContain(
      "Sauvegarde impossible : pg_dump introuvable : installez le client PostgreSQL",
    );

    const url = new URL(databaseEnvOf(dataDir).DATABASE_URL as string);
    url.password = "mauvais-mot-de-passe-secret";
    const failing = await npmRun("backup", [], scriptEnv({ DATABASE_URL: url.toString() }));
    expect(failing.code).toBe(1);
    expect(failing.output).toContain("Sauvegarde impossible : pg_dump a échoué");
    expect(failing.output).not.toContain("mauvais-mot-de-passe-secret");
    expect(fs.readdirSync(path.join(dataDir, "backups")).filter((name) => name.includes("partiel"))).toEqual(
      [],
    );
  });
});

describe("automatic backups on a database several instances share", () => {
  let instances: AppContext[] = [];

  afterAll(async () => {
    for (const ctx of instances) await ctx.close();
  });

  it("lets one instance take each backup, and another take over when it fails", async () => {
    const url = createTestDatabaseUrl("sauvegarde-auto");
    instances = ["a", "b"].map((name) =>
      createAppContext(
        parseEnv({
          NODE_ENV: "test",
          SEED_DEMO: "0",
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `nacre-instance-${name}-`)),
          DATABASE_URL: url,
          AUTH_SECRET: TEST_AUTH_SECRET,
          BACKUP_INTERVAL_HOURS: "24",
        }),
      ),
    );
    const [a, b] = instances as [AppContext, AppContext];
    await migrateToLatest(a.db);
    const backupsOf = (ctx: AppContext) =>
      fs.existsSync(path.join(ctx.env.dataDir, "backups"))
        ? fs.readdirSync(path.join(ctx.env.dataDir, "backups")).filter((name) => name.endsWith(".dump"))
        : [];
    const day = 24 * 3_600_000;
    const t0 = Date.parse("2026-11-23T03:00:00Z");

    // Both instances find the backup due at the same moment: one takes it.
    const first = await Promise.all([takeScheduledPostgresBackup(a, t0), takeScheduledPostgresBackup(b, t0)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(backupsOf(a).length + backupsOf(b).length).toBe(1);

    // Within the interval nobody backs up again; once it has passed, one instance does.
    expect(await takeScheduledPostgresBackup(b, t0 + day / 2)).toBeNull();
    expect(await takeScheduledPostgresBackup(a, t0 + day / 2)).toBeNull();
    expect(await takeScheduledPostgresBackup(b, t0 + day)).toMatch(/\.dump$/);
    expect(await takeScheduledPostgresBackup(a, t0 + day + 60_000)).toBeNull();
    expect(backupsOf(a).length + backupsOf(b).length).toBe(2);

    // An instance whose pg_dump fails gives the turn back: the next check elsewhere backs up.
    const broken = { ...a, env: { ...a.env, PG_DUMP_PATH: "/nulle-part/pg_dump" } };
    await expect(takeScheduledPostgresBackup(broken, t0 + 2 * day)).rejects.toThrow("pg_dump introuvable");
    expect(await takeScheduledPostgresBackup(b, t0 + 2 * day + 60_000)).toMatch(/\.dump$/);
    expect(backupsOf(a).length + backupsOf(b).length).toBe(3);

    // A restore run beside neither instance's DATA_DIR still sees them connected, and refuses.
    const archive = path.join(b.env.dataDir, "backups", backupsOf(b)[0] as string);
    await a.db.selectFrom("products").select("id").execute();
    await expect(
      restorePostgresBackup({
        url,
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "nacre-ailleurs-")),
        file: archive,
        tools: {},
      }),
    ).rejects.toThrow("La boutique est encore connectée à cette base");
  });
});
