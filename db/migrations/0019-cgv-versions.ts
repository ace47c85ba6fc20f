/**
 * The contract on a durable medium (docs/product.md §10.26, ADR 029; Code de la consommation L221-13):
 * every text of the CGV the shop has published is kept as it was (`cgv_versions`: its number, the
 * filled Markdown, the date it took effect, a SHA-256 of its content), and an order keeps the
 * version in force when it was concluded, at payment (`orders.cgv_version`), so the customer can
 * read and download the very terms they accepted, whatever the settings or the text become.
 *
 * Orders paid before this migration keep no version: nothing recorded which text they were paid under.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cgv_versions")
    // 1, 2, 3…: the number the pages and the PDF's name show; unique, so two instances publishing
    // the same change at once agree on one row.
    .addColumn("number", "integer", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("lead", "text", (c) => c.notNull())
    .addColumn("markdown", "text", (c) => c.notNull())
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("effective_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("cgv_version", "integer", (c) => c.references("cgv_versions.number"))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("cgv_version").execute();
  await db.schema.dropTable("cgv_versions").execute();
}
