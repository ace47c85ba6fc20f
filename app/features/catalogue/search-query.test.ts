/**
 * docs/product.md §10.23: customers type without accents, with typos, in the plural ('colier perle
 * noir', 'boucles nacre', 'bague ajustable'); the shop's texts and the queries become the same
 * words.
 */
import { describe, expect, it } from "vitest";
import { editDistance, searchWords, wordMatch } from "./search-query";

describe("searchWords", () => {
  it("drops accents, case, ligatures and the little words", () => {
    expect(searchWords("Boucles d'oreilles en NACRÉ et cœur")).toEqual([
      "boucle",
      "oreille",
      "nacre",
      "coeur",
    ]);
  });

  it("takes the plural off, the same way for the shop's texts and the query", () => {
    expect(searchWords("Colliers perles noires")).toEqual(["collier", "perle", "noire"]);
    expect(searchWords("bijoux")).toEqual(["bijou"]);
    expect(searchWords("ras du cou")).toEqual(["ras", "cou"]);
  });

  it("keeps digits and ignores punctuation", () => {
    expect(searchWords("Perle de Tahiti 9-10 mm !")).toEqual(["perle", "tahiti", "9", "10", "mm"]);
    expect(searchWords("   ")).toEqual([]);
  });
});

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and swaps", () => {
    expect(editDistance("colier", "collier", 2)).toBe(1);
    expect(editDistance("bage", "bague", 2)).toBe(1);
    expect(editDistance("ajsutable", "ajustable", 2)).toBe(1);
    expect(editDistance("nacre", "nacre", 2)).toBe(0);
    expect(editDistance("perle", "bague", 2)).toBe(3);
  });
});

describe("wordMatch", () => {
  it("ranks the same word over a beginning over a typo", () => {
    expect(wordMatch("collier", "collier")).toBe(3);
    expect(wordMatch("coll", "collier")).toBe(2);
    expect(wordMatch("colier", "collier")).toBe(1);
  });

  it("tolerates no typo in short words and one up to seven letters", () => {
    expect(wordMatch("mer", "fer")).toBe(0);
    expect(wordMatch("noir", "noire")).toBe(2);
    expect(wordMatch("bage", "bague")).toBe(1);
    expect(wordMatch("brcelet", "bracelet")).toBe(1);
    expect(wordMatch("perle", "pierre")).toBe(0);
  });
});
