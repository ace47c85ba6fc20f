/**
 * The data lifecycle the privacy policy promises (docs/product.md §10.21, ADR 017). Each
 * account records its last activity and when it was warned of its coming deletion; the shop
 * settings hold the inactivity limit the job applies and the policy states, and the consumer
 * mediator the legal pages name.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  // ISO text. Null: no activity seen since this migration (the job then counts from created_at).
  await db.schema.alterTable("users").addColumn("last_active_at", "text").execute();
  // ISO text of the warning e-mail sent before an inactive account is deleted; cleared by activity.
  await db.schema.alterTable("users").addColumn("inactivity_warned_at", "text").execute();
  await db.schema.createIndex("users_last_active_idx").on("users").column("last_active_at").execute();

  await db.schema
    .alterTable("shop_settings")
    .addColumn("inactivity_months", "integer", (c) => c.notNull().defaultTo(36))
    .execute();
  for (const column of ["mediator_name", "mediator_address", "mediator_url"]) {
    await db.schema
      .alterTable("shop_settings")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["mediator_url", "mediator_address", "mediator_name", "inactivity_months"]) {
    await db.schema.alterTable("shop_settings").dropColumn(column).execute();
  }
  await db.schema.dropIndex("users_last_active_idx").execute();
  await db.schema.alterTable("users").dropColumn("inactivity_warned_at").execute();
  await db.schema.alterTable("users").dropColumn("last_active_at").execute();
}
