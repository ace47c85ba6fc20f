import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import {
  addToCart,
  changeCartQuantity,
  listCart,
  listFavorites,
  mergeGuestBasket,
  removeFromCart,
  toggleFavorite,
} from "./basket.server";

let ctx: AppContext;
let userId: string;
let otherUserId: string;

async function product(
  id: string,
  values: { stock: number; unique?: boolean; sold?: boolean; price?: number | null },
) {
  await ctx.db
    .insertInto("products")
    .values({
      id,
      slug: id,
      name: `Pièce ${id}`,
      price_cents: values.price === undefined ? 5000 : values.price,
      stock: values.stock,
      is_unique: values.unique ? 1 : 0,
      is_sold: values.sold ? 1 : 0,
    })
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  userId = (
    await ctx.auth.api.signUpEmail({ body: { email: "a@exemple.fr", password: "motdepasse-a", name: "A" } })
  ).user.id;
  otherUserId = (
    await ctx.auth.api.signUpEmail({ body: { email: "b@exemple.fr", password: "motdepasse-b", name: "B" } })
  ).user.id;
  await product("trois", { stock: 3 });
  await product("unique", { stock: 1, unique: true });
  await product("vendue", { stock: 1, sold: true });
  await product("epuisee", { stock: 0 });
});
afterAll(() => ctx.close());

const quantityOf = async (user: string, productId: string) =>
  (await listCart(ctx.db, user)).find((line) => line.productId === productId)?.quantity ?? 0;

describe("cart (docs/product.md §4)", () => {
  it("adds 1 to a present product, never beyond the stock", async () => {
    expect(await addToCart(ctx.db, userId, "trois")).toBeNull();
    expect(await addToCart(ctx.db, userId, "trois")).toBeNull();
    expect(await addToCart(ctx.db, userId, "trois")).toBeNull();
    expect(await addToCart(ctx.db, userId, "trois")).toBe("epuise");
    expect(await quantityOf(userId, "trois")).toBe(3);
  });

  it("keeps a unique piece at 1 and refuses sold or exhausted pieces", async () => {
    expect(await addToCart(ctx.db, userId, "unique")).toBeNull();
    expect(await addToCart(ctx.db, userId, "unique")).toBe("epuise");
    expect(await quantityOf(userId, "unique")).toBe(1);
    expect(await addToCart(ctx.db, userId, "vendue")).toBe("vendu");
    expect(await addToCart(ctx.db, userId, "epuisee")).toBe("epuise");
    expect(await addToCart(ctx.db, userId, "inconnue")).toBe("introuvable");
  });

  it("changes by delta: above 0 updates, otherwise removes the line", async () => {
    expect(await changeCartQuantity(ctx.db, userId, "trois", -1)).toBeNull();
    expect(await quantityOf(userId, "trois")).toBe(2);
    expect(await changeCartQuantity(ctx.db, userId, "trois", 5)).toBe("epuise");
    expect(await changeCartQuantity(ctx.db, userId, "trois", -2)).toBeNull();
    expect(await quantityOf(userId, "trois")).toBe(0);
    await removeFromCart(ctx.db, userId, "unique");
    expect(await listCart(ctx.db, userId)).toEqual([]);
  });

  it("100 concurrent '+1' on one cart line end with the exact quantity", async () => {
    // On PostgreSQL the pool runs them side by side: a read-then-write would lose updates.
    await product("stockcent", { stock: 150 });
    const buyer = (
      await ctx.auth.api.signUpEmail({
        body: { email: "cent@exemple.fr", password: "motdepasse-c", name: "C" },
      })
    ).user.id;
    const results = await Promise.all(
      Array.from({ length: 100 }, () => addToCart(ctx.db, buyer, "stockcent")),
    );
    expect(results.every((error) => error === null)).toBe(true);
    const lines = await listCart(ctx.db, buyer);
    expect(lines.find((line) => line.productId === "stockcent")?.quantity).toBe(100);
  });

  it("touches only the caller's own lines", async () => {
    await addToCart(ctx.db, otherUserId, "trois");
    expect(await changeCartQuantity(ctx.db, userId, "trois", -1)).toBe("introuvable");
    await removeFromCart(ctx.db, userId, "trois");
    expect(await quantityOf(otherUserId, "trois")).toBe(1);
  });
});

