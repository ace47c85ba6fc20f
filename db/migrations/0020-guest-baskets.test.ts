/**
 * Migration 0020 (ADR 032) on the run's back end: a customer's cart line and favourite written
 * before it come out row for row, and the new rules hold — one owner per line, one line per piece
 * and guest basket, a guest basket's lines gone with it. Going back keeps the customers' lines.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/server/database.server";
import { testDatabaseEnv } from "../../tests/support/test-database";
import { migrationProvider } from "./index";

const location = {
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "nacre-0020-")),
  ...testDatabaseEnv("m0020"),
};
const handle = openDatabase(location);
const db = handle.db;
const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
const at = "2026-01-02 03:04:05";

async function migrateTo(name: string) {
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

const lines = (table: "cart_items" | "user_favorites") =>
  db.selectFrom(table).selectAll().orderBy("id").execute();

beforeAll(async () => {
  await migrateTo("0019-cgv-versions");
  await db
    .insertInto("users")
    .values({ id: "cliente", email: "cliente@exemple.fr", created_at: at, updated_at: at })
    .execute();
  await db
    .insertInto("products")
    .values([
      { id: "perle", slug: "perle", name: "Perle", price_cents: 4500, stock: 3, is_unique: 0 },
      { id: "collier", slug: "collier", name: "Collier", price_cents: 9000, stock: 1, is_unique: 1 },
    ])
    .execute();
  const remembered = {
    product_name: "Perle",
    product_slug: "perle",
    product_price_cents: 4500,
    created_at: at,
  };
  await sql`insert into cart_items (id, user_id, product_id, product_name, product_slug, product_price_cents, quantity, created_at)
    values ('ligne', 'cliente', 'perle', ${remembered.product_name}, ${remembered.product_slug}, 4500, 2, ${at})`.execute(
    db,
  );
  await sql`insert into user_favorites (id, user_id, product_id, product_name, product_slug, product_price_cents, created_at)
    values ('favori', 'cliente', 'perle', 'Perle', 'perle', 4500, ${at})`.execute(db);
});
afterAll(() => handle.close());

describe("migration 0020: guest baskets", () => {
  it("keeps every customer's line as it was, now owned by the account and no guest basket", async () => {
    await migrateToLatest(db);
    expect(await lines("cart_items")).toEqual([
      {
        id: "ligne",
        user_id: "cliente",
        guest_basket_id: null,
        product_id: "perle",
        product_name: "Perle",
        product_slug: "perle",
        product_price_cents: 4500,
        quantity: 2,
        created_at: at,
      },
    ]);
    expect(await lines("user_favorites")).toEqual([
      {
        id: "favori",
        user_id: "cliente",
        guest_basket_id: null,
        product_id: "perle",
        product_name: "Perle",
        product_slug: "perle",
        product_price_cents: 4500,
        created_at: at,
      },
    ]);
  });

  it("keeps the old rules: one line per piece and account, quantities above 0, a deleted piece leaves its snapshot", async () => {
    await expect(
      db.insertInto("cart_items").values({ id: "double", user_id: "cliente", product_id: "perle" }).execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("cart_items")
        .values({ id: "zero", user_id: "cliente", product_id: "collier", quantity: 0 })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("user_favorites")
      .values({ id: "f2", user_id: "cliente", product_id: "collier" })
      .execute();
    await db.deleteFrom("products").where("id", "=", "collier").execute();
    expect(
      await db.selectFrom("user_favorites").select("product_id").where("id", "=", "f2").executeTakeFirst(),
    ).toEqual({ product_id: null });
    await db.deleteFrom("user_favorites").where("id", "=", "f2").execute();
  });

  it("gives each line exactly one owner, one line per piece and guest basket, and drops a basket's lines with it", async () => {
    await db
      .insertInto("guest_baskets")
      .values({ id: "invite", token_hash: "h1", created_at: at, updated_at: at })
      .execute();
    await expect(
      db
        .insertInto("guest_baskets")
        .values({ id: "autre", token_hash: "h1", created_at: at, updated_at: at })
        .execute(),
    ).rejects.toThrow();
    for (const table of ["cart_items", "user_favorites"] as const) {
      await expect(
        db
          .insertInto(table)
          .values({ id: `${table}-sans`, product_id: "perle" })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto(table)
          .values({ id: `${table}-deux`, user_id: "cliente", guest_basket_id: "invite", product_id: "perle" })
          .execute(),
      ).rejects.toThrow();
      await db
        .insertInto(table)
        .values({ id: `${table}-g`, guest_basket_id: "invite", product_id: "perle" })
        .execute();
      await expect(
        db
          .insertInto(table)
          .values({ id: `${table}-g2`, guest_basket_id: "invite", product_id: "perle" })
          .execute(),
      ).rejects.toThrow();
    }
    await db.deleteFrom("guest_baskets").where("id", "=", "invite").execute();
    expect((await lines("cart_items")).map((line) => line.id)).toEqual(["ligne"]);
    expect((await lines("user_favorites")).map((line) => line.id)).toEqual(["favori"]);
  });

  it("goes back without the guests' lines and keeps the customers'", async () => {
    await db
      .insertInto("guest_baskets")
      .values({ id: "invite", token_hash: "h2", created_at: at, updated_at: at })
      .execute();
    await db
      .insertInto("cart_items")
      .values({ id: "g", guest_basket_id: "invite", product_id: "perle" })
      .execute();
    await migrateTo("0019-cgv-versions");
    const back = await sql<{
      id: string;
      user_id: string;
      quantity: number;
    }>`select id, user_id, quantity from cart_items`.execute(db);
    expect(back.rows).toEqual([{ id: "ligne", user_id: "cliente", quantity: 2 }]);
    await migrateToLatest(db);
    expect((await lines("cart_items")).map((line) => line.id)).toEqual(["ligne"]);
  });
});
