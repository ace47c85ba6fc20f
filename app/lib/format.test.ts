import { describe, expect, it } from "vitest";
import { formatPrice, sumCents } from "./format";

// fr-FR separates thousands with a narrow no-break space and puts a no-break space before €.
const normalise = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("formatPrice (docs/product.md §9: euro sign, two decimals, comma separator)", () => {
  it("formats cents as French euros", () => {
    expect(normalise(formatPrice(12_950))).toBe("129,50 €");
    expect(normalise(formatPrice(123_400))).toBe("1 234,00 €");
    expect(normalise(formatPrice(0))).toBe("0,00 €");
  });
  it("says 'Prix sur demande' for a product without a price (docs/product.md §8)", () => {
    expect(formatPrice(null)).toBe("Prix sur demande");
  });
});

describe("sumCents (docs/product.md §4: cart total = sum of price × quantity; favourites = sum of prices)", () => {
  it("multiplies by quantity when given and ignores missing prices", () => {
    expect(
      sumCents([{ priceCents: 1000, quantity: 2 }, { priceCents: 550 }, { priceCents: null, quantity: 3 }]),
    ).toBe(2550);
  });
});
