/**
 * Finding pieces (docs/product.md §10.23, ADR 019). The query goes through the same steps as the
 * shop's texts (search-query.ts); each of its words must match a word of the piece — the same
 * word, its beginning, or a word within the typos allowed — in the name, a category, a colour, a
 * material, a pearl type or the description. Candidate words come from the vocabulary: a prefix
 * range on its B-tree, and the nearest words by trigrams (FTS5 on SQLite, pg_trgm on PostgreSQL);
 * the final say is `wordMatch`, the same on both back ends. Pieces for sale come first, then sold
 * ones; within each, a match in the name before one in the description, the same word before a
 * beginning before a typo.
 */
import { sql } from "kysely";
import { loadCards, type ProductCard } from "~/features/catalogue/catalogue.server";
import { PAGE_SIZE } from "~/features/catalogue/listing-query";
import type { DB } from "~/server/database.server";
import { databaseKind } from "../../../db/dialect";
import { searchWords, typosAllowed, wordMatch } from "./search-query";

/** Longer queries are cut (a pasted text is not a search). */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Words of a query that count; the others are ignored. */
export const SEARCH_MAX_WORDS = 6;
/**
 * Every word but the last matches the beginning of a shop word from 4 letters ('ajust' finds
 * 'ajustable'); the last one, maybe still being typed, from 2 ('co' → 'collier'). Suggestions and
 * the results page match alike: Enter after the suggestions never finds less than they showed.
 */
const PREFIX_FROM_LETTERS = 4;
const PREFIX_FROM_LETTERS_LAST_WORD = 2;
/** Vocabulary words looked at per query word: beginnings, and nearest by trigrams. */
const PREFIX_CANDIDATES = 200;
const TYPO_CANDIDATES = 60;
const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

export interface SearchHit {
  id: string;
  isSold: boolean;
}

/** The query words that count: normalised, each once, at most SEARCH_MAX_WORDS. */
export function queryWords(query: string): string[] {
  return [...new Set(searchWords(query.slice(0, SEARCH_QUERY_MAX_LENGTH)))].slice(0, SEARCH_MAX_WORDS);
}

/** FTS5's query for "any of the word's trigrams": "col" OR "oli" OR "lie" OR "ier". */
function trigramQuery(word: string): string {
  const trigrams = new Set<string>();
  const letters = [...word];
  for (let i = 0; i + 3 <= letters.length; i++) trigrams.add(letters.slice(i, i + 3).join(""));
  // Words hold letters and digits only (searchWords): nothing to escape inside the quotes.
  return [...trigrams].map((trigram) => `"${trigram}"`).join(" OR ");
}

async function nearestWords(db: DB, word: string): Promise<string[]> {
  if (databaseKind(db) === "postgres") {
    const { rows } = await sql<{ word: string }>`
      select word from search_vocabulary order by word <-> ${word} limit ${TYPO_CANDIDATES}`.execute(db);
    return rows.map((row) => row.word);
  }
  if ([...word].length < 3) return [];
  const { rows } = await sql<{ word: string }>`
    select word from search_vocabulary_trigrams where search_vocabulary_trigrams match ${trigramQuery(word)}
    order by rank limit ${TYPO_CANDIDATES}`.execute(db);
  return rows.map((row) => row.word);
}

/**
 * The shop words a query word matches, with how well (3 same, 2 beginning, 1 typo). Typos are
 * looked for only when the word is not itself a word of the shop: 'noir' does not also find
 * 'soir', nor 'bague' 'vague', and a common word reads no more rows than its own.
 */
async function matchingWords(db: DB, word: string, prefixFrom: number): Promise<Map<string, number>> {
  const found = new Map<string, number>([[word, 3]]);
  const consider = (shopWord: string) => {
    const quality = wordMatch(word, shopWord, prefixFrom);
    if (quality > (found.get(shopWord) ?? 0)) found.set(shopWord, quality);
  };
  const beginnings = await db
    .selectFrom("search_vocabulary")
    .select("word")
    .$call((query) =>
      word.length >= prefixFrom
        ? query.where("word", ">=", word).where("word", "<", `${word}\uffff`)
        : query.where("word", "=", word),
    )
    .orderBy("word")
    .limit(PREFIX_CANDIDATES)
    .execute();
  for (const row of beginnings) consider(row.word);
  const known = beginnings.some((row) => row.word === word);
  if (!known && typosAllowed(word) > 0) {
    for (const shopWord of await nearestWords(db, word)) consider(shopWord);
  }
  return found;
}

