/**
 * The account ADMIN_EMAIL made admin at start (ADR 011): when the configuration names another
 * address, that account goes back to being a customer instead of staying admin for ever.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("shop_settings").addColumn("configured_admin_id", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("shop_settings").dropColumn("configured_admin_id").execute();
}
