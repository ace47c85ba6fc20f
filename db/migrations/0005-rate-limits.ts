/**
 * Rate limits survive a restart (docs/security.md): Better Auth's own counters (its `rateLimit`
 * model, mapped in app/server/auth.server.ts) and the shop's limiter for the forms Better Auth
 * does not serve (app/server/rate-limit.server.ts).
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auth_rate_limits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("count", "integer", (c) => c.notNull())
    // Milliseconds since the epoch, as Better Auth compares them (64 bits: PostgreSQL's integer
    // has 32; SQLite stores both alike).
    .addColumn("last_request", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("auth_rate_limits_last_request_idx")
    .on("auth_rate_limits")
    .column("last_request")
    .execute();
  await db.schema
    .createTable("rate_limits")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    // Milliseconds since the epoch (64 bits): the start of the current fixed window.
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limits_pk", ["scope", "key"])
    .execute();
  await db.schema
    .createIndex("rate_limits_window_start_idx")
    .on("rate_limits")
    .column("window_start")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
  await db.schema.dropTable("auth_rate_limits").execute();
}
