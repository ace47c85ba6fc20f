/**
 * One server basket for every visitor (ADR 032, docs/product.md §3 guest_baskets): a guest's cart
 * and favourites are lines of cart_items and user_favorites like a customer's, owned by a guest
 * basket (named by the httpOnly cookie `nacre_panier`, of which only the SHA-256 is kept) instead of
 * an account. Each line has exactly one owner. PostgreSQL changes the tables in place; SQLite
 * cannot drop a NOT NULL nor add a check to a table, so it rebuilds them as migration 0003 did,
 * every row, index and constraint kept.
 */
import { type CreateTableBuilder, type Kysely, sql } from "kysely";
import { currentTimestampText, databaseKind } from "../dialect";

type Table = "cart_items" | "user_favorites";
const TABLES: readonly Table[] = ["cart_items", "user_favorites"];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
type AnyDb = Kysely<any>;

/** Exactly one owner per line: an account or a guest basket. */
const ONE_OWNER = sql`(user_id is null) <> (guest_basket_id is null)`;

/** SQLite: the table made again with (`guests`) or without the guest owner, its rows copied. */
async function rebuild(db: AnyDb, table: Table, guests: boolean) {
  const next = `${table}_next`;
  let builder: CreateTableBuilder<string, string> = db.schema
    .createTable(next)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) =>
      guests
        ? c.references("users.id").onDelete("cascade")
        : c.notNull().references("users.id").onDelete("cascade"),
    );
  if (guests) {
    builder = builder.addColumn("guest_basket_id", "text", (c) =>
      c.references("guest_baskets.id").onDelete("cascade"),
    );
  }
  builder = builder
    .addColumn("product_id", "text", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("product_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("product_slug", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("product_price_cents", "integer");
  if (table === "cart_items") {
    builder = builder.addColumn("quantity", "integer", (c) =>
      c.notNull().defaultTo(1).check(sql`quantity > 0`),
    );
  }
  builder = builder
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(currentTimestampText(db)))
    .addUniqueConstraint(`${table}_user_product_unique_v2`, ["user_id", "product_id"]);
  if (guests) {
    builder = builder
      .addUniqueConstraint(`${table}_guest_product_unique`, ["guest_basket_id", "product_id"])
      .addCheckConstraint(`${table}_one_owner`, ONE_OWNER);
  }
  await builder.execute();
  const kept = [
    "id",
    "user_id",
    "product_id",
    "product_name",
    "product_slug",
    "product_price_cents",
    ...(table === "cart_items" ? ["quantity"] : []),
    "created_at",
  ];
  const columns = sql.join(kept.map((column) => sql.ref(column)));
  // Going back, a guest's lines have no account to belong to: they are left out.
  const rows = guests ? sql`` : sql` where user_id is not null`;
  await sql`insert into ${sql.table(next)} (${columns}) select ${columns} from ${sql.table(table)}${rows}`.execute(
    db,
  );
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(next).renameTo(table).execute();
  await db.schema.createIndex(`${table}_product_idx`).on(table).column("product_id").execute();
  await db.schema.createIndex(`${table}_user_idx`).on(table).column("user_id").execute();
  if (guests) await db.schema.createIndex(`${table}_guest_idx`).on(table).column("guest_basket_id").execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("guest_baskets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The purge of baskets left 30 days (docs/product.md §10.2) reads them by their last change.
  await db.schema.createIndex("guest_baskets_updated_idx").on("guest_baskets").column("updated_at").execute();
  for (const table of TABLES) {
    if (databaseKind(db) === "sqlite") {
      await rebuild(db, table, true);
      continue;
    }
    await db.schema
      .alterTable(table)
      .alterColumn("user_id", (c) => c.dropNotNull())
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn("guest_basket_id", "text", (c) => c.references("guest_baskets.id").onDelete("cascade"))
      .execute();
    await db.schema.alterTable(table).addCheckConstraint(`${table}_one_owner`, ONE_OWNER).execute();
    await db.schema
      .alterTable(table)
      .addUniqueConstraint(`${table}_guest_product_unique`, ["guest_basket_id", "product_id"])
      .execute();
    await db.schema.createIndex(`${table}_guest_idx`).on(table).column("guest_basket_id").execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    if (databaseKind(db) === "sqlite") {
      await rebuild(db, table, false);
      continue;
    }
    await db.deleteFrom(table).where("user_id", "is", null).execute();
    await db.schema.dropIndex(`${table}_guest_idx`).execute();
    await db.schema.alterTable(table).dropConstraint(`${table}_guest_product_unique`).execute();
    await db.schema.alterTable(table).dropConstraint(`${table}_one_owner`).execute();
    await db.schema.alterTable(table).dropColumn("guest_basket_id").execute();
    await db.schema
      .alterTable(table)
      .alterColumn("user_id", (c) => c.setNotNull())
      .execute();
  }
  await db.schema.dropTable("guest_baskets").execute();
}
