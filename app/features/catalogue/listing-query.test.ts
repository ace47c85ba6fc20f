import { describe, expect, it } from "vitest";
import {
  countLabel,
  emptyFilters,
  matchesFilters,
  PAGE_SIZE,
  parseListingQuery,
  seededShuffle,
  toSearchParams,
} from "./listing-query";

describe("parseListingQuery", () => {
  it("defaults: no filter, random sort for the catalogue, default sort for the gallery, page 1", () => {
    const catalogue = parseListingQuery(new URLSearchParams(), "catalogue");
    expect(catalogue.filters).toEqual(emptyFilters());
    expect(catalogue.sort).toBe("random");
    expect(catalogue.page).toBe(1);
    expect(parseListingQuery(new URLSearchParams(), "gallery").sort).toBe("default");
  });

  it("reads the French parameters and ignores what is malformed", () => {
    const query = parseListingQuery(
      new URLSearchParams(
        "categorie=abc&categorie=abc&categorie=../x&couleur=c1&prixMin=12,5&prixMax=-3&tri=price-desc&page=abc&graine=42",
      ),
      "catalogue",
    );
    expect(query.filters.categories).toEqual(["abc"]);
    expect(query.filters.colors).toEqual(["c1"]);
    expect(query.filters.minPrice).toBe("12.5");
    expect(query.filters.maxPrice).toBe("");
    expect(query.sort).toBe("price-desc");
    expect(query.page).toBe(1);
    expect(query.seed).toBe(42);
  });

  it("refuses a sort of the other page (name sorts belong to the gallery)", () => {
    expect(parseListingQuery(new URLSearchParams("tri=name-asc"), "catalogue").sort).toBe("random");
    expect(parseListingQuery(new URLSearchParams("tri=name-asc"), "gallery").sort).toBe("name-asc");
  });

  it("round-trips through the URL", () => {
    const params = new URLSearchParams(
      "categorie=a&matiere=m&perle=p&prixMin=10&prixMax=99.5&tri=price-asc&page=3",
    );
    const query = parseListingQuery(params, "catalogue");
    expect(parseListingQuery(toSearchParams(query, "catalogue"), "catalogue")).toEqual(query);
  });
});

describe("countLabel (docs/product.md §2)", () => {
  it("uses the singular for one or fewer", () => {
    expect(countLabel(0)).toBe("0 création trouvée");
    expect(countLabel(1)).toBe("1 création trouvée");
    expect(countLabel(28)).toBe("28 créations trouvées");
  });
});

describe("matchesFilters (docs/product.md §5)", () => {
  const piece = {
    priceCents: 4500,
    categories: ["bagues"],
    colors: ["noir", "vert"],
    materials: ["acier"],
    pearlTypes: [],
  };
  it("matches any value within a group", () => {
    expect(matchesFilters(piece, { ...emptyFilters(), colors: ["vert", "rose"] })).toBe(true);
    expect(matchesFilters(piece, { ...emptyFilters(), colors: ["rose"] })).toBe(false);
  });
  it("needs every group to match", () => {
    expect(matchesFilters(piece, { ...emptyFilters(), colors: ["noir"], categories: ["colliers"] })).toBe(
      false,
    );
    expect(matchesFilters(piece, { ...emptyFilters(), pearlTypes: ["tahiti"] })).toBe(false);
  });
  it("keeps price >= min and <= max, bounds included; a piece without price never matches a bound", () => {
    expect(matchesFilters(piece, { ...emptyFilters(), minPrice: "45", maxPrice: "45" })).toBe(true);
    expect(matchesFilters(piece, { ...emptyFilters(), minPrice: "45.01" })).toBe(false);
    expect(matchesFilters({ ...piece, priceCents: null }, { ...emptyFilters(), maxPrice: "1000" })).toBe(
      false,
    );
    expect(matchesFilters({ ...piece, priceCents: null }, emptyFilters())).toBe(true);
  });
});

describe("seededShuffle", () => {
  const items = Array.from({ length: PAGE_SIZE * 3 }, (_, i) => i);
  it("is a permutation, the same for the same seed, different for another", () => {
    const a = seededShuffle(items, 7);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(seededShuffle(items, 7)).toEqual(a);
    expect(seededShuffle(items, 8)).not.toEqual(a);
    expect(a).not.toEqual(items);
  });
});
