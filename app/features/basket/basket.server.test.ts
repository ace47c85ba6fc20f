import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import {
  addToCart,
  adoptGuestBasket,
  type BasketOwner,
  basketLists,
  changeCartQuantity,
  listCart,
  listFavorites,
  mergeGuestBasket,
  removeFavorite,
  removeFromCart,
  toggleFavorite,
} from "./basket.server";
import { purgeGuestBaskets } from "./guest-basket.server";

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

const quantityOf = async (owner: BasketOwner, productId: string) =>
  (await listCart(ctx.db, owner)).find((line) => line.productId === productId)?.quantity ?? 0;

const DAY_MS = 24 * 60 * 60_000;
let guests = 0;

/** A guest basket as guest-basket.server.ts makes them, last changed `updatedAt`. */
async function guestBasket(updatedAt = new Date()): Promise<{ guestBasketId: string }> {
  const id = `invite${++guests}`;
  const at = updatedAt.toISOString();
  await ctx.db
    .insertInto("guest_baskets")
    .values({ id, token_hash: `empreinte-${id}`, created_at: at, updated_at: at })
    .execute();
  return { guestBasketId: id };
}

async function customer(email: string): Promise<{ userId: string }> {
  const { user } = await ctx.auth.api.signUpEmail({ body: { email, password: "motdepasse-x", name: "X" } });
  return { userId: user.id };
}

// The same rules for both owners (ADR 032): a customer's lists and a guest basket's.
describe.each([
  { kind: "customer", owners: async () => [{ userId }, { userId: otherUserId }] as BasketOwner[] },
  { kind: "guest", owners: async () => [await guestBasket(), await guestBasket()] as BasketOwner[] },
])("cart of a $kind (docs/product.md §4)", ({ kind, owners }) => {
  let owner: BasketOwner;
  let other: BasketOwner;
  beforeAll(async () => {
    [owner, other] = (await owners()) as [BasketOwner, BasketOwner];
  });

  it("adds 1 to a present product, never beyond the stock", async () => {
    expect(await addToCart(ctx.db, owner, "trois")).toBeNull();
    expect(await addToCart(ctx.db, owner, "trois")).toBeNull();
    expect(await addToCart(ctx.db, owner, "trois")).toBeNull();
    expect(await addToCart(ctx.db, owner, "trois")).toBe("epuise");
    expect(await quantityOf(owner, "trois")).toBe(3);
  });

  it("keeps a unique piece at 1 and refuses sold or exhausted pieces", async () => {
    expect(await addToCart(ctx.db, owner, "unique")).toBeNull();
    expect(await addToCart(ctx.db, owner, "unique")).toBe("epuise");
    expect(await quantityOf(owner, "unique")).toBe(1);
    expect(await addToCart(ctx.db, owner, "vendue")).toBe("vendu");
    expect(await addToCart(ctx.db, owner, "epuisee")).toBe("epuise");
    expect(await addToCart(ctx.db, owner, "inconnue")).toBe("introuvable");
  });

  it("changes by delta: above 0 updates, otherwise removes the line", async () => {
    expect(await changeCartQuantity(ctx.db, owner, "trois", -1)).toBeNull();
    expect(await quantityOf(owner, "trois")).toBe(2);
    expect(await changeCartQuantity(ctx.db, owner, "trois", 5)).toBe("epuise");
    expect(await changeCartQuantity(ctx.db, owner, "trois", -2)).toBeNull();
    expect(await quantityOf(owner, "trois")).toBe(0);
    await removeFromCart(ctx.db, owner, "unique");
    expect(await listCart(ctx.db, owner)).toEqual([]);
  });

  it("100 concurrent '+1' on one cart line end with the exact quantity", async () => {
    // On PostgreSQL the pool runs them side by side: a read-then-write would lose updates.
    const piece = `stockcent${kind}`;
    await product(piece, { stock: 150 });
    const buyer = kind === "customer" ? await customer(`cent-${kind}@exemple.fr`) : await guestBasket();
    const results = await Promise.all(Array.from({ length: 100 }, () => addToCart(ctx.db, buyer, piece)));
    expect(results.every((error) => error === null)).toBe(true);
    expect(await quantityOf(buyer, piece)).toBe(100);
  });

  it("+1 and -1 mixed at once on one line end exactly at their sum (the line's row lock)", async () => {
    const piece = `melange${kind}`;
    await product(piece, { stock: 200 });
    const buyer = kind === "customer" ? await customer(`melange-${kind}@exemple.fr`) : await guestBasket();
    for (let i = 0; i < 30; i++) await addToCart(ctx.db, buyer, piece);
    const results = await Promise.all(
      Array.from({ length: 70 }, (_, i) => changeCartQuantity(ctx.db, buyer, piece, i < 50 ? 1 : -1)),
    );
    expect(results.filter((result) => result !== null)).toEqual([]);
    expect(await quantityOf(buyer, piece)).toBe(60);
  });

  it("touches only the caller's own lines", async () => {
    await addToCart(ctx.db, other, "trois");
    expect(await changeCartQuantity(ctx.db, owner, "trois", -1)).toBe("introuvable");
    await removeFromCart(ctx.db, owner, "trois");
    expect(await quantityOf(other, "trois")).toBe(1);
  });

  it("20 concurrent favourite toggles act one after the other: half add, half remove", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => toggleFavorite(ctx.db, owner, "trois")),
    );
    expect(results.filter((result) => result === true)).toHaveLength(10);
    expect(results.filter((result) => result === false)).toHaveLength(10);
    expect(await listFavorites(ctx.db, owner)).toEqual([]);
  });
});

