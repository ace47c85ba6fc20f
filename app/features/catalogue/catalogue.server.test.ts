import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { newId } from "~/server/ids.server";
import { createTestContext } from "~/server/test-context";
import { findProductBySlug, listSimilarProducts, searchListing } from "./catalogue.server";
import {
  emptyFilters,
  type ListingFilters,
  type ListingQuery,
  matchesFilters,
  PAGE_SIZE,
} from "./listing-query";

let ctx: AppContext;
interface Piece {
  id: string;
  name: string;
  priceCents: number | null;
  isSold: boolean;
  categories: string[];
  colors: string[];
  materials: string[];
  pearlTypes: string[];
}
const pieces: Piece[] = [];
const groups = {
  categories: ["colliers", "bagues", "bracelets"],
  colors: ["noir", "vert", "dore"],
  materials: ["acier", "nacre"],
  pearlTypes: ["tahiti", "keishi"],
};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  for (const [table, ids] of [
    ["categories", groups.categories],
    ["colors", groups.colors],
    ["materials", groups.materials],
    ["pearl_types", groups.pearlTypes],
  ] as const) {
    for (const id of ids)
      await db
        .insertInto(table)
        .values({ id, name: `${id} nom` })
        .execute();
  }
  // 60 pieces whose relations cycle through the groups, so every combination is exercised.
  const names = ["Étoile", "écume", "Anémone", "Zéphyr", "bora", "Océane"];
  for (let i = 0; i < 60; i++) {
    const piece: Piece = {
      id: newId(),
      name: `${names[Math.floor(i / 4) % names.length]} ${i}`,
      priceCents: i % 11 === 0 ? null : 1000 + ((i * 737) % 20_000),
      isSold: i % 4 === 0,
      categories: [groups.categories[i % 3] as string],
      colors: i % 5 === 0 ? [] : [groups.colors[i % 3] as string, groups.colors[(i + 1) % 3] as string],
      materials: [groups.materials[i % 2] as string],
      pearlTypes: i % 3 === 0 ? [] : [groups.pearlTypes[i % 2] as string],
    };
    pieces.push(piece);
    await db
      .insertInto("products")
      .values({
        id: piece.id,
        slug: `piece-${i}`,
        name: piece.name,
        price_cents: piece.priceCents,
        stock: 2,
        is_sold: piece.isSold ? 1 : 0,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      })
      .execute();
    for (const c of piece.categories)
      await db.insertInto("product_categories").values({ product_id: piece.id, category_id: c }).execute();
    for (const c of piece.colors)
      await db.insertInto("product_colors").values({ product_id: piece.id, color_id: c }).execute();
    for (const m of piece.materials)
      await db.insertInto("product_materials").values({ product_id: piece.id, material_id: m }).execute();
    for (const p of piece.pearlTypes) {
      await db.insertInto("product_pearl_types").values({ product_id: piece.id, pearl_type_id: p }).execute();
    }
  }
});
afterAll(() => ctx.close());

const query = (filters: Partial<ListingFilters>, extra: Partial<ListingQuery> = {}): ListingQuery => ({
  filters: { ...emptyFilters(), ...filters },
  sort: "random",
  seed: 1,
  page: 10,
  ...extra,
});

describe("searchListing: the SQL filter equals the docs/product.md §5 rule", () => {
  const combinations: Partial<ListingFilters>[] = [
    {},
    { categories: ["bagues"] },
    { categories: ["bagues", "colliers"] },
    { colors: ["vert"] },
    { colors: ["vert"], materials: ["nacre"] },
    { categories: ["bracelets"], pearlTypes: ["keishi", "tahiti"], colors: ["noir", "dore"] },
    { minPrice: "50" },
    { maxPrice: "80.5" },
    { minPrice: "40", maxPrice: "120", categories: ["colliers"] },
    { minPrice: "1000" },
  ];
  for (const filters of combinations) {
    it(`catalogue and gallery with ${JSON.stringify(filters)}`, async () => {
      for (const kind of ["catalogue", "gallery"] as const) {
        const listing = await searchListing(
          ctx.db,
          kind,
          query(filters, { sort: kind === "catalogue" ? "random" : "default" }),
        );
        const expected = pieces
          .filter((p) => p.isSold === (kind === "gallery"))
          .filter((p) => matchesFilters(p, { ...emptyFilters(), ...filters }))
          .map((p) => p.id)
          .sort();
        expect(listing.items.map((item) => item.id).sort()).toEqual(expected);
        expect(listing.total).toBe(expected.length);
        expect(listing.items.every((item) => item.isSold === (kind === "gallery"))).toBe(true);
      }
    });
  }
});

describe("searchListing: order and paging", () => {
  it("sorts by price, pieces without a price last", async () => {
    const asc = await searchListing(ctx.db, "catalogue", query({}, { sort: "price-asc" }));
    const prices = asc.items.map((item) => item.priceCents);
    const priced = prices.filter((p): p is number => p !== null);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    expect(prices.slice(priced.length).every((p) => p === null)).toBe(true);
    const desc = await searchListing(ctx.db, "catalogue", query({}, { sort: "price-desc" }));
    const descPriced = desc.items.map((i) => i.priceCents).filter((p): p is number => p !== null);
    expect(descPriced).toEqual([...descPriced].sort((a, b) => b - a));
  });

  it("sorts the gallery by name with French collation, both ways", async () => {
    const asc = await searchListing(ctx.db, "gallery", query({}, { sort: "name-asc" }));
    const names = asc.items.map((item) => item.name);
    const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
    // "écume" sorts with the e's, not after "z" as a byte comparison would put it.
    expect(names.findIndex((n) => n.startsWith("écume"))).toBeLessThan(
      names.findIndex((n) => n.startsWith("Zéphyr")),
    );
    const desc = await searchListing(ctx.db, "gallery", query({}, { sort: "name-desc" }));
    expect(desc.items.map((item) => item.name)).toEqual([...names].reverse());
  });

  it("keeps one random order per seed and pages without repeating a piece", async () => {
    const first = await searchListing(ctx.db, "catalogue", query({}, { seed: 99, page: 1 }));
    const again = await searchListing(ctx.db, "catalogue", query({}, { seed: 99, page: 2 }));
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(again.items.slice(0, PAGE_SIZE)).toEqual(first.items);
    expect(new Set(again.items.map((i) => i.id)).size).toBe(again.items.length);
    const other = await searchListing(ctx.db, "catalogue", query({}, { seed: 100, page: 1 }));
    expect(other.items.map((i) => i.id)).not.toEqual(first.items.map((i) => i.id));
  });
});

describe("product page data", () => {
  it("finds a piece by slug with its relations, and similar pieces sharing a category", async () => {
    const product = await findProductBySlug(ctx.db, "piece-7");
    expect(product?.categories.map((c) => c.id)).toEqual(["bagues"]);
    expect(await findProductBySlug(ctx.db, "nope")).toBeNull();
    const similar = await listSimilarProducts(ctx.db, product as NonNullable<typeof product>);
    expect(similar.length).toBeLessThanOrEqual(5);
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.some((s) => s.id === product?.id)).toBe(false);
    for (const s of similar) expect(pieces.find((p) => p.id === s.id)?.categories).toContain("bagues");
  });
});
