/**
 * Product safety information (docs/product.md §2 "Fabricant et sécurité", §10.5; Regulation (EU)
 * 2023/988 on general product safety, art. 19): the shop's default safety and care text
 * (`shop_settings.safety_info`) and a piece's own text (`products.safety_info`), each empty by
 * default. An empty piece text means the shop's; an empty shop text means the application's
 * built-in default (app/features/catalogue/product-safety-schema.ts), so a shop that never opened its
 * settings still shows one.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("shop_settings")
    .addColumn("safety_info", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("safety_info", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("products").dropColumn("safety_info").execute();
  await db.schema.alterTable("shop_settings").dropColumn("safety_info").execute();
}
