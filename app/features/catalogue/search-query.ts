/**
 * The words search works on (docs/product.md §10.23: customers type without accents, with typos, in
 * the plural). Shop texts and queries go through the same steps, so "Colliers nacrés" and "colier
 * nacre" meet: lower case, accents and ligatures removed, split on anything that is not a letter or
 * a digit, French little words dropped, and a final plural "s" or "x" taken off.
 */

/** Little words that say nothing about a piece ("boucles d'oreilles", "collier en perles"). */
const LITTLE_WORDS = new Set([
  "a",
  "au",
  "aux",
  "avec",
  "d",
  "de",
  "des",
  "du",
  "en",
  "et",
  "l",
  "la",
  "le",
  "les",
  "ou",
  "par",
  "pour",
  "sur",
  "un",
  "une",
]);

/** "perles" → "perle", "bijoux" → "bijou"; short words ("ras", "os") are left as they are. */
function singular(word: string): string {
  return word.length > 3 && /[sx]$/.test(word) && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

export function searchWords(text: string): string[] {
  const words = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .split(/[^\p{L}\p{N}]+/u);
  const kept: string[] = [];
  for (const word of words) {
    if (word && !LITTLE_WORDS.has(word)) kept.push(singular(word));
  }
  return kept;
}

/**
 * How a name sorts among equal matches: accents, case and ligatures aside, numbers by value
 * ('Bague 2' before 'Bague 10'), as the catalogue's French collation orders names. A plain string,
 * so the database sorts it byte by byte, the same on both back ends.
 */
export function nameSortKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, "").padStart(12, "0"))
    .trim();
}

/**
 * Edits (insertion, deletion, substitution, swap of two neighbours) from `a` to `b`, counted up to
 * `limit` + 1: "colier" → "collier" is 1, "bage" → "bague" is 1, "ajsutable" → "ajustable" is 1.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      smallest = Math.min(smallest, value);
    }
    if (smallest > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? 0, limit + 1);
}

/** Typos tolerated in a query word: none below 4 letters, one up to 7, two from 8. */
export function typosAllowed(word: string): number {
  return word.length < 4 ? 0 : word.length < 8 ? 1 : 2;
}

/**
 * How well a query word matches a word of the shop: 3 the same word, 2 the beginning of it (a word
 * still being typed, from `prefixFrom` letters), 1 within the typos allowed, 0 not at all.
 */
export function wordMatch(queryWord: string, shopWord: string, prefixFrom = 2): 0 | 1 | 2 | 3 {
  if (queryWord === shopWord) return 3;
  if (queryWord.length >= prefixFrom && shopWord.startsWith(queryWord)) return 2;
  const allowed = typosAllowed(queryWord);
  return allowed > 0 && editDistance(queryWord, shopWord, allowed) <= allowed ? 1 : 0;
}
