/**
 * The search index's writes (docs/product.md §10.23, ADR 019): each piece's words with the weight
 * of the field they come from, the key each name sorts by, and the vocabulary the typo search
 * looks into. Every write of a piece's texts calls `indexProducts` in its own transaction, so a
 * renamed piece is found under its new name as soon as the save is committed; a deleted piece's
 * words go with it (foreign key, cascade). The index is derived data: `ensureSearchIndex`
 * rebuilds it at start when the rules that normalise the words (search-query.ts) have changed.
 * Index and word rules are the catalogue's, which writes them with the piece (ADR 031); the search
 * feature only reads them.
 */
import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { DB } from "~/server/database.server";
import type { Database } from "~/server/db-schema.server";
import { databaseKind, lockingRows } from "../../../db/dialect";
import { nameSortKey, searchWords } from "./search-query";

/** Raise it whenever search-query.ts changes what a text becomes: the next start rebuilds the index. */
export const SEARCH_RULES_VERSION = 1;

/** Where a word was found: a word of the name counts more than one of the description. */
export const FIELD_WEIGHTS = { name: 3, facet: 2, description: 1 } as const;

/** Longer "words" are not words (a pasted link, a reference): they are not indexed. */
const LONGEST_WORD = 40;
/** Products per round of reads and writes, and rows per INSERT (3 parameters each). */
const PRODUCTS_PER_BATCH = 200;
const ROWS_PER_INSERT = 500;

export interface SearchableTexts {
  name: string;
  description: string;
  /** The names of its categories, colours, materials and pearl types. */
  facets: readonly string[];
}

/** A piece's words, each with the weight of the most important field it appears in. */
export function weightedWords(texts: SearchableTexts): Map<string, number> {
  const words = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const word of searchWords(text)) {
      if (word.length <= LONGEST_WORD && (words.get(word) ?? 0) < weight) words.set(word, weight);
    }
  };
  add(texts.name, FIELD_WEIGHTS.name);
  for (const facet of texts.facets) add(facet, FIELD_WEIGHTS.facet);
  add(texts.description, FIELD_WEIGHTS.description);
  return words;
}

type Trx = Transaction<Database>;

/**
 * On PostgreSQL, index writes of several connections take turns: a word dropped from the
 * vocabulary by one while another adds a piece using it would otherwise be lost. SQLite runs the
 * shop's transactions one at a time already.
 */
