// Shared by the benchmarks: the eight public pages the speed targets cover (docs/product.md §10.17)
// — six fixed paths, the first product of /catalogue and the first sold piece of /galerie — and
// the page filter the benches take (LH_PAGES, BENCH_PAGES: "produit,/agenda", names or paths; a
// path not in the list is measured as a page of its own).

/** `path: null` pages are found on a shop: the first link under `linkPrefix` on `listedOn`. */
export const PAGES = [
  { name: "accueil", path: "/" },
  { name: "a-propos", path: "/a-propos" },
  { name: "catalogue", path: "/catalogue" },
  { name: "galerie", path: "/galerie" },
  { name: "agenda", path: "/agenda" },
  { name: "contact", path: "/contact" },
  { name: "produit", path: null, listedOn: "/catalogue", linkPrefix: "/catalogue/produit/" },
  { name: "vendu", path: null, listedOn: "/galerie", linkPrefix: "/galerie/vendu/" },
];

/** The first link on `pathname` whose path starts with `prefix` (e.g. the first product card). */
export async function firstLink(base, pathname, prefix) {
  const html = await (await fetch(base + pathname)).text();
  const found = html.match(new RegExp(`href="(${prefix.replaceAll("/", "\\/")}[\\w-]+)"`))?.[1];
  if (!found) throw new Error(`no link to ${prefix}… on ${pathname}`);
  return found;
}

/** The pages a comma list names (all eight when empty); paths may still be null. */
export function selectPages(list = "") {
  const wanted = list
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (wanted.length === 0) return PAGES;
  return wanted.map((item) => {
    const known = PAGES.find((page) => page.name === item || page.path === item);
    if (known) return known;
    if (item.startsWith("/")) return { name: item, path: item };
    throw new Error(`unknown page "${item}": one of ${PAGES.map((page) => page.name).join(", ")}, or a path`);
  });
}

/** `pages` with every null path read from the shop at `base` (which that visits /catalogue, /galerie). */
export async function resolvePaths(base, pages) {
  return Promise.all(
    pages.map(async (page) =>
      page.path ? page : { ...page, path: await firstLink(base, page.listedOn, page.linkPrefix) },
    ),
  );
}
