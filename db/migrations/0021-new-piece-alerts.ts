/**
 * « Nouvelles créations » alerts (docs/product.md §10.30, ADR 033): who asked to be told of new pieces
 * (double opt-in, the consent they gave and when), the pieces published since the last digest, and
 * the digest's own state (paused by the seller, when the last one left).
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("alert_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Lower-cased: one subscription per address, whatever its spelling.
    .addColumn("email", "text", (c) => c.notNull().unique())
    // JSON array of category ids; [] means every category.
    .addColumn("categories", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("confirmed_at", "text")
    // The request waiting for its confirmation link: SHA-256 of the link's token, the categories
    // asked for, the consent shown, and when the link stops working.
    .addColumn("pending_token_hash", "text", (c) => c.unique())
    .addColumn("pending_categories", "text")
    .addColumn("pending_expires_at", "text")
    .addColumn("consent_text", "text", (c) => c.notNull())
    .addColumn("consent_version", "text", (c) => c.notNull())
    .addColumn("consent_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("alert_subscriptions_pending")
    .on("alert_subscriptions")
    .column("pending_expires_at")
    .execute();
  await db.schema
    .createTable("alert_pieces")
    .addColumn("product_id", "text", (c) => c.primaryKey().references("products.id").onDelete("cascade"))
    .addColumn("published_at", "text", (c) => c.notNull())
    // Set by the digest that announced it; null while waiting.
    .addColumn("announced_at", "text")
    .execute();
  await db.schema
    .createTable("alert_state")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("paused", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_digest_at", "text")
    .execute();
  // Its one row is made by the first digest pass or pause (alert-digest.server.ts): a migrated
  // database stays empty, as a move to PostgreSQL requires of its target.
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("alert_state").execute();
  await db.schema.dropTable("alert_pieces").execute();
  await db.schema.dropTable("alert_subscriptions").execute();
}