describe("a guest's lines and a customer's never mix", () => {
  it("a guest basket and an account each keep their own line of one piece, and the guest's never shows in the account", async () => {
    const guest = await guestBasket();
    const account = await customer("separes@exemple.fr");
    expect(await addToCart(ctx.db, guest, "trois")).toBeNull();
    expect(await addToCart(ctx.db, account, "trois")).toBeNull();
    expect(await addToCart(ctx.db, account, "trois")).toBeNull();
    expect(await toggleFavorite(ctx.db, guest, "unique")).toBe(true);
    expect(await quantityOf(guest, "trois")).toBe(1);
    expect(await quantityOf(account, "trois")).toBe(2);
    expect(await listFavorites(ctx.db, account)).toEqual([]);
    await removeFavorite(ctx.db, account, "unique");
    expect((await listFavorites(ctx.db, guest)).map((f) => f.productId)).toEqual(["unique"]);
  });

  it("every change to a guest's lists dates the basket now (its 30 days start again)", async () => {
    const long = new Date(Date.now() - 20 * DAY_MS);
    const guest = await guestBasket(long);
    const updatedAt = async () =>
      (
        await ctx.db
          .selectFrom("guest_baskets")
          .select("updated_at")
          .where("id", "=", guest.guestBasketId)
          .executeTakeFirstOrThrow()
      ).updated_at;
    const changes: (() => Promise<unknown>)[] = [
      () => addToCart(ctx.db, guest, "trois"),
      () => changeCartQuantity(ctx.db, guest, "trois", -1),
      () => removeFromCart(ctx.db, guest, "trois"),
      () => toggleFavorite(ctx.db, guest, "trois"),
      () => removeFavorite(ctx.db, guest, "trois"),
      () => mergeGuestBasket(ctx.db, guest, { cart: [{ productId: "trois", quantity: 1 }], favorites: [] }),
    ];
    for (const change of changes) {
      await ctx.db
        .updateTable("guest_baskets")
        .set({ updated_at: long.toISOString() })
        .where("id", "=", guest.guestBasketId)
        .execute();
      const before = Date.now();
      await change();
      expect(new Date(await updatedAt()).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
  });
});

describe("both lists at once (basketLists)", () => {
  it("the cart in the order pieces were added, the favourites newest first, each owner's own", async () => {
    const owner = await customer("ordre@exemple.fr");
    const dated = (table: "cart_items" | "user_favorites", productId: string, at: string) =>
      ctx.db
        .updateTable(table)
        .set({ created_at: at })
        .where("user_id", "=", owner.userId)
        .where("product_id", "=", productId)
        .execute();
    for (const id of ["trois", "unique", "epuisee"]) await toggleFavorite(ctx.db, owner, id);
    await addToCart(ctx.db, owner, "trois");
    await addToCart(ctx.db, owner, "unique");
    await dated("cart_items", "trois", "2026-11-02T10:00:00.000Z");
    await dated("cart_items", "unique", "2026-11-01T10:00:00.000Z");
    await dated("user_favorites", "trois", "2026-11-01T10:00:00.000Z");
    await dated("user_favorites", "unique", "2026-11-03T10:00:00.000Z");
    await dated("user_favorites", "epuisee", "2026-11-02T10:00:00.000Z");
    await addToCart(ctx.db, { userId }, "trois");
    const { cart, favorites } = await basketLists(ctx.db, owner);
    expect(cart.map((line) => [line.productId, line.quantity])).toEqual([
      ["unique", 1],
      ["trois", 1],
    ]);
    expect(favorites.map((line) => line.productId)).toEqual(["unique", "epuisee", "trois"]);
    expect(await listCart(ctx.db, owner)).toEqual(cart);
    expect(await listFavorites(ctx.db, owner)).toEqual(favorites);
    expect(await basketLists(ctx.db, null)).toEqual({ cart: [], favorites: [] });
  });
});

describe("favourites (docs/product.md §4)", () => {
  it("toggles: adds if absent, removes if present", async () => {
    for (const owner of [{ userId }, await guestBasket()]) {
      expect(await toggleFavorite(ctx.db, owner, "unique")).toBe(true);
      expect((await listFavorites(ctx.db, owner)).map((f) => f.productId)).toEqual(["unique"]);
      expect(await toggleFavorite(ctx.db, owner, "unique")).toBe(false);
      expect(await listFavorites(ctx.db, owner)).toEqual([]);
      expect(await toggleFavorite(ctx.db, owner, "inconnue")).toBe("introuvable");
    }
  });
});

describe("merging a guest's lists (docs/product.md §10.2)", () => {
  it("combines quantities within the stock, drops what cannot be bought, never duplicates", async () => {
    const owner = { userId };
    await addToCart(ctx.db, owner, "trois"); // 1 already in the account
    await toggleFavorite(ctx.db, owner, "trois");
    await mergeGuestBasket(ctx.db, owner, {
      cart: [
        { productId: "trois", quantity: 5 },
        { productId: "unique", quantity: 2 },
        { productId: "vendue", quantity: 1 },
        { productId: "inconnue", quantity: 1 },
      ],
      favorites: ["trois", "vendue", "inconnue", "vendue"],
    });
    expect(await quantityOf(owner, "trois")).toBe(3);
    expect(await quantityOf(owner, "unique")).toBe(1);
    expect(await quantityOf(owner, "vendue")).toBe(0);
    const favorites = (await listFavorites(ctx.db, owner)).map((f) => f.productId).sort();
    expect(favorites).toEqual(["trois", "vendue"]);
  });

  it("an empty import into a guest basket changes nothing, not even its date", async () => {
    const long = new Date(Date.now() - 10 * DAY_MS);
    const guest = await guestBasket(long);
    await mergeGuestBasket(ctx.db, guest, { cart: [], favorites: [] });
    const row = await ctx.db
      .selectFrom("guest_baskets")
      .select("updated_at")
      .where("id", "=", guest.guestBasketId)
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(long.toISOString());
  });

  it("at sign-in the guest basket joins the account with the same rules and is deleted with its lines", async () => {
    await product("adopte", { stock: 2 });
    await product("retenue", { stock: 5 });
    const account = await customer("adoption@exemple.fr");
    const guest = await guestBasket();
    await addToCart(ctx.db, account, "adopte");
    await addToCart(ctx.db, guest, "adopte");
    await addToCart(ctx.db, guest, "adopte");
    await addToCart(ctx.db, guest, "retenue");
    await toggleFavorite(ctx.db, guest, "retenue");
    await toggleFavorite(ctx.db, guest, "adopte");
    await toggleFavorite(ctx.db, account, "adopte");
    // Sold meanwhile: dropped, like an unknown or held piece.
    await ctx.db.updateTable("products").set({ is_sold: 1 }).where("id", "=", "retenue").execute();
    await adoptGuestBasket(ctx.db, guest.guestBasketId, account.userId);
    expect(await quantityOf(account, "adopte")).toBe(2);
    expect(await quantityOf(account, "retenue")).toBe(0);
    expect((await listFavorites(ctx.db, account)).map((f) => f.productId).sort()).toEqual([
      "adopte",
      "retenue",
    ]);
    const left = await ctx.db
      .selectFrom("guest_baskets")
      .select("id")
      .where("id", "=", guest.guestBasketId)
      .execute();
    expect(left).toEqual([]);
    const lines = await ctx.db
      .selectFrom("cart_items")
      .select("id")
      .where("guest_basket_id", "=", guest.guestBasketId)
      .execute();
    expect(lines).toEqual([]);
  });

  it("two sign-ins at once with one guest cookie merge its basket once", async () => {
    await product("unefois", { stock: 10 });
    const account = await customer("une-fois@exemple.fr");
    const guest = await guestBasket();
    for (let i = 0; i < 3; i++) await addToCart(ctx.db, guest, "unefois");
    await Promise.all(
      Array.from({ length: 4 }, () => adoptGuestBasket(ctx.db, guest.guestBasketId, account.userId)),
    );
    expect(await quantityOf(account, "unefois")).toBe(3);
  });
});

describe("guest baskets are kept 30 days after their last change (docs/product.md §10.2)", () => {
  it("the purge deletes those left longer, with their lines, and keeps the others", async () => {
    await product("oubliee", { stock: 3 });
    const now = new Date();
    const left = await guestBasket(new Date(now.getTime() - 30 * DAY_MS - 1000));
    const recent = await guestBasket(new Date(now.getTime() - 29 * DAY_MS));
    for (const guest of [left, recent]) {
      // Dated by the change, then set back to the day the test needs.
      await addToCart(ctx.db, guest, "oubliee");
      await toggleFavorite(ctx.db, guest, "oubliee");
    }
    await ctx.db
      .updateTable("guest_baskets")
      .set({ updated_at: new Date(now.getTime() - 30 * DAY_MS - 1000).toISOString() })
      .where("id", "=", left.guestBasketId)
      .execute();
    await ctx.db
      .updateTable("guest_baskets")
      .set({ updated_at: new Date(now.getTime() - 29 * DAY_MS).toISOString() })
      .where("id", "=", recent.guestBasketId)
      .execute();
    const others = await ctx.db.selectFrom("guest_baskets").select("id").execute();
    const purged = await purgeGuestBaskets(ctx.db, now);
    // Every other basket of this file was changed today: younger still, by `now`.
    expect(purged).toBe(1);
    const kept = await ctx.db.selectFrom("guest_baskets").select("id").execute();
    expect(kept.map((row) => row.id).sort()).toEqual(
      others
        .map((row) => row.id)
        .filter((id) => id !== left.guestBasketId)
        .sort(),
    );
    expect(await listCart(ctx.db, left)).toEqual([]);
    expect(await listFavorites(ctx.db, left)).toEqual([]);
    expect(await quantityOf(recent, "oubliee")).toBe(1);
  });
});

describe("pieces that can no longer be ordered stay listed (issue: not silently lost)", () => {
  it("marks sold, exhausted and deleted pieces, keeping a deleted piece's name and price", async () => {
    const user = (
      await ctx.auth.api.signUpEmail({ body: { email: "c@exemple.fr", password: "motdepasse-c", name: "C" } })
    ).user.id;
    await product("bientot-vendue", { stock: 2, price: 3900 });
    await product("bientot-supprimee", { stock: 2, price: 7200 });
    await addToCart(ctx.db, { userId: user }, "bientot-vendue");
    await addToCart(ctx.db, { userId: user }, "bientot-supprimee");
    await toggleFavorite(ctx.db, { userId: user }, "bientot-supprimee");
    await ctx.db.updateTable("products").set({ is_sold: 1 }).where("id", "=", "bientot-vendue").execute();
    await ctx.db.deleteFrom("products").where("id", "=", "bientot-supprimee").execute();

    const cart = await listCart(ctx.db, { userId: user });
    expect(cart.map((line) => [line.name, line.availability, line.priceCents]).sort()).toEqual([
      ["Pièce bientot-supprimee", "deleted", 7200],
      ["Pièce bientot-vendue", "sold", 3900],
    ]);
    const favorites = await listFavorites(ctx.db, { userId: user });
    expect(favorites.map((f) => [f.name, f.availability])).toEqual([["Pièce bientot-supprimee", "deleted"]]);

    // A deleted piece's line is removed by the line's own id.
    const deleted = cart.find((line) => line.availability === "deleted") as (typeof cart)[number];
    await removeFromCart(ctx.db, { userId: user }, deleted.productId);
    expect((await listCart(ctx.db, { userId: user })).map((line) => line.name)).toEqual([
      "Pièce bientot-vendue",
    ]);
    expect(await changeCartQuantity(ctx.db, { userId: user }, "bientot-vendue", 1)).toBe("vendu");
  });
});

describe("a piece on request (docs/product.md §10.19)", () => {
  it("goes into the cart and the favourites, listed with its price unknown", async () => {
    await product("surdemande", { stock: 1, unique: true, price: null });
    expect(await addToCart(ctx.db, { userId: otherUserId }, "surdemande")).toBeNull();
    await toggleFavorite(ctx.db, { userId: otherUserId }, "surdemande");
    const line = (await listCart(ctx.db, { userId: otherUserId })).find(
      (item) => item.productId === "surdemande",
    );
    expect(line).toMatchObject({ name: "Pièce surdemande", priceCents: null, quantity: 1 });
    const favourite = (await listFavorites(ctx.db, { userId: otherUserId })).find(
      (item) => item.productId === "surdemande",
    );
    expect(favourite).toMatchObject({ name: "Pièce surdemande", priceCents: null });
  });
});
