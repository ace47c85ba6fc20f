/**
 * The shop's map position (contact page map), editable with the other shop settings. Double
 * precision: PostgreSQL's `real` keeps only six digits; SQLite stores both as REAL.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("shop_settings").addColumn("map_latitude", "double precision").execute();
  await db.schema.alterTable("shop_settings").addColumn("map_longitude", "double precision").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("shop_settings").dropColumn("map_longitude").execute();
  await db.schema.alterTable("shop_settings").dropColumn("map_latitude").execute();
}
