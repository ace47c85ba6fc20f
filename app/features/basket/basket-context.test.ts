/**
 * What the cart and favourites show (docs/product.md §2 "Sidebars"): a piece on request is listed as
 * « Prix sur demande » and can be ordered (§10.19); a line without a name is not shown.
 */
import { describe, expect, it } from "vitest";
import { displayable, isOrderable } from "./basket-context";
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
