/**
 * A piece deleted from the catalogue must not vanish silently from a customer's cart or
 * favourites (issue: "shown as unavailable, not silently lost"). Lines now keep a snapshot of the
 * piece (name, slug, price) and their product reference becomes NULL on deletion instead of the
 * line being deleted. SQLite cannot change a foreign key in place: the tables are rebuilt.
 */
import { type Kysely, sql } from "kysely";
import { currentTimestampText } from "../dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
async function rebuild(db: Kysely<any>, table: "cart_items" | "user_favorites") {
  const next = `${table}_next`;
  let builder = db.schema
    .createTable(next)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("product_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("product_slug", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("product_price_cents", "integer");
  if (table === "cart_items") {
    builder = builder.addColumn("quantity", "integer", (c) =>
      c.notNull().defaultTo(1).check(sql`quantity > 0`),
    );
  }
  await builder
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(currentTimestampText(db)))
    .addUniqueConstraint(`${table}_user_product_unique_v2`, ["user_id", "product_id"])
    .execute();
  const columns = table === "cart_items" ? sql`, quantity` : sql``;
  await sql`insert into ${sql.table(next)} (id, user_id, product_id, product_name, product_slug, product_price_cents${columns}, created_at)
    select t.id, t.user_id, t.product_id, p.name, p.slug, p.price_cents${table === "cart_items" ? sql`, t.quantity` : sql``}, t.created_at
    from ${sql.table(table)} t join products p on p.id = t.product_id`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(next).renameTo(table).execute();
  await db.schema.createIndex(`${table}_product_idx`).on(table).column("product_id").execute();
  await db.schema.createIndex(`${table}_user_idx`).on(table).column("user_id").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see rebuild().
export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, "cart_items");
  await rebuild(db, "user_favorites");
}

// biome-ignore lint/suspicious/noExplicitAny: see rebuild().
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("cart_items").where("product_id", "is", null).execute();
  await db.deleteFrom("user_favorites").where("product_id", "is", null).execute();
}
