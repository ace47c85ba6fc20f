/**
 * Reviews, contact messages and chat messages are listed in the order they were written: SQLite's
 * implicit `rowid`. On PostgreSQL the same tables get an identity column of that name, so one query
 * (`order by rowid`) serves both back ends (db/dialect.ts, ADR 014). Nothing to do on SQLite.
 */
import type { Kysely } from "kysely";
import { databaseKind, TABLES_IN_WRITE_ORDER } from "../dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) !== "postgres") return;
  for (const table of TABLES_IN_WRITE_ORDER) {
    await db.schema
      .alterTable(table)
      .addColumn("rowid", "bigint", (c) => c.notNull().generatedByDefaultAsIdentity())
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) !== "postgres") return;
  for (const table of TABLES_IN_WRITE_ORDER) {
    await db.schema.alterTable(table).dropColumn("rowid").execute();
  }
}