describe("favourites (docs/product.md §4)", () => {
  it("toggles: adds if absent, removes if present", async () => {
    expect(await toggleFavorite(ctx.db, userId, "unique")).toBe(true);
    expect((await listFavorites(ctx.db, userId)).map((f) => f.productId)).toEqual(["unique"]);
    expect(await toggleFavorite(ctx.db, userId, "unique")).toBe(false);
    expect(await listFavorites(ctx.db, userId)).toEqual([]);
    expect(await toggleFavorite(ctx.db, userId, "inconnue")).toBe("introuvable");
  });
});

describe("merging the guest basket at login (docs/product.md §10.2)", () => {
  it("combines quantities within the stock, drops what cannot be bought, never duplicates", async () => {
    await addToCart(ctx.db, userId, "trois"); // 1 already in the account
    await toggleFavorite(ctx.db, userId, "trois");
    await mergeGuestBasket(ctx.db, userId, {
      cart: [
        { productId: "trois", quantity: 5 },
        { productId: "unique", quantity: 2 },
        { productId: "vendue", quantity: 1 },
        { productId: "inconnue", quantity: 1 },
      ],
      favorites: ["trois", "vendue", "inconnue", "vendue"],
    });
    expect(await quantityOf(userId, "trois")).toBe(3);
    expect(await quantityOf(userId, "unique")).toBe(1);
    expect(await quantityOf(userId, "vendue")).toBe(0);
    const favorites = (await listFavorites(ctx.db, userId)).map((f) => f.productId).sort();
    expect(favorites).toEqual(["trois", "vendue"]);
  });
});

describe("pieces that can no longer be ordered stay listed (issue: not silently lost)", () => {
  it("marks sold, exhausted and deleted pieces, keeping a deleted piece's name and price", async () => {
    const user = (
      await ctx.auth.api.signUpEmail({ body: { email: "c@exemple.fr", password: "motdepasse-c", name: "C" } })
    ).user.id;
    await product("bientot-vendue", { stock: 2, price: 3900 });
    await product("bientot-supprimee", { stock: 2, price: 7200 });
    await addToCart(ctx.db, user, "bientot-vendue");
    await addToCart(ctx.db, user, "bientot-supprimee");
    await toggleFavorite(ctx.db, user, "bientot-supprimee");
    await ctx.db.updateTable("products").set({ is_sold: 1 }).where("id", "=", "bientot-vendue").execute();
    await ctx.db.deleteFrom("products").where("id", "=", "bientot-supprimee").execute();

    const cart = await listCart(ctx.db, user);
    expect(cart.map((line) => [line.name, line.availability, line.priceCents]).sort()).toEqual([
      ["Pièce bientot-supprimee", "deleted", 7200],
      ["Pièce bientot-vendue", "sold", 3900],
    ]);
    const favorites = await listFavorites(ctx.db, user);
    expect(favorites.map((f) => [f.name, f.availability])).toEqual([["Pièce bientot-supprimee", "deleted"]]);

    // A deleted piece's line is removed by the line's own id.
    const deleted = cart.find((line) => line.availability === "deleted") as (typeof cart)[number];
    await removeFromCart(ctx.db, user, deleted.productId);
    expect((await listCart(ctx.db, user)).map((line) => line.name)).toEqual(["Pièce bientot-vendue"]);
    expect(await changeCartQuantity(ctx.db, user, "bientot-vendue", 1)).toBe("vendu");
  });
});

describe("a piece on request (docs/product.md §10.19)", () => {
  it("goes into the cart and the favourites, listed with its price unknown", async () => {
    await product("surdemande", { stock: 1, unique: true, price: null });
    expect(await addToCart(ctx.db, otherUserId, "surdemande")).toBeNull();
    await toggleFavorite(ctx.db, otherUserId, "surdemande");
    const line = (await listCart(ctx.db, otherUserId)).find((item) => item.productId === "surdemande");
    expect(line).toMatchObject({ name: "Pièce surdemande", priceCents: null, quantity: 1 });
    const favourite = (await listFavorites(ctx.db, otherUserId)).find(
      (item) => item.productId === "surdemande",
    );
    expect(favourite).toMatchObject({ name: "Pièce surdemande", priceCents: null });
  });
});
