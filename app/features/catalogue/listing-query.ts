/**
 * The state of a catalogue or gallery listing (docs/product.md §3 "Filter state", §9 sort values) and its
 * URL form, shared by the server (loader) and the browser (forms, session storage). Unknown or
 * malformed parameters fall back to defaults: a hand-edited URL never breaks the page.
 */
export type ListingKind = "catalogue" | "gallery";
export type CatalogueSort = "random" | "price-asc" | "price-desc";
export type GallerySort = "default" | "name-asc" | "name-desc";
export type ListingSort = CatalogueSort | GallerySort;

export interface ListingFilters {
  categories: string[];
  colors: string[];
  materials: string[];
  pearlTypes: string[];
  /** Euros as typed (strings, docs/product.md §3); empty means no bound. */
  minPrice: string;
  maxPrice: string;
}

export interface ListingQuery {
  filters: ListingFilters;
  sort: ListingSort;
  /** Seed of the random order: a new one on each recomputation, kept while paging. */
  seed: number;
  /** How many pages of PAGE_SIZE are shown (the "Voir plus" button adds one). */
  page: number;
}

export const PAGE_SIZE = 24;
export const MAX_PAGE = 250;
const MAX_IDS_PER_GROUP = 50;

export const SORTS: Record<ListingKind, readonly { value: ListingSort; label: string }[]> = {
  catalogue: [
    { value: "random", label: "Aléatoire" },
    { value: "price-asc", label: "Prix croissant" },
    { value: "price-desc", label: "Prix décroissant" },
  ],
  gallery: [
    { value: "default", label: "Par défaut" },
    { value: "name-asc", label: "Nom (A à Z)" },
    { value: "name-desc", label: "Nom (Z à A)" },
  ],
};

export const DEFAULT_SORT: Record<ListingKind, ListingSort> = { catalogue: "random", gallery: "default" };

/** URL parameter names (French, shareable). */
export const PARAM = {
  categories: "categorie",
  colors: "couleur",
  materials: "matiere",
  pearlTypes: "perle",
  minPrice: "prixMin",
  maxPrice: "prixMax",
  sort: "tri",
  seed: "graine",
  page: "page",
} as const;

const ID = /^[a-z0-9]{1,32}$/;

function ids(params: URLSearchParams, name: string): string[] {
  const values = params.getAll(name).filter((value) => ID.test(value));
  return [...new Set(values)].slice(0, MAX_IDS_PER_GROUP);
}

/** A non-negative amount in euros ("12", "12.5" or "12,5"), else "". */
export function cleanPrice(value: string | null): string {
  if (value === null) return "";
  const normalised = value.trim().replace(",", ".");
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(normalised)) return "";
  return normalised;
}

export function emptyFilters(): ListingFilters {
  return { categories: [], colors: [], materials: [], pearlTypes: [], minPrice: "", maxPrice: "" };
}

export function newSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

export function parseListingQuery(params: URLSearchParams, kind: ListingKind): ListingQuery {
  const sortValue = params.get(PARAM.sort);
  const sort = SORTS[kind].find((option) => option.value === sortValue)?.value ?? DEFAULT_SORT[kind];
  const seed = Number(params.get(PARAM.seed));
  const page = Number(params.get(PARAM.page));
  return {
    filters: {
      categories: ids(params, PARAM.categories),
      colors: ids(params, PARAM.colors),
      materials: ids(params, PARAM.materials),
      pearlTypes: ids(params, PARAM.pearlTypes),
      minPrice: cleanPrice(params.get(PARAM.minPrice)),
      maxPrice: cleanPrice(params.get(PARAM.maxPrice)),
    },
    sort,
    seed: Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31 ? seed : newSeed(),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The URL form of a query; defaults are left out so URLs stay short. */
export function toSearchParams(query: ListingQuery, kind: ListingKind): URLSearchParams {
  const params = new URLSearchParams();
  const { filters } = query;
  for (const id of filters.categories) params.append(PARAM.categories, id);
  for (const id of filters.colors) params.append(PARAM.colors, id);
  for (const id of filters.materials) params.append(PARAM.materials, id);
  for (const id of filters.pearlTypes) params.append(PARAM.pearlTypes, id);
  if (filters.minPrice) params.set(PARAM.minPrice, filters.minPrice);
  if (filters.maxPrice) params.set(PARAM.maxPrice, filters.maxPrice);
  if (query.sort !== DEFAULT_SORT[kind]) params.set(PARAM.sort, query.sort);
  if (query.sort === "random") params.set(PARAM.seed, String(query.seed));
  if (query.page > 1) params.set(PARAM.page, String(query.page));
  return params;
}

export function hasActiveFilters(filters: ListingFilters): boolean {
  return (
    filters.categories.length + filters.colors.length + filters.materials.length + filters.pearlTypes.length >
      0 ||
    filters.minPrice !== "" ||
    filters.maxPrice !== ""
  );
}

/** docs/product.md §2: '{n} créations trouvées', or 'création trouvée' for one or fewer. */
export function countLabel(count: number): string {
  return count <= 1 ? `${count} création trouvée` : `${count} créations trouvées`;
}

/**
 * docs/product.md §5 filter rule, for one product: within a group any selected value matches; across groups
 * all must match; min keeps price >= value, max keeps price <= value. The server applies the same
 * rule in SQL; this version is the reference the property tests compare against.
 */
export function matchesFilters(
  product: {
    priceCents: number | null;
    categories: string[];
    colors: string[];
    materials: string[];
    pearlTypes: string[];
  },
  filters: ListingFilters,
): boolean {
  const anyOf = (selected: string[], values: string[]) =>
    selected.length === 0 || values.some((value) => selected.includes(value));
  if (!anyOf(filters.categories, product.categories)) return false;
  if (!anyOf(filters.colors, product.colors)) return false;
  if (!anyOf(filters.materials, product.materials)) return false;
  if (!anyOf(filters.pearlTypes, product.pearlTypes)) return false;
  if (
    filters.minPrice !== "" &&
    (product.priceCents === null || product.priceCents < euroCents(filters.minPrice))
  ) {
    return false;
  }
  if (
    filters.maxPrice !== "" &&
    (product.priceCents === null || product.priceCents > euroCents(filters.maxPrice))
  ) {
    return false;
  }
  return true;
}

export function euroCents(euros: string): number {
  return Math.round(Number(euros) * 100);
}

/** A deterministic shuffle (mulberry32 + Fisher–Yates): same seed, same order. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const result = [...items];
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}
