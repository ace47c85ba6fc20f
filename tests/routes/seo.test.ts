/**
 * Search engines, sharing and the installable app (docs/product.md §10.7, §10.12), a route test
 * (the app in this process over real HTTP): the server-rendered head of the home, product, sold and
 * agenda pages (title, description, canonical, sharing cards, JSON-LD), the sitemap and robots.txt,
 * and the files the installed app and its service worker need (public/, which the build copies as
 * is).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryDatabase } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let server: TestShop;
/** PUBLIC_URL of the test server: every absolute link must start with it. */
let origin: string;

beforeAll(async () => {
  server = await startTestShop("seo");
  origin = `http://localhost:${server.port}`;
});
afterAll(async () => {
  await server?.close();
});

interface Head {
  title: string;
  meta: (key: string) => string | undefined;
  canonical: string | undefined;
  jsonLd: Record<string, unknown>[];
  html: string;
}

const decode = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The page's <head> as a search engine's crawler gets it (complete, not streamed). */
async function head(path: string): Promise<Head> {
  const response = await fetch(`${server.url}${path}`, { headers: { "user-agent": "Googlebot/2.1" } });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const section = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
  const metas = [...section.matchAll(/<meta\s([^>]*?)\/?>/g)].map((m) => m[1] ?? "");
  const attr = (tag: string, name: string) => {
    const value = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(tag)?.[1];
    return value === undefined ? undefined : decode(value);
  };
  return {
    html,
    title: decode(/<title>([^<]*)<\/title>/.exec(section)?.[1] ?? ""),
    meta: (key) => {
      const tag = metas.find((m) => attr(m, "name") === key || attr(m, "property") === key);
      return tag ? attr(tag, "content") : undefined;
    },
    canonical: attr(/<link\s[^>]*rel="canonical"[^>]*>/.exec(section)?.[0] ?? "", "href"),
    jsonLd: [...section.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
    ),
  };
}

function expectSharingCard(page: Head, url: string) {
  expect(page.title).toMatch(/Nacre/);
  expect(page.meta("description")?.length).toBeGreaterThan(30);
  expect(page.meta("description")?.length).toBeLessThanOrEqual(160);
  expect(page.canonical).toBe(url);
  expect(page.meta("og:url")).toBe(url);
  expect(page.meta("og:title")).toBe(page.title);
  expect(page.meta("og:description")).toBe(page.meta("description"));
  expect(page.meta("og:locale")).toBe("fr_FR");
  expect(page.meta("og:image")).toMatch(new RegExp(`^${origin}/`));
  expect(page.meta("twitter:card")).toBe("summary_large_image");
  expect(page.meta("twitter:image")).toBe(page.meta("og:image"));
  expect(page.meta("robots")).toBeUndefined();
}

type ProductRow = { slug: string; name: string; price_cents: number | null; file_name: string | null };
const productWhere = (where: string) =>
  queryDatabase(server.dataDir, (db) =>
    db.get<ProductRow>(
      `select p.slug, p.name, p.price_cents,
         (select file_name from product_images i where i.product_id = p.id order by position limit 1) as file_name
       from products p where ${where} order by p.slug limit 1`,
    ),
  );