async function takeIndexTurn(trx: Trx) {
  if (databaseKind(trx) === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext('nacre:search-index'))`.execute(trx);
  }
}

/** A piece as the index reads it: its texts, and whether it is sold (search_pieces). */
type IndexedPiece = SearchableTexts & { facets: string[]; isSold: 0 | 1 };

async function textsOf(trx: Trx, ids: string[]): Promise<Map<string, IndexedPiece>> {
  const facetNames = (
    join: "product_categories" | "product_colors" | "product_materials" | "product_pearl_types",
    table: "categories" | "colors" | "materials" | "pearl_types",
    column: "category_id" | "color_id" | "material_id" | "pearl_type_id",
  ) =>
    trx
      .selectFrom(`${join} as j` as "product_categories as j")
      .innerJoin(`${table} as t` as "categories as t", "t.id", `j.${column}` as "j.category_id")
      .select(["j.product_id", "t.name"])
      .where("j.product_id", "in", ids)
      .execute();
  const [products, ...facets] = await Promise.all([
    trx
      .selectFrom("products")
      .select(["id", "name", "description", "is_sold"])
      .where("id", "in", ids)
      .execute(),
    facetNames("product_categories", "categories", "category_id"),
    facetNames("product_colors", "colors", "color_id"),
    facetNames("product_materials", "materials", "material_id"),
    facetNames("product_pearl_types", "pearl_types", "pearl_type_id"),
  ]);
  const texts = new Map<string, IndexedPiece>(
    products.map((p) => [p.id, { name: p.name, description: p.description, facets: [], isSold: p.is_sold }]),
  );
  for (const row of facets.flat()) texts.get(row.product_id)?.facets.push(row.name);
  return texts;
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/**
 * (Re)indexes these pieces inside the caller's transaction: their words replaced, new words added
 * to the vocabulary, words nobody uses any more removed from it. Ids of deleted pieces are skipped.
 */
export async function indexProducts(trx: Trx, productIds: Iterable<string>): Promise<void> {
  const all = [...new Set(productIds)];
  if (all.length === 0) return;
  await takeIndexTurn(trx);
  for (let start = 0; start < all.length; start += PRODUCTS_PER_BATCH) {
    const ids = all.slice(start, start + PRODUCTS_PER_BATCH);
    const [texts, before] = await Promise.all([
      textsOf(trx, ids),
      trx.selectFrom("search_words").select("word").distinct().where("product_id", "in", ids).execute(),
    ]);
    await trx.deleteFrom("search_words").where("product_id", "in", ids).execute();
    await trx.deleteFrom("search_pieces").where("product_id", "in", ids).execute();
    await insertInChunks(
      [...texts].map(([productId, piece]) => ({
        product_id: productId,
        is_sold: piece.isSold,
        name_key: nameSortKey(piece.name),
      })),
      (chunk) => trx.insertInto("search_pieces").values(chunk).execute(),
    );

    const rows: { word: string; product_id: string; weight: number }[] = [];
    for (const [productId, piece] of texts) {
      for (const [word, weight] of weightedWords(piece)) rows.push({ word, product_id: productId, weight });
    }
    await insertInChunks(rows, (chunk) => trx.insertInto("search_words").values(chunk).execute());

    const now = new Set(rows.map((row) => row.word));
    await insertInChunks(
      [...now].map((word) => ({ word })),
      (chunk) =>
        trx
          .insertInto("search_vocabulary")
          .values(chunk)
          .onConflict((oc) => oc.column("word").doNothing())
          .execute(),
    );
    const dropped = before.map((row) => row.word).filter((word) => !now.has(word));
    await forgetUnusedWords(trx, dropped);
  }
}

/** Removes from the vocabulary those of `words` no piece uses any more. */
async function forgetUnusedWords(trx: Trx, words: string[]) {
  for (let start = 0; start < words.length; start += ROWS_PER_INSERT) {
    await trx
      .deleteFrom("search_vocabulary")
      .where("word", "in", words.slice(start, start + ROWS_PER_INSERT))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("search_words as s")
              .select(sql.lit(1).as("one"))
              .whereRef("s.word", "=", "search_vocabulary.word"),
          ),
        ),
      )
      .execute();
  }
}

/**
 * Before a piece is deleted: its words go with it (cascade), and those only it used leave the
 * vocabulary. Called inside the deleting transaction.
 */
export async function unindexProduct(trx: Trx, productId: string): Promise<void> {
  await takeIndexTurn(trx);
  const words = await trx
    .selectFrom("search_words")
    .select("word")
    .where("product_id", "=", productId)
    .execute();
  await trx.deleteFrom("search_words").where("product_id", "=", productId).execute();
  await trx.deleteFrom("search_pieces").where("product_id", "=", productId).execute();
  await forgetUnusedWords(
    trx,
    words.map((row) => row.word),
  );
}

/** Empties the index and indexes every piece again, in the caller's transaction. */
export async function rebuildSearchIndex(trx: Trx): Promise<number> {
  await takeIndexTurn(trx);
  if (databaseKind(trx) === "postgres") {
    // Not a DELETE: its dead rows would keep the vacuum after the rebuild from marking the new
    // rows' pages all-visible, and every search would read the table beside the index.
    await sql`truncate search_words, search_pieces, search_vocabulary`.execute(trx);
  } else {
    await trx.deleteFrom("search_words").execute();
    await trx.deleteFrom("search_pieces").execute();
    await trx.deleteFrom("search_vocabulary").execute();
  }
  const ids = (await trx.selectFrom("products").select("id").orderBy("id").execute()).map((row) => row.id);
  await indexProducts(trx, ids);
  await trx
    .insertInto("search_index_state")
    .values({ id: 1, rules_version: SEARCH_RULES_VERSION })
    .onConflict((oc) => oc.column("id").doUpdateSet({ rules_version: SEARCH_RULES_VERSION }))
    .execute();
  return ids.length;
}

/**
 * At start (inside the start-up lock): rebuilds the index if it was built by other rules, or never
 * (a database just migrated, a move to PostgreSQL, a restored backup). True when it rebuilt.
 */
export async function ensureSearchIndex(db: DB): Promise<boolean> {
  const current = async (q: DB | Trx) =>
    (
      await lockingRows(
        q,
        q.selectFrom("search_index_state").select("rules_version").where("id", "=", 1),
      ).executeTakeFirst()
    )?.rules_version;
  if ((await current(db)) === SEARCH_RULES_VERSION) return false;
  const rebuilt = await db.transaction().execute(async (trx) => {
    if ((await current(trx)) === SEARCH_RULES_VERSION) return false;
    await rebuildSearchIndex(trx);
    return true;
  });
  if (rebuilt && databaseKind(db) === "postgres") {
    // Statistics for the planner and the visibility map for index-only scans, at once rather than
    // when autovacuum next passes: the whole index was just rewritten (bench/search.mjs).
    await sql`vacuum (analyze) search_words, search_pieces, search_vocabulary`.execute(db);
  }
  return rebuilt;
}
