import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "./slugify";

describe("slugify (docs/product.md §5: lowercase, trimmed, whitespace to hyphens, non-word removed, hyphens collapsed)", () => {
  it("lowercases, trims and turns whitespace into hyphens", () => {
    expect(slugify("  Collier   Lagon de Rangiroa ")).toBe("collier-lagon-de-rangiroa");
  });
  it("removes non-word characters and collapses repeated hyphens", () => {
    expect(slugify("Bague -- « Moana » !")).toBe("bague-moana");
  });
  it("folds French accents instead of deleting the letter", () => {
    expect(slugify("Boucles d'oreilles Étoile de Mer")).toBe("boucles-doreilles-etoile-de-mer");
    expect(slugify("Cœur nacré")).toBe("coeur-nacre");
  });
  it("gives an empty slug for a name without letters or digits (the form then refuses it)", () => {
    expect(slugify("  ¡¿ !  ")).toBe("");
  });
});

describe("uniqueSlug (docs/product.md §5: append -2, -3, … until free)", () => {
  it("keeps a free slug and numbers taken ones", async () => {
    const taken = new Set(["perle", "perle-2"]);
    expect(await uniqueSlug("nouvelle", async (s) => taken.has(s))).toBe("nouvelle");
    expect(await uniqueSlug("perle", async (s) => taken.has(s))).toBe("perle-3");
  });
});
