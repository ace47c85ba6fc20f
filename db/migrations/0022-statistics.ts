/**
 * The shop's audience and sales figures (docs/product.md §10.29, ADR 034): one row per day, kind of
 * figure and key (a page, a piece's slug, a referring domain, an empty search), with its count. No
 * address, user agent or identifier of a visitor is ever a column: daily unique visitors arrive as
 * a count already made in memory. Rows older than 25 months are deleted by the data-lifecycle pass
 * (ADR 017).
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("stats_daily")
    // The shop's day (Europe/Paris), YYYY-MM-DD: compared as text on both databases.
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    // '' for the figures that have no key (unique visitors, orders).
    .addColumn("key", "text", (c) => c.notNull())
    // 64 bits: a page's views over a day stay far below, but a sum never overflows a column.
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("stats_daily_pk", ["day", "kind", "key"])
    .execute();
  // The dashboard reads one kind over a period; the purge deletes by day (the key's first column).
  await db.schema
    .createIndex("stats_daily_kind_day_idx")
    .on("stats_daily")
    .columns(["kind", "day"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stats_daily").execute();
}