describe("page metadata", () => {
  it("home: the shop's card, and the shop as a JewelryStore", async () => {
    const page = await head("/");
    expectSharingCard(page, `${origin}/`);
    expect(page.meta("og:type")).toBe("website");
    expect(page.meta("og:image")).toBe(`${origin}/og-image.png`);
    const store = page.jsonLd.find((data) => data["@type"] === "JewelryStore");
    expect(store).toMatchObject({
      "@context": "https://schema.org",
      name: "Nacre",
      url: `${origin}/`,
      telephone: "+33642187395",
      email: "bonjour@nacre.test",
      address: { "@type": "PostalAddress", streetAddress: "14 rue des Goélands", addressCountry: "FR" },
    });
    expect(store?.sameAs).toContain("https://www.instagram.com/nacre.bijoux");
    // docs/product.md §10.23: the site's search, for the search engines' own search box.
    expect(page.jsonLd.find((data) => data["@type"] === "WebSite")).toMatchObject({
      url: `${origin}/`,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${origin}/recherche?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    });
  });

  it("a piece for sale: its own card with its first photo and price, Product + Offer in euros", async () => {
    const product = await productWhere(
      "is_sold = 0 and price_cents is not null and (is_unique = 1 or stock > 0)",
    );
    if (!product?.file_name) throw new Error("the demo shop has a priced piece in stock with a photo");
    const url = `${origin}/catalogue/produit/${product.slug}`;
    const page = await head(`/catalogue/produit/${product.slug}`);
    expectSharingCard(page, url);
    expect(page.title).toBe(`${product.name} — Nacre`);
    expect(page.meta("og:type")).toBe("product");
    expect(page.meta("og:image")).toBe(`${origin}/images/products/${product.file_name}?w=1200`);
    expect(page.meta("product:price:amount")).toBe(((product.price_cents as number) / 100).toFixed(2));
    expect(page.meta("product:price:currency")).toBe("EUR");
    const data = page.jsonLd.find((d) => d["@type"] === "Product");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      name: product.name,
      url,
      offers: {
        "@type": "Offer",
        price: ((product.price_cents as number) / 100).toFixed(2),
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
      },
    });
    expect((data?.image as string[] | undefined)?.[0]).toBe(page.meta("og:image"));
  });

  it("a sold piece: its gallery URL and SoldOut", async () => {
    const product = await productWhere("is_sold = 1 and price_cents is not null");
    if (!product) throw new Error("the demo shop has a sold, priced piece");
    const url = `${origin}/galerie/vendu/${product.slug}`;
    const page = await head(`/galerie/vendu/${product.slug}`);
    expectSharingCard(page, url);
    expect(page.title).toBe(`${product.name} (vendu) — Nacre`);
    expect(page.jsonLd.find((d) => d["@type"] === "Product")).toMatchObject({
      url,
      offers: { availability: "https://schema.org/SoldOut", priceCurrency: "EUR" },
    });
  });

  it("'Prix sur demande': a Product without an Offer or a price", async () => {
    const product = await productWhere("price_cents is null and is_sold = 0");
    if (!product) throw new Error("the demo shop has a piece for sale without a price");
    const page = await head(`/catalogue/produit/${product.slug}`);
    const data = page.jsonLd.find((d) => d["@type"] === "Product");
    expect(data?.name).toBe(product.name);
    expect(data).not.toHaveProperty("offers");
    expect(page.meta("product:price:amount")).toBeUndefined();
  });

  it("agenda: one Event per event, with dates, place and an absolute image", async () => {
    const events = await queryDatabase(server.dataDir, (db) =>
      db.all<{ title: string; start_date: string }>("select title, start_date from events"),
    );
    const page = await head("/agenda");
    expectSharingCard(page, `${origin}/agenda`);
    const listed = page.jsonLd.filter((d) => d["@type"] === "Event");
    expect(listed.map((e) => e.name).sort()).toEqual(events.map((e) => e.title).sort());
    for (const event of listed) {
      expect(event.startDate).toBe(events.find((e) => e.title === event.name)?.start_date);
      expect(event.location).toMatchObject({ "@type": "Place" });
      expect((event.image as string[])[0]).toMatch(new RegExp(`^${origin}/`));
    }
  });

  it("listings: the canonical URL drops filters and sort", async () => {
    const page = await head("/catalogue?tri=prix-asc&prixMin=10");
    expect(page.canonical).toBe(`${origin}/catalogue`);
    expect((await head("/galerie?tri=nom-asc")).canonical).toBe(`${origin}/galerie`);
  });

  it("private and missing pages are kept out of search engines", async () => {
    const auth = await (await fetch(`${server.url}/auth`)).text();
    expect(auth).toContain('<meta name="robots" content="noindex"/>');
    expect(auth).not.toContain('rel="canonical"');
    const results = await (await fetch(`${server.url}/recherche?q=collier`)).text();
    expect(results).toContain('<meta name="robots" content="noindex"/>');
    expect(results).not.toContain('rel="canonical"');
    const missing = await fetch(`${server.url}/catalogue/produit/nexiste-pas`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe("sitemap and robots.txt", () => {
  it("publishes a sitemap of every public page and piece, and a robots.txt that points to it", async () => {
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    const { forSale, sold } = await queryDatabase(server.dataDir, async (db) => ({
      forSale: (await db.get("select slug, updated_at from products where is_sold = 0 limit 1")) as {
        slug: string;
        updated_at: string;
      },
      sold: (await db.get("select slug from products where is_sold = 1 limit 1")) as { slug: string },
    }));
    expect(xml).toContain(
      `<url><loc>${origin}/catalogue/produit/${forSale.slug}</loc><lastmod>${forSale.updated_at.slice(0, 10)}</lastmod></url>`,
    );
    expect(xml).toContain(`<loc>${origin}/galerie/vendu/${sold.slug}</loc>`);
    for (const page of ["/a-propos", "/agenda", "/contact", "/cgv", "/retractation"])
      expect(xml).toContain(`<loc>${origin}${page}</loc>`);
    expect(xml).not.toContain("/admin");
    expect((xml.match(/<url>/g) ?? []).length).toBe(10 + 40);

    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    for (const rule of [
      "Disallow: /admin",
      "Disallow: /mon-compte",
      "Disallow: /auth",
      "Disallow: /commande/",
    ])
      expect(robots).toContain(rule);
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe("installable app", () => {
  it("serves the manifest, the service worker at the root and the offline page", async () => {
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      lang: "fr",
      start_url: "/",
      display: "standalone",
      short_name: "Nacre",
    });
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/javascript/);
    const script = await worker.text();
    // What must never be kept: the API (and the chat stream), the private areas.
    for (const path of ["\\/api\\/", "\\/admin", "\\/mon-compte", "\\/auth"]) expect(script).toContain(path);
    const offline = await fetch(`${server.url}/hors-ligne.html`);
    expect(offline.status).toBe(200);
    expect(await offline.text()).toContain("Vous êtes hors ligne");
    // The page's CSP lets the worker run from this origin.
    const csp = (await fetch(`${server.url}/`)).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/worker-src 'self'/);
  });
});
