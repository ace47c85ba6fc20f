/**
 * Moving a shop from its SQLite file to PostgreSQL (ADR 014, `npm run move-to-postgres`): the
 * target must be an empty database; it gets the migrations, then every table of the SQLite file and
 * every uploaded original of DATA_DIR/uploads (into image_files, ADR 015), in one transaction that
 * is committed only when every table's count matches the source's. Nothing is ever written to the
 * SQLite shop, which stays as it was: moving back is starting it again.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type pg from "pg";
import { TABLES_IN_WRITE_ORDER } from "../../db/dialect";
import { migrationProvider } from "../../db/migrations/index";
import { runningServerPid } from "./backup.server";
import { migrateToLatest, openDatabase, withDatabaseLock } from "./database.server";
import { IMAGE_FOLDERS, isStoredFileName } from "./images.server";

/** A move refused before anything was written, worded for the shop's owner. */
export class MoveRefusedError extends Error {}

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface MoveReport {
  /** Migrations this run applied to the target. */
  migrations: string[];
  /** Every table, in the order copied; image_files counts the originals of uploads/ as source rows. */
  counts: TableCount[];
  /** Originals read from DATA_DIR/uploads. */
  originals: number;
  /** Files in uploads/ that are not originals the shop wrote (left behind). */
  skippedFiles: string[];
  /** True when every count matched and the copy was committed. */
  committed: boolean;
}

/** Kysely's bookkeeping: the target's own migrations fill it. */
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);
const WRITE_ORDER_TABLES = new Set<string>(TABLES_IN_WRITE_ORDER);
/**
 * The search index (migration 0011, ADR 019) is derived from the products, and on SQLite partly an
 * FTS5 table with its shadow tables: it is not copied; the shop rebuilds it at its first start on
 * PostgreSQL (its rules version there is still 0).
 */
const isDerivedTable = (name: string) => name.startsWith("search_");
/** Bind parameters per INSERT (PostgreSQL's limit is 65,535). */
const PARAMETERS_PER_BATCH = 30_000;
const ROWS_PER_BATCH = 500;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function sqliteTables(source: SQLite.Database): string[] {
  return (
    source
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .all() as { name: string }[]
  )
    .map((row) => row.name)
    .filter((name) => !MIGRATION_TABLES.has(name) && !isDerivedTable(name));
}

/** Tables ordered so that every table comes after those its foreign keys point to. */
function inForeignKeyOrder(source: SQLite.Database, tables: string[]): string[] {
  const parents = new Map(
    tables.map((table) => [
      table,
      (source.prepare(`pragma foreign_key_list(${quote(table)})`).all() as { table: string }[])
        .map((fk) => fk.table)
        .filter((parent) => parent !== table && tables.includes(parent)),
    ]),
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    if (visiting.has(table)) throw new Error(`Clés étrangères circulaires autour de la table ${table}.`);
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

interface Original {
  key: string;
  file: string;
  createdAt: string;
}

/** The originals the shop stored under uploads/{folder}/, and what else lies there. */
function listOriginals(dataDir: string): { originals: Original[]; skipped: string[] } {
  const originals: Original[] = [];
  const skipped: string[] = [];
  const uploads = path.join(dataDir, "uploads");
  for (const folder of IMAGE_FOLDERS) {
    const dir = path.join(uploads, folder);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (!entry.isFile() || !isStoredFileName(entry.name)) {
        skipped.push(file);
        continue;
      }
      // The file's age carries over (the orphan sweep judges pictures by it, ADR 010).
      const createdAt = fs.statSync(file).mtime.toISOString().slice(0, 19).replace("T", " ");
      // Keyed by the path under uploads/, as the shop's store on PostgreSQL names them (ADR 015).
      originals.push({ key: `${folder}/${entry.name}`, file, createdAt });
    }
  }
  return { originals, skipped };
}

async function targetTables(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((row) => row.name);
}

async function targetColumns(client: pg.PoolClient, table: string): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = $1`,
    [table],
  );
  return new Set(rows.map((row) => row.name));
}

async function countRows(client: pg.PoolClient, table: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quote(table)}`);
  return Number(rows[0]?.n ?? 0);
}

/** The source must be migrated exactly as far as this version of the shop goes. */
async function checkSourceMigrations(source: SQLite.Database) {
  const known = Object.keys(await migrationProvider.getMigrations());
  const applied = (
    source.prepare("select name from kysely_migration order by name").all() as { name: string }[]
  ).map((row) => row.name);
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new MoveRefusedError(
      `La boutique SQLite vient d'une version plus récente que celle-ci (migrations ${unknown.join(", ")}) : mettez à jour le code avant de déménager.`,
    );
  }
  const missing = known.filter((name) => !applied.includes(name));
  if (missing.length) {
    throw new MoveRefusedError(
      "La boutique SQLite n'est pas à jour : démarrez-la une fois avec cette version (elle applique ses migrations), arrêtez-la, puis relancez le déménagement.",
    );
  }
}

