/**
 * A piece on request (no price) can be ordered (docs/product.md §10.19): its order line is written
 * with `unit_price_cents` NULL until the seller fixes the price, before the payment link. The order's
 * `total_cents` keeps counting the known prices only.
 *
 * PostgreSQL drops the NOT NULL in place; SQLite cannot change a column's constraints, so the table
 * is rebuilt with the same columns, checks and indexes (nothing references order_lines).
 */
import { type Kysely, sql } from "kysely";
import { databaseKind } from "../dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
async function rebuildOrderLines(db: Kysely<any>, priceNotNull: boolean) {
  await db.schema
    .createTable("order_lines_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("product_name", "text", (c) => c.notNull())
    .addColumn("product_slug", "text", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) =>
      (priceNotNull ? c.notNull() : c).check(sql`unit_price_cents >= 0`),
    )
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("waiting_quantity", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`waiting_quantity >= 0 and waiting_quantity <= quantity`),
    )
    .execute();
  await sql`insert into order_lines_next (id, order_id, product_id, product_name, product_slug,
      unit_price_cents, quantity, position, waiting_quantity)
    select id, order_id, product_id, product_name, product_slug, unit_price_cents, quantity, position,
      waiting_quantity
    from order_lines`.execute(db);
  await db.schema.dropTable("order_lines").execute();
  await db.schema.alterTable("order_lines_next").renameTo("order_lines").execute();
  await db.schema.createIndex("order_lines_order_idx").on("order_lines").column("order_id").execute();
  await db.schema.createIndex("order_lines_product_idx").on("order_lines").column("product_id").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see rebuildOrderLines().
export async function up(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) === "postgres") {
    await db.schema
      .alterTable("order_lines")
      .alterColumn("unit_price_cents", (c) => c.dropNotNull())
      .execute();
    return;
  }
  await rebuildOrderLines(db, false);
}

// biome-ignore lint/suspicious/noExplicitAny: see rebuildOrderLines().
export async function down(db: Kysely<any>): Promise<void> {
  // A line still without a price cannot go back to a NOT NULL column: it counts as free (0).
  await db
    .updateTable("order_lines")
    .set({ unit_price_cents: 0 })
    .where("unit_price_cents", "is", null)
    .execute();
  if (databaseKind(db) === "postgres") {
    await db.schema
      .alterTable("order_lines")
      .alterColumn("unit_price_cents", (c) => c.setNotNull())
      .execute();
    return;
  }
  await rebuildOrderLines(db, true);
}
