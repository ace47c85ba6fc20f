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
import { loadCards } from "~/features/catalogue/catalogue.server";
import { PAGE_SIZE } from "~/features/catalogue/listing-query";
import type { ProductCard } from "~/features/catalogue/product-types";
import { searchWords, typosAllowed, wordMatch } from "~/features/catalogue/search-query";
import type { DB } from "~/server/database.server";
import { databaseKind } from "../../../db/dialect";

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

/** The shop words a query word matches, with how well: 3 the same, 2 its beginning, 1 a typo. */
type WordMatches = Map<string, number>;

/**
 * The score a piece gets for one query word: its best row among the candidate words, the weight
 * of the field (name 3, facet 2, description 1) first, then how well the word matched (3, 2, 1).
 * Qualities are the shop's own small integers, written into the SQL as literals.
 */
function bestScore(alias: "d" | "w", matches: WordMatches) {
  const cases = sql.join(
    [...matches].map(([word, quality]) => sql`when ${word} then ${sql.lit(quality)}`),
    sql` `,
  );
  return sql`max(${sql.ref(`${alias}.weight`)} * 10 + case ${sql.ref(`${alias}.word`)} ${cases} end)`;
}

const wordList = (matches: WordMatches) => sql.join([...matches.keys()]);

export interface FoundPieces {
  /** The best pieces first: for sale, then sold; at most the `limit` asked for. */
  hits: SearchHit[];
  /** Every piece matching the query, and how many of them are sold. */
  total: number;
  soldTotal: number;
}

/**
 * SQLite: the query word with the fewest index rows drives, and each other word is looked up per
 * driving piece on the index's primary key (word, piece): a few thousand look-ups in C cost less
 * than grouping every row of every word (6 against 21 ms for 'colier perle noir' at 5,000 pieces).
 * The look-ups are computed once (`materialized`), not again in the filter and in the sum.
 */
async function drivenLookups(db: DB, matches: WordMatches[]) {
  // One round trip for every word's count.
  const rowCounts =
    matches.length === 1
      ? [0]
      : await sql<Record<string, number | string>>`select ${sql.join(
          matches.map(
            (found, index) =>
              sql`(select count(*) from search_words where word in (${wordList(found)})) as ${sql.ref(`c${index}`)}`,
          ),
        )}`
          .execute(db)
          .then(({ rows: [counts] }) => matches.map((_, index) => Number(counts?.[`c${index}`] ?? 0)));
  const [driver, ...others] = matches
    .map((found, index) => ({ found, rows: rowCounts[index] ?? 0 }))
    .sort((a, b) => a.rows - b.rows)
    .map((entry) => entry.found);
  if (!driver) throw new Error("a search without words");
  const score = (index: number) => sql.ref(`s${index}`);
  const lookups = others.map(
    (found, index) => sql`, (select ${bestScore("w", found)} from search_words as w
      where w.word in (${wordList(found)}) and w.product_id = driver.product_id) as ${score(index + 1)}`,
  );
  return sql`driver as (
      select d.product_id, ${bestScore("d", driver)} as s0
      from search_words as d where d.word in (${wordList(driver)})
      group by d.product_id
    ), probed as materialized (
      select driver.product_id, driver.s0${sql.join(lookups, sql``)} from driver
    ), pieces as materialized (
      select product_id, ${sql.join(
        [score(0), ...others.map((_, index) => score(index + 1))],
        sql` + `,
      )} as score from probed
      where ${sql.join([sql`1 = 1`, ...others.map((_, index) => sql`${score(index + 1)} is not null`)], sql` and `)}
    )`;
}

/**
 * PostgreSQL: each word's pieces and best score, grouped from the index alone, then joined on the
 * piece. Its executor pays more per look-up than SQLite (the driven look-ups took 39 ms for
 * 'bracelet dor', these hash joins 15 ms).
 */
function perWordGroups(matches: WordMatches[]) {
  const group = (index: number) => sql.ref(`w${index}`);
  const groups = matches.map(
    (found, index) => sql`${group(index)} as (
      select w.product_id, ${bestScore("w", found)} as score
      from search_words as w where w.word in (${wordList(found)})
      group by w.product_id
    )`,
  );
  const joins = matches
    .slice(1)
    .map((_, index) => sql`join ${group(index + 1)} on ${group(index + 1)}.product_id = w0.product_id`);
  const total = sql.join(
    matches.map((_, index) => sql`${group(index)}.score`),
    sql` + `,
  );
  return sql`${sql.join(groups)}, pieces as materialized (
      select w0.product_id, ${total} as score from w0 ${sql.join(joins, sql` `)}
    )`;
}

/**
 * The pieces matching every word of `query`, best first (for sale, then sold), with their count.
 * The database does the work, so that only the pieces shown cross over to JavaScript: it keeps the
 * pieces every word matched, then one statement orders them and counts them. The kept pieces are
 * materialized before their sale status and name key are read, so that those are read for them
 * only.
 */
export async function findPieces(db: DB, query: string, limit?: number): Promise<FoundPieces> {
  const none: FoundPieces = { hits: [], total: 0, soldTotal: 0 };
  const words = queryWords(query);
  if (words.length === 0) return none;
  const matches = await Promise.all(
    words.map((word, index) =>
      matchingWords(
        db,
        word,
        index === words.length - 1 ? PREFIX_FROM_LETTERS_LAST_WORD : PREFIX_FROM_LETTERS,
      ),
    ),
  );
  const pieces = databaseKind(db) === "postgres" ? perWordGroups(matches) : await drivenLookups(db, matches);
  const { rows: found } = await sql<{
    id: string;
    is_sold: number;
    total: number | string;
    sold: number | string;
  }>`
    with ${pieces}
    select pieces.product_id as id, k.is_sold, count(*) over () as total, sum(k.is_sold) over () as sold
    from pieces
    join search_pieces as k on k.product_id = pieces.product_id
    order by k.is_sold, pieces.score desc, k.name_key, pieces.product_id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`.execute(db);
  const first = found[0];
  if (!first) return none;
  return {
    hits: found.map((row) => ({ id: row.id, isSold: Number(row.is_sold) === 1 })),
    total: Number(first.total),
    soldTotal: Number(first.sold),
  };
}

/**
 * The `Server-Timing` entry of a search's answer: how long the shop took to find the pieces and
 * read their cards, as browsers' developer tools and bench/search.mjs read it (docs/product.md
 * §10.23: a query answers in < 30 ms of server time at 5,000 pieces).
 */
export function searchTiming(startedAt: number): string {
  return `search;desc="Recherche";dur=${(performance.now() - startedAt).toFixed(1)}`;
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
  const found = await findPieces(db, query, page * RESULTS_PAGE_SIZE);
  const cards = await loadCards(
    db,
    found.hits.map((hit) => hit.id),
  );
  return {
    query,
    total: found.total,
    forSale: cards.filter((card) => !card.isSold),
    sold: cards.filter((card) => card.isSold),
    soldTotal: found.soldTotal,
    hasMore: found.total > found.hits.length,
  };
}

/** The header's suggestions: the best pieces for what is being typed. */
export async function suggestPieces(db: DB, rawQuery: string): Promise<ProductCard[]> {
  const found = await findPieces(db, rawQuery, SUGGESTION_COUNT);
  return loadCards(
    db,
    found.hits.map((hit) => hit.id),
  );
}
