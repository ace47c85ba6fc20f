/**
 * compiledOnce: a query compiled once per database answers each run for that run's values, keeps
 * the query's own constants, and refuses a value the query never uses — on both back ends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledOnce } from "./compiled-query.server";
import type { AppContext } from "./context.server";
import { createTestContext } from "./test-context";

let ctx: AppContext;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const [id, price] of [
    ["perle", 3000],
    ["etoile", 1500],
    ["corail", 4500],
  ] as const) {
    await ctx.db
      .insertInto("products")
      .values({
        id,
        slug: id,
        name: id,
        price_cents: price,
        stock: 1,
        is_unique: 1,
        is_sold: id === "corail" ? 1 : 0,
      })
      .execute();
  }
});
afterAll(() => ctx.close());

describe("compiledOnce", () => {
  const unsoldAtMost = compiledOnce<"max", { id: string }>((db, value) =>
    db
      .selectFrom("products")
      .select("id")
      .where("is_sold", "=", 0)
      .where("price_cents", "<=", value("max") as unknown as number)
      .orderBy("id"),
  );

  it("runs with each call's values and the query's own constants", async () => {
    expect(await unsoldAtMost(ctx.db, { max: 2000 })).toEqual([{ id: "etoile" }]);
    expect(await unsoldAtMost(ctx.db, { max: 5000 })).toEqual([{ id: "etoile" }, { id: "perle" }]);
    expect(await unsoldAtMost(ctx.db, { max: 100 })).toEqual([]);
  });

  it("refuses a named value the compiled query does not use", async () => {
    const unused = compiledOnce<"max", { id: string }>((db, value) => {
      value("max");
      return db.selectFrom("products").select("id");
    });
    await expect(unused(ctx.db, { max: 1 })).rejects.toThrow(/« max »/);
  });
});
