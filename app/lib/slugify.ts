/**
 * docs/product.md §5: lowercase, trimmed, whitespace to hyphens, non-word characters removed, repeated hyphens
 * collapsed. French names carry accents, which "non-word" would delete outright ("Étoile" →
 * "toile"), so accents are folded to their base letter first (docs/decisions/004-slugs.md).
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/_/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "-2", "-3", … appended until `isTaken` says the slug is free. */
export async function uniqueSlug(base: string, isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  if (!(await isTaken(base))) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}