/** Above this many surviving pieces, their names and sale status are read in one pass. */
const IDS_PER_READ = 1000;

/** The pieces matching every word of `query`, best first: for sale, then sold. */
export async function findPieces(db: DB, query: string): Promise<SearchHit[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const matches = await Promise.all(
    words.map((word, index) =>
      matchingWords(
        db,
        word,
        index === words.length - 1 ? PREFIX_FROM_LETTERS_LAST_WORD : PREFIX_FROM_LETTERS,
      ),
    ),
  );
  const candidates = [...new Set(matches.flatMap((found) => [...found.keys()]))];
  // The index alone first (no join: most rows belong to pieces another word rules out).
  const rows = await db
    .selectFrom("search_words")
    .select(["product_id", "word", "weight"])
    .where("word", "in", candidates)
    .execute();

  // Per piece, the best score of each query word: weight of the field first, then the match.
  const best = new Map<string, number[]>();
  for (const row of rows) {
    let scores = best.get(row.product_id);
    if (!scores) {
      scores = words.map(() => 0);
      best.set(row.product_id, scores);
    }
    for (let index = 0; index < matches.length; index++) {
      const quality = matches[index]?.get(row.word);
      if (quality) scores[index] = Math.max(scores[index] ?? 0, row.weight * 10 + quality);
    }
  }
  const kept = [...best.entries()].filter(([, scores]) => scores.every((score) => score > 0));
  const facts = new Map<string, { name: string; isSold: boolean }>();
  const remember = (rows: { id: string; name: string; is_sold: number }[]) => {
    for (const row of rows) facts.set(row.id, { name: row.name, isSold: row.is_sold === 1 });
  };
  if (kept.length > IDS_PER_READ) {
    // A common word: one pass over the table costs less than thousands of lookups by id.
    remember(await db.selectFrom("products").select(["id", "name", "is_sold"]).execute());
  } else if (kept.length > 0) {
    remember(
      await db
        .selectFrom("products")
        .select(["id", "name", "is_sold"])
        .where(
          "id",
          "in",
          kept.map(([id]) => id),
        )
        .execute(),
    );
  }
  return kept
    .flatMap(([id, scores]) => {
      const piece = facts.get(id);
      return piece ? [{ id, ...piece, score: scores.reduce((sum, score) => sum + score, 0) }] : [];
    })
    .sort(
      (a, b) => Number(a.isSold) - Number(b.isSold) || b.score - a.score || collator.compare(a.name, b.name),
    )
    .map(({ id, isSold }) => ({ id, isSold }));
}

/** Suggestions while typing (the header's field): up to this many pieces. */
export const SUGGESTION_COUNT = 6;
/** Results per page of /recherche, like the catalogue's pages. */
export const RESULTS_PAGE_SIZE = PAGE_SIZE;

export interface SearchResults {
  /** The query as the customer typed it, cut to SEARCH_QUERY_MAX_LENGTH. */
  query: string;
  total: number;
  forSale: ProductCard[];
  sold: ProductCard[];
  /** How many of `total` are sold pieces (the gallery's section counts them all). */
  soldTotal: number;
  hasMore: boolean;
}

/** /recherche: the first `page` pages of results, for sale first then sold, as cards. */
export async function searchResults(db: DB, rawQuery: string, page: number): Promise<SearchResults> {
  const query = rawQuery.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const hits = await findPieces(db, query);
  const shown = hits.slice(0, page * RESULTS_PAGE_SIZE);
  const cards = await loadCards(
    db,
    shown.map((hit) => hit.id),
  );
  return {
    query,
    total: hits.length,
    forSale: cards.filter((card) => !card.isSold),
    sold: cards.filter((card) => card.isSold),
    soldTotal: hits.filter((hit) => hit.isSold).length,
    hasMore: hits.length > shown.length,
  };
}

/** The header's suggestions: the best pieces for what is being typed. */
export async function suggestPieces(db: DB, rawQuery: string): Promise<ProductCard[]> {
  const hits = await findPieces(db, rawQuery);
  return loadCards(
    db,
    hits.slice(0, SUGGESTION_COUNT).map((hit) => hit.id),
  );
}