async function copyTable(
  source: SQLite.Database,
  client: pg.PoolClient,
  table: string,
  columns: string[],
): Promise<void> {
  // Reviews, chat and contact messages keep their write order: SQLite's rowid goes into the
  // identity column of the same name (migration 0007), read in that order.
  const withRowid = WRITE_ORDER_TABLES.has(table);
  const copied = withRowid ? [...columns, "rowid"] : columns;
  const select = `select ${columns.map(quote).join(", ")}${withRowid ? ", rowid as rowid" : ""} from ${quote(table)} order by rowid`;
  const perBatch = Math.max(1, Math.min(ROWS_PER_BATCH, Math.floor(PARAMETERS_PER_BATCH / copied.length)));
  const insert = (count: number) => {
    const tuples = Array.from(
      { length: count },
      (_, row) => `(${copied.map((_, column) => `$${row * copied.length + column + 1}`).join(", ")})`,
    );
    return `insert into ${quote(table)} (${copied.map(quote).join(", ")}) values ${tuples.join(", ")}`;
  };
  let batch: unknown[] = [];
  let rowsInBatch = 0;
  const flush = async () => {
    if (rowsInBatch === 0) return;
    await client.query(insert(rowsInBatch), batch);
    batch = [];
    rowsInBatch = 0;
  };
  for (const row of source.prepare(select).raw().iterate() as Iterable<unknown[]>) {
    batch.push(...row);
    rowsInBatch++;
    if (rowsInBatch === perBatch) await flush();
  }
  await flush();
  if (withRowid) {
    // The next row written on PostgreSQL must come after the copied ones.
    await client.query(
      `select setval(pg_get_serial_sequence($1, 'rowid'), max(rowid)) from ${quote(table)} having count(*) > 0`,
      [quote(table)],
    );
  }
}

/**
 * Copies the SQLite shop in `fromDataDir` into the empty PostgreSQL database at `toUrl`. Throws
 * MoveRefusedError when the shop runs, the target is not empty or the versions differ; returns the
 * counts, committed only when they all match.
 */
export async function moveToPostgres(options: { fromDataDir: string; toUrl: string }): Promise<MoveReport> {
  const { fromDataDir, toUrl } = options;
  const file = path.join(fromDataDir, "nacre.sqlite");
  if (!fs.existsSync(file))
    throw new MoveRefusedError(`Aucune boutique SQLite dans ${fromDataDir} (nacre.sqlite introuvable).`);
  const pid = runningServerPid(fromDataDir);
  if (pid) {
    throw new MoveRefusedError(
      `La boutique tourne encore sur ${fromDataDir} (processus ${pid}) : arrêtez-la avant de la déménager, sinon ce qu'elle écrirait ensuite serait perdu.`,
    );
  }

  const source = new SQLite(file, { fileMustExist: true });
  source.pragma("busy_timeout = 15000");
  const target = openDatabase({ dataDir: fromDataDir, DATABASE_URL: toUrl });
  try {
    await checkSourceMigrations(source);
    const tables = inForeignKeyOrder(source, sqliteTables(source));
    const { originals, skipped } = listOriginals(fromDataDir);
    const pool = target.pool as pg.Pool;

    // Under the start-up lock: a shop starting on the target meanwhile waits, then finds the data
    // (and seeds nothing).
    return await withDatabaseLock(target, "démarrage", async () => {
      const client = await pool.connect();
      try {
        const foreign = (await targetTables(client)).filter(
          (name) => !tables.includes(name) && !MIGRATION_TABLES.has(name) && !isDerivedTable(name),
        );
        if (foreign.length) {
          throw new MoveRefusedError(
            `La base PostgreSQL cible n'est pas vide (tables ${foreign.slice(0, 5).join(", ")}${foreign.length > 5 ? "…" : ""}) : le déménagement se fait dans une base neuve.`,
          );
        }
        const migrations = await migrateToLatest(target.db);
        const present = await targetTables(client);
        const absent = tables.filter((table) => !present.includes(table));
        if (absent.length)
          throw new MoveRefusedError(
            `Tables absentes de la base cible après les migrations : ${absent.join(", ")}.`,
          );
        const filled: string[] = [];
        for (const table of tables) {
          const n = await countRows(client, table);
          if (n > 0) filled.push(`${table} : ${n}`);
        }
        if (filled.length) {
          throw new MoveRefusedError(
            `La base PostgreSQL cible n'est pas vide (${filled.slice(0, 5).join(", ")}${filled.length > 5 ? "…" : ""}) : le déménagement ne copie que dans une base neuve, rien n'a été écrit.`,
          );
        }

        // One read snapshot of the source, one transaction on the target.
        source.exec("begin");
        await client.query("begin");
        let committed = false;
        try {
          for (const table of tables) {
            const columns = (
              source.prepare(`pragma table_info(${quote(table)})`).all() as { name: string }[]
            ).map((column) => column.name);
            const known = await targetColumns(client, table);
            const unknown = columns.filter((column) => !known.has(column));
            if (unknown.length)
              throw new Error(`Colonnes absentes de ${table} sur PostgreSQL : ${unknown.join(", ")}.`);
            await copyTable(source, client, table, columns);
          }
          for (const original of originals) {
            await client.query(
              "insert into image_files (file_name, content, created_at) values ($1, $2, $3)",
              [original.key, fs.readFileSync(original.file), original.createdAt],
            );
          }
          const counts: TableCount[] = [];
          for (const table of tables) {
            const sourceRows = (
              source.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }
            ).n;
            counts.push({
              table,
              source: sourceRows + (table === "image_files" ? originals.length : 0),
              target: await countRows(client, table),
            });
          }
          committed = counts.every((count) => count.source === count.target);
          await client.query(committed ? "commit" : "rollback");
          return { migrations, counts, originals: originals.length, skippedFiles: skipped, committed };
        } catch (error) {
          if (!committed) await client.query("rollback").catch(() => {});
          throw error;
        } finally {
          source.exec("rollback");
        }
      } finally {
        client.release();
      }
    });
  } finally {
    source.close();
    await target.close();
  }
}
