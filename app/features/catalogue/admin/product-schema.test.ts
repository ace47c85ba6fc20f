import { describe, expect, it } from "vitest";
import { formToObject } from "~/lib/form-data";
import { parsePriceCents } from "~/lib/price";
import { PEARL_WORDING_MESSAGES, pearlWordingWarning } from "./pearl-wording";
import { normaliseStock, PRODUCT_LIST_FIELDS, productFields } from "./product-schema";

const base = {
  name: "Bague Lagon",
  categories: ["abc"],
  colors: [],
  materials: [],
  pearlTypes: [],
  images: [],
};

describe("admin product form (docs/product.md §5)", () => {
  it("reads prices to the cent, empty as 0, and refuses the rest", () => {
    expect(parsePriceCents("")).toBe(0);
    expect(parsePriceCents("12")).toBe(1200);
    expect(parsePriceCents("12,5")).toBe(1250);
    expect(parsePriceCents("0.01")).toBe(1);
    expect(parsePriceCents("19.99")).toBe(1999);
    expect(parsePriceCents("-1")).toBeNull();
    expect(parsePriceCents("1.001")).toBeNull();
    expect(parsePriceCents("abc")).toBeNull();
  });

  it("saves stock 1 for a unique piece, digits otherwise, 0 when invalid", () => {
    expect(normaliseStock("7", true)).toBe(1);
    expect(normaliseStock("7", false)).toBe(7);
    expect(normaliseStock("7a", false)).toBe(0);
    expect(normaliseStock("", false)).toBe(0);
  });

  it("needs a name that gives a slug, and at least one category", () => {
    const blank = productFields.safeParse({ ...base, name: " ?! " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("Le nom du produit ne peut pas être vide.");
    const noCategory = productFields.safeParse({ ...base, categories: [] });
    expect(noCategory.error?.issues[0]?.message).toBe("Veuillez sélectionner au moins une catégorie.");
  });

  it("allows at most 10 images", () => {
    const images = Array.from({ length: 11 }, (_, i) => `new:${i}`);
    const result = productFields.safeParse({ ...base, images });
    expect(result.error?.issues[0]?.message).toBe("Un produit ne peut pas avoir plus de 10 images.");
    expect(productFields.safeParse({ ...base, images: images.slice(0, 10) }).success).toBe(true);
  });

  it("turns a multipart form into the schema's shape", () => {
    const form = new FormData();
    form.append("name", "Collier");
    form.append("price", "");
    form.append("stock", "4");
    form.append("isUnique", "true");
    form.append("categories", "a1");
    form.append("categories", "b2");
    const parsed = productFields.parse(formToObject(form, PRODUCT_LIST_FIELDS));
    expect(parsed).toMatchObject({
      name: "Collier",
      priceCents: 0,
      stock: 1,
      isUnique: true,
      isSold: false,
      categories: ["a1", "b2"],
      images: [],
    });
  });
});

describe("pearl and stone wording (docs/product.md §5, décret n° 2002-65)", () => {
  it("refuses « semi-précieux » in the name or description, in any case, form or spelling", () => {
    for (const text of [
      "Bague semi-précieuse",
      "Pierres SEMI PRÉCIEUSES",
      "collier semi-precieux",
      "pierre semiprécieuse",
      "Semi-Précieuses",
    ]) {
      const asName = productFields.safeParse({ ...base, name: text });
      expect(asName.error?.issues[0]?.message, text).toBe(PEARL_WORDING_MESSAGES.semiPrecious);
      const asDescription = productFields.safeParse({ ...base, description: `Une ${text}.` });
      expect(asDescription.error?.issues[0]?.message, text).toBe(PEARL_WORDING_MESSAGES.semiPrecious);
    }
    expect(productFields.safeParse({ ...base, description: "Pierre précieuse et acier." }).success).toBe(
      true,
    );
  });

  it("warns, without refusing, about « perle » that does not say what the pearl is", () => {
    expect(pearlWordingWarning("Bague Perle", "")).toBe(PEARL_WORDING_MESSAGES.pearlUnqualified);
    expect(pearlWordingWarning("Collier", "Trois perles de Tahiti.")).toBe(
      PEARL_WORDING_MESSAGES.pearlUnqualified,
    );
    expect(productFields.safeParse({ ...base, name: "Bague Perle" }).success).toBe(true);
    for (const qualified of [
      "Perle de culture de Tahiti",
      "Perles de Culture",
      "une perle fine",
      "perle d'imitation",
      "perle d’imitation",
      "perle teintée",
      "perles traitées",
    ]) {
      expect(pearlWordingWarning("Bague", qualified), qualified).toBeNull();
    }
    expect(pearlWordingWarning("Bague Lagon", "Acier inoxydable.")).toBeNull();
    // "perlé" and "perlée" are not pearls.
    expect(pearlWordingWarning("Fil perlé", "Finition perlée.")).toBeNull();
  });
});
