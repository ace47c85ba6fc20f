import { describe, expect, it } from "vitest";
import { formatLineTotal, formatPrice, formatTotal, sumCents } from "./format";

// fr-FR separates thousands with a narrow no-break space and puts a no-break space before €.
const normalise = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("formatPrice (docs/product.md §9: euro sign, two decimals, comma separator)", () => {
  it("formats cents as French euros", () => {
    expect(normalise(formatPrice(12_950))).toBe("129,50 €");
    expect(normalise(formatPrice(123_400))).toBe("1 234,00 €");
    expect(normalise(formatPrice(0))).toBe("0,00 €");
  });
  it("writes exactly what Intl's fr-FR euro format writes, separators included", () => {
    const intl = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
    const amounts = [0, 1, 9, 10, 99, 100, 105, 12_950, 99_999, 100_000, 123_456_789, -1, -12_950, -123_400];
    for (let cents = 0; cents < 200_000_000; cents += 9_973) amounts.push(cents);
    for (const cents of amounts) expect(formatPrice(cents), String(cents)).toBe(intl.format(cents / 100));
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

describe("totals with pieces on request (docs/product.md §8, §10.19)", () => {
  it("says « Prix sur demande » for a line without a price, else the unit price times the quantity", () => {
    expect(formatLineTotal(null, 3)).toBe("Prix sur demande");
    expect(normalise(formatLineTotal(1250, 2))).toBe("25,00 €");
  });
  it("adds « à confirmer » beside the known prices, or says only that when none is known", () => {
    expect(normalise(formatTotal([{ priceCents: 1000, quantity: 2 }]))).toBe("20,00 €");
    expect(normalise(formatTotal([{ priceCents: 12000 }, { priceCents: null, quantity: 2 }]))).toBe(
      "120,00 € + pièces à prix sur demande (à confirmer)",
    );
    expect(formatTotal([{ priceCents: null }])).toBe("à confirmer");
    expect(normalise(formatTotal([]))).toBe("0,00 €");
  });
});
