/**
 * Property-based tests (docs/security.md, "Properties for all inputs"): slugify, price parsing and
 * the catalogue's filter rules hold for any input fast-check can think of, not only for the
 * examples written by hand.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cleanPrice,
  emptyFilters,
  type ListingFilters,
  matchesFilters,
  parseListingQuery,
  seededShuffle,
} from "~/features/catalogue/listing-query";
import { parsePriceCents } from "~/lib/price";
import { slugify } from "./slugify";

const anyText = fc.string({ unit: "binary", maxLength: 80 });

describe("slugify (docs/product.md §5)", () => {
  it("always gives lowercase words of letters and digits joined by single hyphens", () => {
    fc.assert(
      fc.property(anyText, (name) => {
        expect(slugify(name)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it("is idempotent: a slug is its own slug", () => {
    fc.assert(
      fc.property(anyText, (name) => {
        expect(slugify(slugify(name))).toBe(slugify(name));
      }),
    );
  });

  it("keeps plain words, joined by hyphens, whatever the spacing and case", () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,10}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(" ", "  ", "\t", " \n "),
        (words, gap) => {
          const name = `  ${words.map((w, i) => (i % 2 ? w.toUpperCase() : w)).join(gap)}  `;
          expect(slugify(name)).toBe(words.join("-"));
        },
      ),
    );
  });
});

describe("prices", () => {
  it("reads back any amount written with a dot or a comma, to the cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), fc.constantFrom(".", ","), (cents, separator) => {
        const text = `${Math.floor(cents / 100)}${separator}${String(cents % 100).padStart(2, "0")}`;
        expect(parsePriceCents(text)).toBe(cents);
      }),
    );
  });

  it("never yields a negative, fractional or NaN amount, whatever is typed", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const cents = parsePriceCents(text);
        if (cents !== null) {
          expect(Number.isInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
        }
        const clean = cleanPrice(text);
        expect(clean === "" || (Number(clean) >= 0 && Number.isFinite(Number(clean)))).toBe(true);
      }),
    );
  });
});

describe("catalogue query and filters (docs/product.md §5)", () => {
  it("turns any URL into a valid query: known ids only, page >= 1, prices clean", () => {
    const pairs = fc.array(
      fc.tuple(
        fc.constantFrom(
          "categorie",
          "couleur",
          "matiere",
          "perle",
          "prixMin",
          "prixMax",
          "tri",
          "graine",
          "page",
          "x",
        ),
        anyText,
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(pairs, fc.constantFrom("catalogue" as const, "gallery" as const), (entries, kind) => {
        const query = parseListingQuery(new URLSearchParams(entries), kind);
        for (const group of [
          query.filters.categories,
          query.filters.colors,
          query.filters.materials,
          query.filters.pearlTypes,
        ])
          for (const id of group) expect(id).toMatch(/^[a-z0-9]{1,32}$/);
        expect(Number.isInteger(query.page) && query.page >= 1).toBe(true);
        expect(Number.isInteger(query.seed) && query.seed >= 0).toBe(true);
        for (const price of [query.filters.minPrice, query.filters.maxPrice])
          expect(price === "" || /^\d+(\.\d{0,2})?$/.test(price)).toBe(true);
      }),
    );
  });

  const ids = fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 3 });
  const product = fc.record({
    priceCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    categories: ids,
    colors: ids,
    materials: ids,
    pearlTypes: ids,
  });
  const price = fc.option(fc.integer({ min: 0, max: 1000 }).map(String), { nil: "" });
  const filters = fc.record({
    categories: ids,
    colors: ids,
    materials: ids,
    pearlTypes: ids,
    minPrice: price,
    maxPrice: price,
  }) as fc.Arbitrary<ListingFilters>;

  it("no filter keeps every piece", () => {
    fc.assert(
      fc.property(product, (p) => {
        expect(matchesFilters(p, emptyFilters())).toBe(true);
      }),
    );
  });

  it("any-of within a group: one more choice in a group never hides a piece", () => {
    fc.assert(
      fc.property(product, filters, fc.constantFrom("a", "b", "c", "d"), (p, f, extra) => {
        if (!matchesFilters(p, f)) return;
        for (const group of ["categories", "colors", "materials", "pearlTypes"] as const) {
          if (f[group].length === 0) continue;
          expect(matchesFilters(p, { ...f, [group]: [...f[group], extra] })).toBe(true);
        }
      }),
    );
  });

  it("all groups must match, and the budget is inclusive", () => {
    fc.assert(
      fc.property(product, filters, (p, f) => {
        const inGroup = (selected: string[], values: string[]) =>
          selected.length === 0 || values.some((v) => selected.includes(v));
        const inBudget =
          (f.minPrice === "" || (p.priceCents !== null && p.priceCents >= Number(f.minPrice) * 100)) &&
          (f.maxPrice === "" || (p.priceCents !== null && p.priceCents <= Number(f.maxPrice) * 100));
        const expected =
          inGroup(f.categories, p.categories) &&
          inGroup(f.colors, p.colors) &&
          inGroup(f.materials, p.materials) &&
          inGroup(f.pearlTypes, p.pearlTypes) &&
          inBudget;
        expect(matchesFilters(p, f)).toBe(expected);
      }),
    );
  });

  it("the random order is a permutation, the same for the same seed", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 60 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (items, seed) => {
          const shuffled = seededShuffle(items, seed);
          expect([...shuffled].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
          expect(seededShuffle(items, seed)).toEqual(shuffled);
        },
      ),
    );
  });
});
