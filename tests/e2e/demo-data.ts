/**
 * Read-only look at the e2e database, so tests compute what the page should show from the same
 * seeded data instead of hard-coding counts. The database is that of the running test's project:
 * the SQLite file of the main shop, or the PostgreSQL database of the shop the "postgres" project
 * uses (playwright.config.ts). The SQL is written once for both: `?` placeholders (never inside a
 * string literal), camelCase aliases in double quotes.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";
import SQLite from "better-sqlite3";

import { E2E_DATA_DIR, POSTGRES_SHOP } from "../../playwright.config";

export function query<T>(sql: string, ...params: unknown[]): T[] {
  if (test.info().project.metadata.backend === "postgres") return queryPostgres<T>(sql, params);
  const db = new SQLite(path.join(E2E_DATA_DIR, "nacre.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

// Tests call query() synchronously; node-postgres has no synchronous API, so a short child process
// runs the query. Counts (int8) and sums (numeric) come back as numbers, as the shop's pool gives them.
const POSTGRES_QUERY = `
  const pg = require("pg");
  const asNumber = (value) => Number(value);
  pg.types.setTypeParser(20, asNumber);
  pg.types.setTypeParser(1700, asNumber);
  const client = new pg.Client({ connectionString: process.argv[1] });
  client.connect()
    .then(() => client.query(process.argv[2], JSON.parse(process.argv[3])))
    .then((result) => { process.stdout.write(JSON.stringify(result.rows)); return client.end(); })
    .catch((error) => { console.error(error.message); process.exit(1); });`;

function queryPostgres<T>(sql: string, params: unknown[]): T[] {
  const url = fs.readFileSync(POSTGRES_SHOP.databaseUrlFile, "utf8");
  let n = 0;
  const numbered = sql.replace(/\?/g, () => `$${++n}`);
  const result = spawnSync(process.execPath, ["-e", POSTGRES_QUERY, url, numbered, JSON.stringify(params)], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`PostgreSQL : ${result.stderr.trim()}\n${sql}`);
  return JSON.parse(result.stdout) as T[];
}

export function count(sql: string, ...params: unknown[]): number {
  return (query<{ n: number }>(sql, ...params)[0] as { n: number }).n;
}

export function categoryId(name: string): string {
  return (query<{ id: string }>("select id from categories where name = ?", name)[0] as { id: string }).id;
}

/** A piece for sale with several photos and a price, in stock, not unique. */
export function productWithPhotos(): { slug: string; name: string; images: number; priceCents: number } {
  return query<{ slug: string; name: string; images: number; priceCents: number }>(
    `select p.slug, p.name, p.price_cents as "priceCents", count(i.id) as images
       from products p join product_images i on i.product_id = p.id
      where p.is_sold = 0 and p.price_cents is not null and p.stock > 1 and p.is_unique = 0
      group by p.id having count(i.id) >= 2 order by p.slug limit 1`,
  )[0] as { slug: string; name: string; images: number; priceCents: number };
}
