/**
 * Orders (docs/product.md §10.19, ADR 016). A cart sent from /contact becomes an order with a
 * readable number, its lines at the price of that moment, a history of its steps, and the pieces
 * held for it. The shop settings gain the hold's length and the seller's notification switches.
 *
 * Timestamps written by the shop itself here are ISO-8601 with milliseconds ("…T…Z"): the holds
 * compare them as text with the shop's clock, and the history sorts on them.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  // One counter per year: NAC-2026-0042 is the 42nd order of 2026.
  await db.schema
    .createTable("order_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("number", "text", (c) => c.notNull().unique())
    // The guest's link to follow the order (unguessable, never listed anywhere).
    .addColumn("tracking_token", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("nouvelle")
        .check(sql`status in ('nouvelle', 'lien_envoye', 'payee', 'expediee', 'livree', 'annulee')`),
    )
    .addColumn("customer_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("delivery_method", "text", (c) =>
      c.notNull().check(sql`delivery_method in ('envoi', 'evenement', 'main_propre')`),
    )
    .addColumn("address_line", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("postal_code", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("event_id", "text", (c) => c.references("events.id").onDelete("set null"))
    // The event as it was when chosen: the order keeps it if the event is deleted.
    .addColumn("event_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("event_start", "text")
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("total_cents", "integer", (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn("hold_expires_at", "text", (c) => c.notNull())
    .addColumn("payment_url", "text")
    .addColumn("tracking_number", "text")
    .addColumn("internal_note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("orders_status_hold_idx")
    .on("orders")
    .columns(["status", "hold_expires_at"])
    .execute();
  await db.schema.createIndex("orders_user_idx").on("orders").column("user_id").execute();
  await db.schema.createIndex("orders_created_idx").on("orders").column("created_at").execute();

  await db.schema
    .createTable("order_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("product_name", "text", (c) => c.notNull())
    .addColumn("product_slug", "text", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) => c.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_lines_order_idx").on("order_lines").column("order_id").execute();
  await db.schema.createIndex("order_lines_product_idx").on("order_lines").column("product_id").execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("admin_id", "text", (c) => c.references("users.id").onDelete("set null"))
    // Who did it, as named then (the account may be deleted later).
    .addColumn("admin_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_events_order_idx")
    .on("order_events")
    .columns(["order_id", "created_at"])
    .execute();

  await db.schema
    .alterTable("shop_settings")
    .addColumn("hold_days", "integer", (c) => c.notNull().defaultTo(7))
    .execute();
  for (const column of ["notify_new_order", "notify_contact", "notify_review", "notify_chat"]) {
    await db.schema
      .alterTable("shop_settings")
      .addColumn(column, "integer", (c) => c.notNull().defaultTo(1))
      .execute();
  }
  // When an admin last had the dashboard open (ISO text): chat e-mails wait for ten minutes of absence.
  await db.schema.alterTable("shop_settings").addColumn("admin_seen_at", "text").execute();
  // The last e-mail sent to the shop about this conversation: at most one per absence.
  await db.schema.alterTable("chats").addColumn("admin_notified_at", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("chats").dropColumn("admin_notified_at").execute();
  for (const column of [
    "admin_seen_at",
    "notify_chat",
    "notify_review",
    "notify_contact",
    "notify_new_order",
    "hold_days",
  ]) {
    await db.schema.alterTable("shop_settings").dropColumn(column).execute();
  }
  await db.schema.dropTable("order_events").execute();
  await db.schema.dropTable("order_lines").execute();
  await db.schema.dropTable("orders").execute();
  await db.schema.dropTable("order_counters").execute();
}
