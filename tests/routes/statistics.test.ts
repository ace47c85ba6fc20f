/**
 * Audience and sales counted without cookies (docs/product.md §10.29, ADR 034), a route test (the
 * app in this process, over real HTTP), on both back ends: page views counted by route, from the
 * page cache too, without a cookie; robots, an admin's hint, prefetches, errors and posts left out;
 * the referring domain without its path; unique visitors; the events of the real actions (cart,
 * favourites, an empty search, an order placed and paid); the « Statistiques » page and its
 * periods; and, after requests from a known address and user agent, neither in any table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCommand } from "../support/page-command";
import { DEMO_ADMIN, listTables, queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let admin = "";
const pieces = { forSale: { id: "", slug: "" }, sold: { slug: "" }, orderable: { id: "" } };

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let nextAddress = 1;
const newAddress = () => `10.77.0.${nextAddress++}`;

beforeAll(async () => {
  shop = await startTestShop("statistiques", { TRUST_PROXY: "1" });
  admin = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await queryDatabase(shop.dataDir, async (db) => {
    const forSale = await db.get<{ id: string; slug: string }>(
      "select id, slug from products where is_sold = 0 and price_cents is not null and stock >= 3 order by id",
    );
    const sold = await db.get<{ slug: string }>("select slug from products where is_sold = 1 order by id");
    const orderable = await db.get<{ id: string }>(
      "select id from products where is_sold = 0 and price_cents is not null and stock >= 3 order by id desc",
    );
    Object.assign(pieces, { forSale, sold, orderable });
  });
  expect(pieces.forSale.slug && pieces.sold.slug && pieces.orderable.id).toBeTruthy();
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

/** A GET as a browser would send it, from `address`; the answer read to its end. */
async function get(path: string, headers: Record<string, string> = {}, address = newAddress()) {
  const response = await fetch(`${shop.url}${path}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER, "x-forwarded-for": address, ...headers },
  });
  const text = await response.text();
  return { response, text };
}

/** Every figure in the database, by "kind key", once the counted answers have been written. */
async function figures(): Promise<Map<string, number>> {
  // The view is counted when the answer has gone ('finish'): one turn of the loop after the body.
  await new Promise((resolve) => setImmediate(resolve));
  await shop.ctx.stats.flush();
  const rows = await queryDatabase(shop.dataDir, (db) =>
    db.all<{ kind: string; key: string; n: number }>(
      "select kind, key, sum(count) as n from stats_daily group by kind, key",
    ),
  );
  return new Map(rows.map((row) => [`${row.kind} ${row.key}`, Number(row.n)]));
}

/** What `act` added to each figure. */
async function counted(act: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await figures();
  await act();
  const after = await figures();
  const added: Record<string, number> = {};
  for (const [key, value] of after)
    if (value !== (before.get(key) ?? 0)) added[key] = value - (before.get(key) ?? 0);
  return added;
}

describe("page views", () => {
  it("counts an anonymous visitor's page, twice when the second comes from the page cache, and sets no cookie", async () => {
    const added = await counted(async () => {
      const first = await get("/catalogue");
      const second = await get("/catalogue?couleur=bleu&page=2", {}, "10.77.1.1");
      const third = await get("/catalogue?couleur=bleu&page=2", {}, "10.77.1.1");
      expect(third.response.headers.get("x-page-cache")).toBe("hit");
      for (const { response } of [first, second, third]) {
        expect(response.status).toBe(200);
        expect(response.headers.get("set-cookie")).toBeNull();
      }
    });
    // By route, the query string never kept; three views, two visitors (two addresses).
    expect(added).toEqual({ "page_view /catalogue": 3, "visitor ": 2 });
  });

  it("counts a piece's page for the piece, by slug, for sale or sold", async () => {
    const added = await counted(async () => {
      expect((await get(`/catalogue/produit/${pieces.forSale.slug}`, {}, "10.77.2.1")).response.status).toBe(
        200,
      );
      expect((await get(`/galerie/vendu/${pieces.sold.slug}`, {}, "10.77.2.1")).response.status).toBe(200);
    });
    expect(added).toEqual({
      "page_view /catalogue/produit/:slug": 1,
      "page_view /galerie/vendu/:slug": 1,
      [`piece_view ${pieces.forSale.slug}`]: 1,
      [`piece_view ${pieces.sold.slug}`]: 1,
      "visitor ": 1,
    });
  });

  it("leaves out robots, an admin's hint, prefetches, objections, errors, posts, the dashboard and the API", async () => {
    const added = await counted(async () => {
      await get("/", {
        "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      });
      await get("/", { "user-agent": "" });
      await get("/", { cookie: "autre=1; nacre_compte=admin" });
      await get("/a-propos", { "sec-purpose": "prefetch" });
      await get("/a-propos", { purpose: "prefetch" });
      // The visitor's objection, sent by the browser.
      await get("/a-propos", { "sec-gpc": "1" });
      await get("/a-propos", { dnt: "1" });
      await get("/a-propos.data", { "sec-purpose": "prefetch;prerender", referer: `${shop.url}/` });
      expect((await get("/cette-page-nexiste-pas")).response.status).toBe(404);
      expect((await get(`/catalogue/produit/${pieces.forSale.slug}-inconnue`)).response.status).toBe(404);
      const posted = await fetch(`${shop.url}/a-propos`, {
        method: "POST",
        headers: {
          "user-agent": BROWSER,
          origin: shop.url,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "x=1",
      });
      expect(posted.status).toBeGreaterThanOrEqual(400);
      await get("/admin", { cookie: admin });
      await get("/admin/statistiques", { cookie: admin });
      await get("/api/panier");
      await get("/robots.txt");
    });
    expect(added).toEqual({});
  });

  it("keeps the referring site's domain, never its path, and not the shop's own address", async () => {
    const added = await counted(async () => {
      await get("/a-propos", {
        referer: "https://www.blog-bijoux.example/articles/perles-de-tahiti?utm_source=x",
      });
      await get("/a-propos", { referer: `${shop.url}/catalogue` });
      await get("/a-propos", { referer: "android-app://com.example.app/" });
    });
    expect(added).toEqual({ "page_view /a-propos": 3, "referrer www.blog-bijoux.example": 1, "visitor ": 3 });
  });

  it("counts a navigation in the browser (a page's data), not a page refreshing its own data", async () => {
    const added = await counted(async () => {
      const navigation = await get("/agenda.data", { referer: `${shop.url}/catalogue` }, "10.77.3.1");
      expect(navigation.response.status).toBe(200);
      await get("/_root.data", { referer: `${shop.url}/agenda` }, "10.77.3.1");
      // After a form on the page: the same page's data again.
      await get("/agenda.data", { referer: `${shop.url}/agenda` }, "10.77.3.1");
    });
    expect(added).toEqual({ "page_view /agenda": 1, "page_view /": 1, "visitor ": 1 });
  });

  it("counts a visitor once a day per address and user agent", async () => {
    const added = await counted(async () => {
      await get("/", {}, "192.0.2.50");
      await get("/agenda", {}, "192.0.2.50");
      await get("/", { "user-agent": `${BROWSER} Edg/131.0` }, "192.0.2.50");
    });
    expect(added["visitor "]).toBe(2);
  });
});

describe("events", () => {
  it("counts adds to the cart and to the favourites by a customer, not by an admin's browser", async () => {
    // The same session, from a browser whose account hint says admin (sign-in set it to client).
    const asAdminBrowser = (cookie: string) =>
      [...cookie.split("; ").filter((pair) => !pair.startsWith("nacre_compte=")), "nacre_compte=admin"].join(
        "; ",
      );
    const customer = await signUp(shop.url, "stats-cliente@exemple.fr");
    const post = (path: string, body: Record<string, string>, cookie: string) =>
      fetch(`${shop.url}${path}`, {
        method: "POST",
        headers: { "user-agent": BROWSER, origin: shop.url, "content-type": "application/json", cookie },
        body: JSON.stringify(body),
      });
    const id = pieces.forSale.id;
    const added = await counted(async () => {
      expect((await post("/api/panier", { intent: "add", productId: id }, customer)).status).toBe(200);
      expect(
        (await post("/api/panier", { intent: "change", productId: id, delta: "1" }, customer)).status,
      ).toBe(200);
      expect((await post("/api/panier", { intent: "favorite", productId: id }, customer)).status).toBe(200);
      // Toggled off: not an add.
      expect((await post("/api/panier", { intent: "favorite", productId: id }, customer)).status).toBe(200);
      expect(
        (await post("/api/panier", { intent: "add", productId: id }, asAdminBrowser(customer))).status,
      ).toBe(200);
    });
    expect(added).toEqual({ [`cart_add ${id}`]: 1, [`favorite_add ${id}`]: 1 });
  });

  it("counts a search that found nothing, normalised, not one that found pieces nor a robot's", async () => {
    const added = await counted(async () => {
      expect((await get("/recherche?q=%20%20Zzqx%20%20Introuvable ")).response.status).toBe(200);
      await get("/recherche?q=zzqx%20introuvable", { "user-agent": "curl/8.5.0 (bot)" });
      await get("/recherche?q=Googlebotquery", { "user-agent": "Googlebot/2.1" });
      await get("/recherche?q=collier");
    });
    expect(added["empty_search zzqx introuvable"]).toBe(1);
    expect(Object.keys(added).filter((key) => key.startsWith("empty_search"))).toEqual([
      "empty_search zzqx introuvable",
    ]);
  });

  it("counts an order placed by the form and paid by the seller", async () => {
    const placed = await counted(async () => {
      const response = await fetch(`${shop.url}/contact?commande=panier`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: shop.url,
          "user-agent": BROWSER,
          "x-forwarded-for": newAddress(),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          "form-name": "commande",
          site_web: "",
          [`quantite.${pieces.orderable.id}`]: "1",
          name: "Tiare Statistique",
          email: "tiare.stats@exemple.fr",
          phone: "",
          delivery: "envoi",
          zone: "france",
          addressLine: "3 impasse des Embruns",
          postalCode: "56170",
          city: "Quiberon",
          eventId: "",
          message: "",
        }),
      });
      expect(response.status, (await response.text()).slice(0, 300)).toBe(303);
    });
    expect(placed).toMatchObject({ "order_placed ": 1 });
    const order = await queryDatabase(shop.dataDir, (db) =>
      db.get<{ id: string }>("select id from orders where email = ?", "tiare.stats@exemple.fr"),
    );
    const paid = await counted(async () => {
      const answer = await postCommand(
        shop.url,
        `/admin/commandes/${order?.id}`,
        { intent: "mark-paid", orderId: order?.id ?? "" },
        admin,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // Paid once: the same step again is refused and counts nothing.
      await postCommand(
        shop.url,
        `/admin/commandes/${order?.id}`,
        { intent: "mark-paid", orderId: order?.id ?? "" },
        admin,
      );
    });
    expect(paid).toEqual({ "order_paid ": 1 });
  });
});

describe("the « Statistiques » page", () => {
  it("shows the period's figures as charts with their tables, the period from the address", async () => {
    await get("/a-propos", { referer: "https://autre-site.example/" });
    await figures();
    const week = await get("/admin/statistiques?periode=7", { cookie: admin });
    expect(week.response.status).toBe(200);
    expect(week.text).toContain("<h1>Statistiques</h1>");
    expect(week.text).toMatch(/<a[^>]*aria-current="page"[^>]*>7 jours<\/a>/);
    expect(week.text).toContain('role="img"');
    expect(week.text).toContain("<svg");
    expect(week.text).toContain("<caption>Pages vues et visiteurs uniques par jour</caption>");
    expect(week.text).toContain("autre-site.example");
    expect(week.text).toContain("zzqx introuvable");
    const figuresTable =
      week.text.match(/<caption>Pages vues et visiteurs uniques par jour<\/caption>.*?<\/table>/s)?.[0] ?? "";
    expect(figuresTable.match(/<tr>/g)?.length).toBe(1 + 7);

    const year = await get("/admin/statistiques?periode=365", { cookie: admin });
    expect(
      year.text
        .match(/<caption>Pages vues et visiteurs uniques par jour<\/caption>.*?<\/table>/s)?.[0]
        .match(/<tr>/g)?.length,
    ).toBe(1 + 365);
    const unknown = await get("/admin/statistiques?periode=12", { cookie: admin });
    expect(unknown.text).toMatch(/<a[^>]*aria-current="page"[^>]*>30 jours<\/a>/);
    // The dashboard's navigation leads there.
    expect((await get("/admin", { cookie: admin })).text).toContain('href="/admin/statistiques"');
  });
});

describe("privacy", () => {
  it("keeps neither the visitor's address nor its user agent in any table", async () => {
    const address = "203.0.113.199";
    const agent = `${BROWSER} NacreSonde/marqueur-9f3c`;
    const added = await counted(async () => {
      for (const path of [
        "/",
        "/catalogue",
        `/catalogue/produit/${pieces.forSale.slug}`,
        `/galerie/vendu/${pieces.sold.slug}`,
        "/agenda.data",
      ])
        expect(
          (await get(path, { "user-agent": agent, referer: "https://lien.example/x" }, address)).response
            .status,
        ).toBe(200);
    });
    expect(added["visitor "]).toBe(1);
    expect(added["page_view /"]).toBe(1);
    await queryDatabase(shop.dataDir, async (db) => {
      for (const table of await listTables(db)) {
        const rows = await db.all<Record<string, unknown>>(`select * from ${table}`);
        const text = JSON.stringify(rows, (_key, value) =>
          value && typeof value === "object" && value.type === "Buffer" && Array.isArray(value.data)
            ? Buffer.from(value.data).toString("latin1")
            : value,
        );
        expect(text, table).not.toContain(address);
        expect(text, table).not.toContain("marqueur-9f3c");
      }
    });
  });
});
