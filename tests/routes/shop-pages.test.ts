/**
 * What the shop's pages show, as the server renders them (docs/product.md §2): the header and the
 * footer, the home and about pages, catalogue and gallery cards with their labels and empty states,
 * the piece and sold-piece pages, the French 404s, the agenda's order and the search results page.
 * The browser layer (tests/e2e) keeps what only a live page does; these rules are checked here once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { element, elementOrNull, elements, getPage, links, pageHtml, textOf } from "../support/page-html";
import { DEMO_ADMIN, queryDatabase, signIn } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let admin: string;
let categoryId: string;
/** The test's own pieces, in a category of their own. */
const pieces: Record<
  "unique" | "outOfStock" | "inStock" | "onRequest" | "sold" | "other",
  { id: string; slug: string; name: string }
> = {} as never;

async function post(path: string, body: FormData | URLSearchParams) {
  const response = await fetch(`${shop.url}${path}`, {
    method: "POST",
    headers: { origin: shop.url, cookie: admin },
    body,
  });
  const text = await response.text();
  expect(response.status, `${path} ${text.slice(0, 200)}`).toBe(200);
  return text;
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

async function product(name: string, fields: Record<string, string>) {
  const body = form({ intent: "save", name, price: "64", stock: "3", categories: categoryId, ...fields });
  const { product } = JSON.parse(await post("/api/admin/produits", body)) as {
    product: { id: string; slug: string };
  };
  return { ...product, name };
}

beforeAll(async () => {
  shop = await startTestShop("pages");
  admin = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // The dashboard page's own action, as its fetcher posts it (it answers with the page).
  await post(
    "/admin/categories",
    new URLSearchParams({ intent: "create", kind: "categories", name: "Broches Zéphyrines" }),
  );
  categoryId = await queryDatabase(
    shop.dataDir,
    async (db) =>
      ((await db.get("select id from categories where name = ?", "Broches Zéphyrines")) as { id: string }).id,
  );
  pieces.unique = await product("Broche Zéphyrine Unique", { isUnique: "on", price: "120" });
  pieces.outOfStock = await product("Broche Zéphyrine Épuisée", { stock: "0" });
  pieces.inStock = await product("Broche Zéphyrine Quatre", { stock: "4", price: "42,5" });
  pieces.onRequest = await product("Broche Zéphyrine Sur Demande", { stock: "2" });
  pieces.sold = await product("Broche Zéphyrine Vendue", { isSold: "on", isUnique: "on" });
  pieces.other = await product("Broche Zéphyrine Voisine", { stock: "1" });
  // "Prix sur demande" is a piece without a price, which the admin form never saves (empty is 0).
  await queryDatabase(shop.dataDir, (db) =>
    db.run("update products set price_cents = null where id = ?", pieces.onRequest.id),
  );
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

const card = (html: string, name: string) => {
  const found = elements(html, "article").find((article) => textOf(article).includes(name));
  expect(found, `la carte de ${name}`).toBeDefined();
  return found as string;
};

describe("the shell", () => {
  it("the header links every section and offers Connexion, the favourites and the cart", async () => {
    const html = await pageHtml(shop.url, "/");
    const nav = element(html, 'aria-label="Navigation principale"');
    expect(links(nav)).toEqual([
      { href: "/", text: "Accueil" },
      { href: "/a-propos", text: "À propos" },
      { href: "/catalogue", text: "Catalogue" },
      { href: "/galerie", text: "Galerie" },
      { href: "/agenda", text: "Agenda" },
      { href: "/contact", text: "Contact" },
    ]);
    const header = element(html, "<header");
    expect(header).toMatch(/<a title="Connexion" aria-label="Connexion"[^>]*href="\/auth"/);
    expect(header).toContain('aria-label="Favoris (0)"');
    expect(header).toContain('aria-label="Panier (0)"');
    expect(links(header).map((link) => link.href)).toContain("https://www.instagram.com/nacre.bijoux");
  });

  it("the footer shows the site map, the contact details, the legal pages and this year's copyright", async () => {
    const footer = element(await pageHtml(shop.url, "/a-propos"), "<footer");
    expect(links(element(footer, 'aria-label="Plan du site"')).map((link) => link.text)).toEqual([
      "Accueil",
      "À propos",
      "Catalogue",
      "Galerie",
      "Agenda",
      "Contact",
    ]);
    expect(links(element(footer, 'aria-label="Informations légales"'))).toEqual([
      { href: "/mentions-legales", text: "Mentions légales" },
      { href: "/politique-de-confidentialite", text: "Politique de confidentialité" },
      { href: "/cgv", text: "Conditions générales de vente" },
      // The withdrawal function, reachable from every page (docs/product.md §10.24).
      { href: "/retractation", text: "Rétractation" },
    ]);
    expect(links(footer)).toEqual(
      expect.arrayContaining([
        { href: "tel:+33642187395", text: "06 42 18 73 95" },
        { href: "mailto:bonjour@nacre.test", text: "bonjour@nacre.test" },
      ]),
    );
    const text = textOf(footer);
    expect(text).toContain("14 rue des Goélands");
    expect(text).toContain(`© ${new Date().getFullYear()} Nacre — Tous droits réservés.`);
    expect(text).toContain("Site réalisé avec soin");
  });
});

describe("home and about", () => {
  it("the home page: its story, at most 8 featured pieces all for sale, 33 inspirations, care advice and the four commitments", async () => {
    const html = await pageHtml(shop.url, "/");
    expect(textOf(element(html, "<h1"))).toBe("IA ORA NA ET MAEVA");
    const featured = element(html, 'aria-label="Nos Créations du Moment"');
    const slugs = [...new Set(links(featured).map((link) => link.href))]
      .filter((href) => href.startsWith("/catalogue/produit/"))
      .map((href) => href.replace("/catalogue/produit/", ""));
    expect(slugs.length).toBeGreaterThan(0);
    expect(slugs.length).toBeLessThanOrEqual(8);
    const sold = await queryDatabase(shop.dataDir, (db) =>
      db.all<{ slug: string }>("select slug from products where is_sold = 1"),
    );
    for (const slug of slugs) expect(sold.map((row) => row.slug)).not.toContain(slug);
    expect(links(html)).toContainEqual({ href: "/catalogue", text: "Voir tout le catalogue" });
    expect(links(html)).toContainEqual({ href: "/a-propos", text: "En savoir plus" });
    expect(html.match(/aria-label="\d+ sur 33"/g)).toHaveLength(33);
    const text = textOf(html);
    for (const heading of [
      "Le keishi, la perle libre",
      "Prendre soin de vos bijoux",
      "Paiement sécurisé",
      "Livraison rapide",
      "Certificat d'authenticité",
      "Service client",
    ])
      expect(text).toContain(heading);
  });

  it("the about page tells the story and leads to the catalogue", async () => {
    const html = await pageHtml(shop.url, "/a-propos");
    expect(textOf(element(html, "<h1"))).toBe("Notre histoire");
    expect(textOf(html)).toContain("Le savoir-faire");
    expect(links(element(html, "<main"))).toContainEqual({
      href: "/catalogue",
      text: "Découvrir nos créations",
    });
  });
});

describe("catalogue and gallery", () => {
  it("a card shows 'Pièce unique', its stock or 'Rupture de stock' (button disabled), and 'Prix sur demande'", async () => {
    const html = await pageHtml(shop.url, `/catalogue?categorie=${categoryId}`);
    expect(textOf(html)).toContain("5 créations trouvées");
    expect(textOf(card(html, pieces.unique.name))).toContain("Pièce unique");
    expect(textOf(card(html, pieces.inStock.name))).toContain("42,50 €");
    expect(textOf(card(html, pieces.inStock.name))).toContain("Stock: 4");
    const outOfStock = card(html, pieces.outOfStock.name);
    expect(textOf(outOfStock)).toContain("Rupture de stock");
    expect(outOfStock).toMatch(/<button[^>]*disabled=""[^>]*>[\s\S]*?Ajouter au panier/);
    expect(textOf(card(html, pieces.onRequest.name))).toContain("Prix sur demande");
    // The heart and the cart sit outside the card's link.
    const unique = card(html, pieces.unique.name);
    expect(unique).toContain(`aria-label="Ajouter ${pieces.unique.name} aux favoris"`);
    for (const link of elements(unique, "a")) expect(link).not.toContain("<button");
    expect(textOf(html)).not.toContain(pieces.sold.name);
  });

  it("the gallery lists the sold pieces only, with 'Vendu' and no basket button, linking to their page", async () => {
    const html = await pageHtml(shop.url, `/galerie?categorie=${categoryId}`);
    expect(textOf(html)).toContain("1 création trouvée");
    const sold = card(html, pieces.sold.name);
    expect(textOf(sold)).toContain("Vendu");
    expect(sold).not.toContain("Ajouter au panier");
    expect(links(sold)).toContainEqual({
      href: `/galerie/vendu/${pieces.sold.slug}`,
      text: pieces.sold.name,
    });
  });

  it("the chosen category's tab is current; impossible filters say so; each budget bound limits the other", async () => {
    const chosen = await pageHtml(shop.url, `/catalogue?categorie=${categoryId}`);
    const tabs = element(chosen, 'aria-label="Catégories"');
    expect(tabs).toMatch(
      new RegExp(`<a aria-current="page"[^>]*href="/catalogue\\?categorie=${categoryId}"`),
    );
    expect(tabs).not.toMatch(/<a aria-current="page"[^>]*href="\/catalogue"/);
    const catalogue = await pageHtml(shop.url, "/catalogue?prixMin=100000");
    expect(textOf(catalogue)).toContain("Aucun produit ne correspond à vos filtres.");
    expect(textOf(catalogue)).toContain("0 création trouvée");
    expect(/<input[^>]*name="prixMax"[^>]*>/.exec(catalogue)?.[0]).toContain('min="100000"');
    const gallery = await pageHtml(shop.url, "/galerie?prixMin=99999");
    expect(textOf(gallery)).toContain("Aucune création ne correspond à vos filtres.");
  });

  it("'Voir plus de créations' leads to the next page, which lists the first page's pieces and more, once each", async () => {
    const first = await pageHtml(shop.url, "/catalogue?tri=price-asc");
    const more = links(first).find((link) => link.text === "Voir plus de créations");
    expect(more?.href).toBe("/catalogue?tri=price-asc&page=2");
    const firstNames = elements(first, "article").map((article) => textOf(element(article, "<h3")));
    expect(firstNames).toHaveLength(24);
    const second = await pageHtml(shop.url, "/catalogue?tri=price-asc&page=2");
    const names = elements(second, "article").map((article) => textOf(element(article, "<h3")));
    expect(names.length).toBeGreaterThan(24);
    expect(names.slice(0, 24)).toEqual(firstNames);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("a piece's page", () => {
  it("shows the price with a comma, the stock line, the details and up to 5 similar pieces, never itself", async () => {
    const html = await pageHtml(shop.url, `/catalogue/produit/${pieces.inStock.slug}`);
    const main = textOf(element(html, "<main"));
    expect(textOf(element(html, "<h1"))).toBe(pieces.inStock.name);
    expect(main).toContain("42,50 €");
    expect(main).toContain("En stock: 4 disponibles");
    expect(html).toMatch(/<dt>Catégorie<\/dt><dd>Broches Zéphyrines<\/dd>/);
    const similar = element(html, 'aria-labelledby="vous-aimerez-aussi"');
    expect(textOf(similar)).toContain("Vous aimerez aussi...");
    const shown = elements(similar, "li");
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(5);
    expect(textOf(similar)).not.toContain(pieces.inStock.name);
    const single = await pageHtml(shop.url, `/catalogue/produit/${pieces.other.slug}`);
    expect(textOf(element(single, "<main"))).toContain("En stock: 1 disponible");
  });

  it("a sold piece: its badge, the way to the pieces for sale, similar pieces linked to their own page; its catalogue URL leads there", async () => {
    const moved = await getPage(shop.url, `/catalogue/produit/${pieces.sold.slug}`);
    expect(moved.status).toBe(302);
    expect(new URL(moved.location ?? "", shop.url).pathname).toBe(`/galerie/vendu/${pieces.sold.slug}`);
    const html = await pageHtml(shop.url, `/galerie/vendu/${pieces.sold.slug}`);
    expect(textOf(element(html, "<h1"))).toBe(pieces.sold.name);
    expect(textOf(element(html, "<main"))).toContain("Pièce Unique - Vendue");
    expect(links(element(html, "<main"))).toContainEqual({
      href: "/catalogue",
      text: "Voir les créations disponibles",
    });
    const soldSlugs = (
      await queryDatabase(shop.dataDir, (db) =>
        db.all<{ slug: string }>("select slug from products where is_sold = 1"),
      )
    ).map((row) => row.slug);
    const similar = links(element(html, 'aria-labelledby="vous-aimerez-aussi"'));
    expect(similar.length).toBeGreaterThan(0);
    for (const { href } of similar) {
      const slug = href.split("/").pop() as string;
      expect(href).toBe(soldSlugs.includes(slug) ? `/galerie/vendu/${slug}` : `/catalogue/produit/${slug}`);
    }
  });

  it("an unknown piece is a French 404 with the way back, for sale or sold", async () => {
    const product = await getPage(shop.url, "/catalogue/produit/introuvable");
    expect(product.status).toBe(404);
    expect(textOf(product.html)).toContain("Oups !");
    expect(textOf(element(product.html, "<h1"))).toBe(
      'Le produit avec le slug "introuvable" n\'a pas été trouvé.',
    );
    expect(links(element(product.html, "<main"))).toContainEqual({
      href: "/catalogue",
      text: "Retour au catalogue",
    });
    const sold = await getPage(shop.url, "/galerie/vendu/perle-perdue");
    expect(sold.status).toBe(404);
    expect(textOf(element(sold.html, "<h1"))).toBe(
      'La création avec le slug "perle-perdue" n\'a pas été trouvée.',
    );
    expect(links(element(sold.html, "<main"))).toContainEqual({
      href: "/galerie",
      text: "Retour à la galerie",
    });
    const page = await getPage(shop.url, "/cette-page-n-existe-pas");
    expect(page.status).toBe(404);
    expect(textOf(element(page.html, "<h1"))).toBe("Cette page s'est perdue en mer");
    expect(links(element(page.html, "<main")).map((link) => link.text)).toContain("Retour à l'accueil");
  });
});

describe("agenda and search", () => {
  it("the agenda lists the upcoming events by date, then the past ones", async () => {
    const html = await pageHtml(shop.url, "/agenda");
    const titles = (list: string) =>
      elements(element(html, `aria-label="${list}"`), "h3").map((heading) => textOf(heading));
    const today = new Date(new Date().setHours(0, 0, 0, 0)).toISOString();
    const expected = await queryDatabase(shop.dataDir, (db) =>
      db.all<{ title: string }>(
        "select title from events where coalesce(end_date, start_date) >= ? order by start_date",
        today,
      ),
    );
    expect(titles("Événements à venir")).toEqual(expected.map((event) => event.title));
    expect(titles("Événements passés").length).toBeGreaterThan(0);
  });

  it("search results: the pieces for sale, then the sold ones in their own section, linking to the gallery", async () => {
    const html = await pageHtml(shop.url, "/recherche?q=zephyrine");
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    const sections = [...main.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]);
    expect(sections.indexOf("resultats-vendus")).toBe(sections.length - 1);
    expect(sections.length).toBeGreaterThan(1);
    const sold = element(html, 'aria-labelledby="resultats-vendus"');
    expect(textOf(sold)).toMatch(/^Déjà vendues, dans la galerie \(1\)/);
    expect(links(sold)).toContainEqual({
      href: `/galerie/vendu/${pieces.sold.slug}`,
      text: pieces.sold.name,
    });
    const forSale = textOf(html.slice(0, html.indexOf('aria-labelledby="resultats-vendus"')));
    expect(forSale).toContain(pieces.unique.name);
    expect(forSale).not.toContain(pieces.sold.name);
  });

  it("nothing found: said plainly, with the categories and the whole catalogue to browse", async () => {
    const html = await pageHtml(shop.url, "/recherche?q=xylophone");
    expect(textOf(html)).toContain("Aucune pièce ne correspond à « xylophone ».");
    expect(links(element(html, 'aria-label="Catégories"'))).toContainEqual(
      expect.objectContaining({ text: "Bagues" }),
    );
    expect(links(element(html, "<main"))).toContainEqual({
      href: "/catalogue",
      text: "Voir tout le catalogue",
    });
    expect(elementOrNull(html, 'aria-labelledby="resultats-vendus"')).toBeNull();
  });
});
