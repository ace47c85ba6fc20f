/**
 * /sitemap.xml and /robots.txt (docs/product.md §10.7): every public page, each piece for sale and
 * each sold piece with its last change; the private areas are kept out of search engines.
 */
import type { DB } from "~/server/database.server";

const PUBLIC_PAGES = [
  "/",
  "/a-propos",
  "/catalogue",
  "/galerie",
  "/agenda",
  "/contact",
  "/mentions-legales",
  "/politique-de-confidentialite",
  "/cgv",
  // The withdrawal function without the order's link (docs/product.md §10.24, L221-21): public, so
  // found by a search as well as from the footer.
  "/retractation",
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string,
  );

/** SQLite's "YYYY-MM-DD HH:MM:SS" and ISO strings both start with the W3C date the sitemap wants. */
const day = (timestamp: string) => timestamp.slice(0, 10);

export async function buildSitemap(db: DB, origin: string): Promise<string> {
  const products = await db
    .selectFrom("products")
    .select(["slug", "is_sold", "updated_at"])
    .orderBy("slug")
    .execute();
  const newest = products.reduce((latest, p) => (p.updated_at > latest ? p.updated_at : latest), "");
  const entries = [
    ...PUBLIC_PAGES.map((page) => ({
      loc: `${origin}${page}`,
      lastmod: page === "/catalogue" || page === "/galerie" ? newest : "",
    })),
    ...products.map((p) => ({
      loc: `${origin}${p.is_sold ? "/galerie/vendu/" : "/catalogue/produit/"}${encodeURIComponent(p.slug)}`,
      lastmod: p.updated_at,
    })),
  ];
  const urls = entries
    .map(
      ({ loc, lastmod }) =>
        `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function buildRobots(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /mon-compte",
    "Disallow: /auth",
    "Disallow: /reinitialiser-mot-de-passe",
    "Disallow: /deconnexion",
    // An order's private page (docs/product.md §10.19): the link is the customer's, never an index's.
    "Disallow: /commande/",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
