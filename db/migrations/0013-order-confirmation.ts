/**
 * Holds that cannot be hoarded (docs/product.md §10.19, ADR 022). An order from an e-mail address
 * not yet confirmed holds its pieces for two hours, until the customer follows the confirmation
 * link (`confirm_token_hash`: the SHA-256 of a random, single-use token, cleared once used); one
 * client (account, normalised e-mail `email_key`, network address `client_address`) holds at most
 * `shop_settings.hold_cap` units at a time: `order_lines.waiting_quantity` says how many units of a
 * line are not held, waiting for the seller's approval (`approved_at`); 0, the default, holds all. Blocked addresses
 * (`blocked_emails`) cannot order.
 *
 * Orders placed before this migration keep the hold they had: confirmed, every unit held.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("email_confirmed_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("confirm_token_hash", "text").execute();
  await db.schema.alterTable("orders").addColumn("approved_at", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("email_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("client_address", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db
    .updateTable("orders")
    .set({ email_confirmed_at: sql`created_at`, email_key: sql`lower(email)` })
    .execute();
  await db.schema
    .createIndex("orders_confirm_token_idx")
    .on("orders")
    .column("confirm_token_hash")
    .unique()
    .execute();
  await db.schema.createIndex("orders_email_key_idx").on("orders").column("email_key").execute();
  await db.schema.createIndex("orders_client_address_idx").on("orders").column("client_address").execute();

  await db.schema
    .alterTable("order_lines")
    .addColumn("waiting_quantity", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`waiting_quantity >= 0 and waiting_quantity <= quantity`),
    )
    .execute();

  await db.schema
    .alterTable("shop_settings")
    .addColumn("hold_cap", "integer", (c) => c.notNull().defaultTo(3))
    .execute();

  await db.schema
    .createTable("blocked_emails")
    .addColumn("email_key", "text", (c) => c.primaryKey())
    // The address as the order gave it, and the order it was blocked from, for the seller's list.
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("order_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("blocked_emails").execute();
  await db.schema.alterTable("shop_settings").dropColumn("hold_cap").execute();
  await db.schema.alterTable("order_lines").dropColumn("waiting_quantity").execute();
  await db.schema.dropIndex("orders_client_address_idx").execute();
  await db.schema.dropIndex("orders_email_key_idx").execute();
  await db.schema.dropIndex("orders_confirm_token_idx").execute();
  for (const column of [
    "client_address",
    "email_key",
    "approved_at",
    "confirm_token_hash",
    "email_confirmed_at",
  ])
    await db.schema.alterTable("orders").dropColumn(column).execute();
}
