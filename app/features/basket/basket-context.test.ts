/**
 * What the cart and favourites show (docs/product.md §2 "Sidebars"): a piece on request is listed as
 * « Prix sur demande » and can be ordered (§10.19); a line without a name is not shown; a change on
 * its way to the server shows at once (ADR 032).
 */
import { describe, expect, it } from "vitest";
import { type BasketLists, displayable, isOrderable, withPendingChanges } from "./basket-context";
import type { BasketProduct } from "./basket-types";

const item = (productId: string, values: Partial<BasketProduct>): BasketProduct => ({
  productId,
  slug: productId,
  name: `Pièce ${productId}`,
  priceCents: 5000,
  image: null,
  stock: 1,
  isUnique: true,
  availability: "available",
  ...values,
});

describe("displayable", () => {
  it("keeps a piece on request, orderable, and leaves out a line without a name", () => {
    const shown = displayable([
      item("prix", {}),
      item("demande", { priceCents: null }),
      item("sansnom", { name: "" }),
    ]);
    expect(shown.map((line) => line.productId)).toEqual(["prix", "demande"]);
    expect(shown.every(isOrderable)).toBe(true);
  });
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("withPendingChanges", () => {
  const lists: BasketLists = {
    cart: [{ ...item("a", {}), quantity: 2 }],
    favorites: [item("b", {})],
  };
  const known = new Map([["c", item("c", {})]]);

  it("shows adds, quantity changes and removals in the order they were sent", () => {
    const shown = withPendingChanges(
      lists,
      [
        form({ intent: "add", productId: "c" }),
        form({ intent: "add", productId: "a" }),
        form({ intent: "change", productId: "a", delta: "-1" }),
        form({ intent: "add", productId: "c" }),
      ],
      known,
    );
    expect(shown.cart.map((line) => [line.productId, line.quantity])).toEqual([
      ["a", 2],
      ["c", 2],
    ]);
    const emptied = withPendingChanges(
      lists,
      [form({ intent: "change", productId: "a", delta: "-2" }), form({ intent: "remove", productId: "x" })],
      known,
    );
    expect(emptied.cart).toEqual([]);
  });

  it("toggles a favourite, removes one, and leaves the lists alone for a piece it does not know", () => {
    const shown = withPendingChanges(
      lists,
      [form({ intent: "favorite", productId: "c" }), form({ intent: "favorite", productId: "b" })],
      known,
    );
    expect(shown.favorites.map((piece) => piece.productId)).toEqual(["c"]);
    expect(
      withPendingChanges(lists, [form({ intent: "unfavorite", productId: "b" })], known).favorites,
    ).toEqual([]);
    expect(withPendingChanges(lists, [form({ intent: "add", productId: "inconnu" })], known)).toBe(lists);
    expect(withPendingChanges(lists, [form({ intent: "import" })], known)).toBe(lists);
  });
});
