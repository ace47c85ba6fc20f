/**
 * Search (docs/product.md §10.23, ADR 019): customers type "the way they speak: without accents,
 * with typos, in the plural ('colier perle noir', 'boucles nacre', 'bague ajustable')". Pieces are
 * written through the admin's own save, so the index is kept up to date by the real write path;
 * runs on SQLite and on PostgreSQL.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFields } from "~/features/catalogue/admin/product-schema";
import { deleteProduct, saveProduct, setProductSold } from "~/features/catalogue/product-admin.server";
import { applyReferenceAction } from "~/features/catalogue/references.server";
import { ensureSearchIndex, SEARCH_RULES_VERSION } from "~/features/catalogue/search-index.server";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { findPieces } from "./search.server";

let ctx: AppContext;
const ids = new Map<string, string>();

const REFERENCES = {
  categories: {
    colliers: "Colliers",
    bagues: "Bagues",
    boucles: "Boucles d'oreilles",
    bracelets: "Bracelets",
  },
  colors: { noir: "Noir", vert: "Vert paon", dore: "Doré" },
  materials: { acier: "Acier inoxydable", nacre: "Nacre" },
  pearl_types: { tahiti: "Perle de Tahiti", keishi: "Keishi" },
} as const;

interface Piece {
  name: string;
  description?: string;
  isSold?: boolean;
  categories: string[];
  colors?: string[];
  materials?: string[];
  pearlTypes?: string[];
}

async function save(piece: Piece, id?: string): Promise<string> {
  const input = productFields.parse({
    id,
    name: piece.name,
    description: piece.description ?? "",
    price: "120",
    stock: "1",
    isUnique: "on",
    isSold: piece.isSold ? "on" : undefined,
    categories: piece.categories,
    colors: piece.colors ?? [],
    materials: piece.materials ?? [],
    pearlTypes: piece.pearlTypes ?? [],
    images: [],
  });
  const result = await saveProduct(ctx, input, []);
  if (!result.ok) throw new Error(result.error);
  return result.product.id;
}

const PIECES: Record<string, Piece> = {
  collierNoir: {
    name: "Collier Perle Noire de Tahiti",
    description: "Une perle ronde sur une chaîne fine.",
    categories: ["colliers"],
    colors: ["noir"],
    materials: ["acier"],
    pearlTypes: ["tahiti"],
  },
  collierVert: {
    name: "Collier Lagon",
    description: "Reflets vert paon, comme le lagon.",
    categories: ["colliers"],
    colors: ["vert"],
    pearlTypes: ["tahiti"],
  },
  bouclesNacre: {
    name: "Boucles Gouttes",
    description: "Deux gouttes légères.",
    categories: ["boucles"],
    materials: ["nacre"],
  },
  bagueAjustable: {
    name: "Bague Ajustable Motu",
    description: "Un anneau ouvert qui s'adapte à tous les doigts.",
    categories: ["bagues"],
    colors: ["dore"],
    materials: ["acier"],
  },
  bagueLagonDescription: {
    name: "Bague Solitaire",
    description: "Une perle couleur de lagon.",
    categories: ["bagues"],
    pearlTypes: ["tahiti"],
  },
  collierVendu: {
    name: "Collier Lagon Vendu",
    description: "Déjà parti.",
    isSold: true,
    categories: ["colliers"],
    colors: ["noir"],
    pearlTypes: ["tahiti"],
  },
  braceletVague: {
    name: "Bracelet Vague",
    categories: ["bracelets"],
  },
  braceletOreilles: {
    name: "Bracelet Orage",
    description: "Des perles grises comme un ciel d'orage.",
    categories: ["bracelets"],
  },
};

const names = async (query: string) => {
  const { hits } = await findPieces(ctx.db, query);
  const byId = new Map([...ids].map(([key, id]) => [id, key]));
  return hits.map((hit) => byId.get(hit.id) ?? hit.id);
};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [table, entries] of Object.entries(REFERENCES)) {
    for (const [id, name] of Object.entries(entries)) {
      await ctx.db
        .insertInto(table as "categories")
        .values({ id, name })
        .execute();
    }
  }
  for (const [key, piece] of Object.entries(PIECES)) ids.set(key, await save(piece));
});

afterAll(async () => {
  await ctx?.close();
});

describe("the examples of docs/product.md §10.23", () => {
  it("'colier perle noir' finds the black pearl necklace: a typo, a plural-free feminine, a colour", async () => {
    const found = await names("colier perle noir");
    expect(found[0]).toBe("collierNoir");
    // The sold black necklace matches too, after the pieces for sale.
    expect(found).toEqual(["collierNoir", "collierVendu"]);
  });

  it("'boucles nacre' finds the earrings by their category and their material", async () => {
    expect(await names("boucles nacre")).toEqual(["bouclesNacre"]);
    expect(await names("Boucles d'oreilles en NACRE")).toEqual(["bouclesNacre"]);
  });

  it("'bague ajustable' finds the adjustable ring, and so do 'bagues ajustables' and 'bage ajustabel'", async () => {
    expect(await names("bague ajustable")).toEqual(["bagueAjustable"]);
    expect(await names("bagues ajustables")).toEqual(["bagueAjustable"]);
    expect(await names("bage ajustabel")).toEqual(["bagueAjustable"]);
  });

  it("ignores accents and case both ways", async () => {
    expect(await names("DORÉ")).toEqual(["bagueAjustable"]);
    expect(await names("dore")).toEqual(["bagueAjustable"]);
    expect(await names("perle de tahiti")).toContain("collierNoir");
    expect(await names("Tahïti")).toContain("collierNoir");
  });
});

describe("ranking", () => {
  it("lists a match in the name before one in the description, and sold pieces last", async () => {
    // Collier Lagon (name), Bague Solitaire (description: 'couleur de lagon'), then the sold one.
    expect(await names("lagon")).toEqual(["collierVert", "bagueLagonDescription", "collierVendu"]);
  });

  it("needs every word to match somewhere in the piece", async () => {
    expect(await names("collier bague")).toEqual([]);
    expect(await names("collier vert")).toEqual(["collierVert"]);
  });

  it("finds nothing for an empty query, little words only, or words nobody used", async () => {
    expect(await names("")).toEqual([]);
    expect(await names("  de la et  ")).toEqual([]);
    expect(await names("xylophone")).toEqual([]);
  });

  it("completes the last word from 2 letters, the words before it only from 4", async () => {
    // Same field, same match: by name ('Collier Lagon' before 'Collier Perle Noire').
    expect(await names("coll")).toEqual(["collierVert", "collierNoir", "collierVendu"]);
    expect(await names("ba")).toEqual(["bagueAjustable", "bagueLagonDescription"]);
    // 'or' (gold), last, may be 'Orage' being typed; before another word it is a whole word.
    expect(await names("bracelet or")).toEqual(["braceletOreilles"]);
    expect(await names("or bracelet")).toEqual([]);
    expect(await names("ajust bague")).toEqual(["bagueAjustable"]);
  });

  it("orders equally relevant pieces by name, accents and case aside, numbers by value", async () => {
    const bangles = ["Jonc Flot", "jonc Écume", "Jonc 10", "Jonc Dune", "Jonc 2"];
    const saved = new Map<string, string>();
    for (const name of bangles) saved.set(await save({ name, categories: ["bracelets"] }), name);
    try {
      const { hits } = await findPieces(ctx.db, "jonc");
      expect(hits.map((hit) => saved.get(hit.id))).toEqual([
        "Jonc 2",
        "Jonc 10",
        "Jonc Dune",
        "jonc Écume",
        "Jonc Flot",
      ]);
    } finally {
      for (const id of saved.keys()) await deleteProduct(ctx, id);
    }
  });

  it("looks for typos only when the word is not a word of the shop", async () => {
    // 'bague' is a word of the shop: 'vague', one letter away, is not taken for it.
    expect(await names("bague")).toEqual(["bagueAjustable", "bagueLagonDescription"]);
    expect(await names("vague")).toEqual(["braceletVague"]);
    // 'lagun' is nobody's word: within one typo of 'lagon'.
    expect(await names("lagun")).toEqual(["collierVert", "bagueLagonDescription", "collierVendu"]);
  });
});

describe("kept up to date by every write", () => {
  it("finds a renamed piece under its new name at once, and no longer under the old one", async () => {
    const id = ids.get("braceletOreilles") as string;
    await save({ ...PIECES.braceletOreilles, name: "Bracelet Tempête" } as Piece, id);
    expect(await names("tempete")).toEqual(["braceletOreilles"]);
    expect(await names("orage")).toEqual(["braceletOreilles"]); // still in its description
    await save({ ...PIECES.braceletOreilles, name: "Bracelet Tempête", description: "Gris." } as Piece, id);
    expect(await names("orage")).toEqual([]);
    // The word only this piece used has left the vocabulary the typo search looks into.
    const vocabulary = await ctx.db.selectFrom("search_vocabulary").select("word").execute();
    expect(vocabulary.map((row) => row.word)).not.toContain("orage");
    expect(vocabulary.map((row) => row.word)).toContain("tempete");
  });

  it("follows a piece sold: it moves after the pieces for sale", async () => {
    const id = ids.get("collierVert") as string;
    await setProductSold(ctx.db, id, true);
    expect(await names("lagon")).toEqual(["bagueLagonDescription", "collierVert", "collierVendu"]);
    await setProductSold(ctx.db, id, false);
    expect(await names("lagon")).toEqual(["collierVert", "bagueLagonDescription", "collierVendu"]);
  });

  it("follows a sale by any writer of the piece (an order updates the row directly)", async () => {
    const id = ids.get("collierVert") as string;
    await ctx.db.updateTable("products").set({ is_sold: 1 }).where("id", "=", id).execute();
    expect((await findPieces(ctx.db, "lagon")).hits.find((hit) => hit.id === id)).toEqual({
      id,
      isSold: true,
    });
    expect(await names("lagon")).toEqual(["bagueLagonDescription", "collierVert", "collierVendu"]);
    await ctx.db.updateTable("products").set({ is_sold: 0 }).where("id", "=", id).execute();
    expect(await names("lagon")).toEqual(["collierVert", "bagueLagonDescription", "collierVendu"]);
  });

  it("follows the reference lists: a colour renamed, then deleted", async () => {
    await applyReferenceAction(ctx.db, { intent: "rename", kind: "colors", id: "noir", name: "Ébène" });
    expect(await names("ebene")).toEqual(["collierNoir", "collierVendu"]);
    // 'Noire' is still in the necklace's name; the sold one only had the colour.
    expect(await names("noir")).toEqual(["collierNoir"]);
    await applyReferenceAction(ctx.db, { intent: "delete", kind: "colors", id: "noir" });
    expect(await names("ebene")).toEqual([]);
  });

  it("never lists a deleted piece, and forgets the words only it used", async () => {
    const id = await save({ name: "Pendentif Xanadu", categories: ["colliers"] });
    expect((await findPieces(ctx.db, "xanadu")).hits).toEqual([{ id, isSold: false }]);
    const deleted = await deleteProduct(ctx, id);
    expect(deleted.ok).toBe(true);
    expect(await findPieces(ctx.db, "xanadu")).toEqual({ hits: [], total: 0, soldTotal: 0 });
    expect((await findPieces(ctx.db, "xanadou")).hits).toEqual([]);
    const left = await ctx.db
      .selectFrom("search_words")
      .select("word")
      .where("product_id", "=", id)
      .execute();
    expect(left).toEqual([]);
    const vocabulary = await ctx.db.selectFrom("search_vocabulary").select("word").execute();
    expect(vocabulary.map((row) => row.word)).not.toContain("xanadu");
    // 'pendentif' too: no other piece has it.
    expect(vocabulary.map((row) => row.word)).not.toContain("pendentif");
  });

  it("rebuilds the whole index when the words' rules change, to the same results", async () => {
    const before = await names("colier perle noir");
    const beforeWords = await ctx.db
      .selectFrom("search_words")
      .select(sql<number>`count(*)`.as("n"))
      .execute();
    await ctx.db.updateTable("search_index_state").set({ rules_version: 0 }).execute();
    await ctx.db.deleteFrom("search_words").execute();
    expect(await names("colier perle noir")).toEqual([]);
    expect(await ensureSearchIndex(ctx.db)).toBe(true);
    expect(await ensureSearchIndex(ctx.db)).toBe(false);
    const state = await ctx.db.selectFrom("search_index_state").select("rules_version").executeTakeFirst();
    expect(state?.rules_version).toBe(SEARCH_RULES_VERSION);
    expect(await names("colier perle noir")).toEqual(before);
    const afterWords = await ctx.db
      .selectFrom("search_words")
      .select(sql<number>`count(*)`.as("n"))
      .execute();
    expect(Number(afterWords[0]?.n)).toBe(Number(beforeWords[0]?.n));
  });
});
