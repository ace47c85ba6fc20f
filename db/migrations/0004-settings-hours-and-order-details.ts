/**
 * The shop's opening hours become a setting (contact page, docs/product.md §10.5), and a contact
 * message keeps the order it came with ('Contacter pour commander') for the admin's inbox (§10.4).
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("shop_settings")
    .addColumn("opening_hours", "text", (c) =>
      c.notNull().defaultTo("du lundi au vendredi de 9h à 18h, le samedi de 9h à 12h"),
    )
    .execute();
  // JSON text: the pieces, quantities and unit prices in cents, as the visitor's basket had them.
  await db.schema.alterTable("contact_messages").addColumn("order_details", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contact_messages").dropColumn("order_details").execute();
  await db.schema.alterTable("shop_settings").dropColumn("opening_hours").execute();
}
