/**
 * One server basket for every visitor (ADR 032, docs/product.md §10.2), a route test over real
 * HTTP: /api/panier for a guest (the `nacre_panier` cookie made on the first write, with its
 * attributes; never on a read; a forged or another guest's cookie names no one else's basket), a
 * plain form post without JavaScript, the import of an old local-storage basket, the limits (new
 * baskets per address, body size, malformed input, another site's request), the merge at sign-in
 * and sign-up through /auth, and an order from a guest's server cart.
 */
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let nextAddress = 1;
const newAddress = () => `10.77.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

interface Answer {
  status: number;
  location: string | undefined;
  cookies: string[];
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => { ok?: boolean; error?: string; cart: Line[]; favorites: Line[] };
}
interface Line {
  productId: string;
  quantity?: number;
  availability: string;
}

/**
 * A request as a browser sends it (node:http: fetch() always says it is a script's request). A
 * `navigate` post is a plain form without JavaScript.
 */
function send(
  method: "GET" | "POST",
  target: string,
  options: {
    cookie?: string;
    json?: unknown;
    form?: Record<string, string>;
    raw?: { type: string; body: string };
    navigate?: boolean;
    referer?: string;
    origin?: string;
    address?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const body =
    options.json !== undefined
      ? JSON.stringify(options.json)
      : options.form
        ? new URLSearchParams(options.form).toString()
        : (options.raw?.body ?? "");
  const type =
    options.json !== undefined
      ? "application/json"
      : options.form
        ? "application/x-www-form-urlencoded"
        : options.raw?.type;
  return new Promise((resolve, reject) => {
    const request = http.request(`${shop.url}${target}`, {
      method,
      headers: {
        "x-forwarded-for": options.address ?? newAddress(),
        ...(method === "POST"
          ? { origin: options.origin ?? shop.url, "content-length": Buffer.byteLength(body) }
          : {}),
        ...(type ? { "content-type": type } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.navigate
          ? { accept: "text/html", "sec-fetch-mode": "navigate" }
          : { accept: "application/json", "sec-fetch-mode": "cors" }),
        ...(options.referer ? { referer: options.referer } : {}),
        ...options.headers,
      },
    });
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          cookies: response.headers["set-cookie"] ?? [],
          headers: response.headers,
          text,
          json: () => JSON.parse(text),
        }),
      );
    });
    request.on("error", reject);
    request.end(method === "POST" ? body : undefined);
  });
}

const post = (options: Parameters<typeof send>[2]) => send("POST", "/api/panier", options);

/** The guest cookie an answer sets, as the next request's Cookie header, or null. */
function guestCookie(answer: Answer): string | null {
  const set = answer.cookies.find((cookie) => cookie.startsWith("nacre_panier="));
  return set ? (set.split(";")[0] as string) : null;
}

const guestBasketCount = async () =>
  Number(
    (
      await shop.ctx.db
        .selectFrom("guest_baskets")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

let piece: (id: string, stock?: number, extra?: { is_sold?: 0 | 1; is_unique?: 0 | 1 }) => Promise<string>;

beforeAll(async () => {
  shop = await startTestShop("panier-invite", { TRUST_PROXY: "1" });
  piece = async (id, stock = 5, extra = {}) => {
    await shop.ctx.db
      .insertInto("products")
      .values({
        id,
        slug: `piece-${id}`,
        name: `Pièce ${id}`,
        price_cents: 2500,
        stock,
        is_unique: 0,
        is_sold: 0,
        ...extra,
      })
      .execute();
    return id;
  };
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

describe("a guest's basket on the server", () => {
  it("the first add makes the basket and sets an httpOnly cookie of 30 days; the database keeps only its SHA-256", async () => {
    const id = await piece("premier");
    const before = await guestBasketCount();
    const answer = await post({ json: { intent: "add", productId: id } });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ ok: true, cart: [{ productId: id, quantity: 1 }], favorites: [] });
    const set = answer.cookies.find((cookie) => cookie.startsWith("nacre_panier=")) ?? "";
    expect(set).toMatch(/^nacre_panier=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(await guestBasketCount()).toBe(before + 1);
    const token = (guestCookie(answer) ?? "").slice("nacre_panier=".length);
    const rows = await shop.ctx.db.selectFrom("guest_baskets").select("token_hash").execute();
    expect(rows.map((row) => row.token_hash)).toContain(
      crypto.createHash("sha256").update(token).digest("hex"),
    );
    expect(rows.map((row) => row.token_hash)).not.toContain(token);

    // Every change sends it again: its 30 days count from the last one.
    const again = await post({
      cookie: guestCookie(answer) ?? "",
      json: { intent: "favorite", productId: id },
    });
    expect(again.json()).toMatchObject({
      ok: true,
      cart: [{ productId: id }],
      favorites: [{ productId: id }],
    });
    expect(guestCookie(again)).toBe(guestCookie(answer));
    expect(await guestBasketCount()).toBe(before + 1);
  });

  it("is Secure when the visitor is on https (the proxy says so)", async () => {
    const id = await piece("securise");
    const answer = await post({
      json: { intent: "add", productId: id },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(answer.status).toBe(200);
    expect(answer.cookies.find((cookie) => cookie.startsWith("nacre_panier="))).toMatch(/; Secure$/);
  });

  it("a read makes nothing and never sets a cookie; a guest without a basket reads empty lists", async () => {
    const before = await guestBasketCount();
    const empty = await send("GET", "/api/panier");
    expect(empty.status).toBe(200);
    expect(empty.json()).toEqual({ ok: true, cart: [], favorites: [] });
    expect(empty.cookies).toEqual([]);
    for (const path of ["/", "/catalogue", "/contact?commande=panier"])
      expect((await send("GET", path)).cookies.some((c) => c.startsWith("nacre_panier="))).toBe(false);
    // Removing or changing a line of no basket makes none either.
    expect((await post({ json: { intent: "remove", productId: "premier" } })).json()).toEqual({
      ok: true,
      cart: [],
      favorites: [],
    });
    expect((await post({ json: { intent: "change", productId: "premier", delta: 1 } })).status).toBe(404);
    expect((await post({ json: { intent: "add", productId: "inexistante" } })).status).toBe(404);
    expect(await guestBasketCount()).toBe(before);

    const id = await piece("lue");
    const cookie = guestCookie(await post({ json: { intent: "add", productId: id } })) ?? "";
    const read = await send("GET", "/api/panier", { cookie });
    expect(read.json()).toMatchObject({ ok: true, cart: [{ productId: id, quantity: 1 }], favorites: [] });
    expect(read.cookies).toEqual([]);
  });

  it("a forged cookie, or the hash a database copy shows, names no basket; each guest sees only their own", async () => {
    const mine = await piece("mienne");
    const theirs = await piece("sienne");
    const first = guestCookie(await post({ json: { intent: "add", productId: mine } })) ?? "";
    const second = guestCookie(await post({ json: { intent: "favorite", productId: theirs } })) ?? "";
    expect(first).not.toBe(second);
    expect((await send("GET", "/api/panier", { cookie: first })).json()).toMatchObject({
      cart: [{ productId: mine }],
      favorites: [],
    });
    expect((await send("GET", "/api/panier", { cookie: second })).json()).toMatchObject({
      cart: [],
      favorites: [{ productId: theirs }],
    });
    // The second guest's changes never reach the first's lines.
    await post({ cookie: second, json: { intent: "remove", productId: mine } });
    await post({ cookie: second, json: { intent: "change", productId: mine, delta: -1 } });
    expect((await send("GET", "/api/panier", { cookie: first })).json().cart).toHaveLength(1);

    const stored = await shop.ctx.db
      .selectFrom("guest_baskets")
      .select("token_hash")
      .executeTakeFirstOrThrow();
    const forged = [
      `nacre_panier=${crypto.randomBytes(32).toString("base64url")}`,
      `nacre_panier=${stored.token_hash}`,
      "nacre_panier=../../etc",
    ];
    for (const cookie of forged) {
      expect((await send("GET", "/api/panier", { cookie })).json()).toEqual({
        ok: true,
        cart: [],
        favorites: [],
      });
      // A write with it gets a new, empty basket of its own, under a new cookie.
      const written = await post({ cookie, json: { intent: "favorite", productId: mine } });
      expect(written.json()).toMatchObject({ cart: [], favorites: [{ productId: mine }] });
      expect(guestCookie(written)).not.toBe(cookie);
      expect([first, second]).not.toContain(guestCookie(written));
    }
  });

  it("a basket left more than 30 days is no one's, even before the daily purge", async () => {
    const id = await piece("ancienne");
    const cookie = guestCookie(await post({ json: { intent: "add", productId: id } })) ?? "";
    const token = cookie.slice("nacre_panier=".length);
    await shop.ctx.db
      .updateTable("guest_baskets")
      .set({ updated_at: new Date(Date.now() - 31 * 24 * 60 * 60_000).toISOString() })
      .where("token_hash", "=", crypto.createHash("sha256").update(token).digest("hex"))
      .execute();
    expect((await send("GET", "/api/panier", { cookie })).json()).toEqual({
      ok: true,
      cart: [],
      favorites: [],
    });
  });

  it("a plain form post goes back to its page with a toast, and sets the cookie there too", async () => {
    const id = await piece("sansscript");
    const answer = await post({
      form: { intent: "add", productId: id },
      navigate: true,
      referer: `${shop.url}/catalogue?tri=prix`,
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/catalogue?tri=prix");
    expect(answer.cookies.join("\n")).toContain(
      `nacre_flash=${encodeURIComponent("Création ajoutée au panier.")}`,
    );
    const cookie = guestCookie(answer) ?? "";
    expect(cookie).toMatch(/^nacre_panier=/);
    const favourite = await post({ cookie, form: { intent: "favorite", productId: id }, navigate: true });
    expect(favourite.status).toBe(303);
    expect(favourite.location).toBe(`/catalogue/produit/piece-${id}`);
    expect(favourite.cookies.join("\n")).toContain(encodeURIComponent("Création ajoutée aux favoris."));
    const unfavourite = await post({ cookie, form: { intent: "unfavorite", productId: id }, navigate: true });
    expect(unfavourite.cookies.join("\n")).toContain(encodeURIComponent("Création retirée des favoris."));
    expect((await send("GET", "/api/panier", { cookie })).json()).toMatchObject({
      cart: [{ productId: id, quantity: 1 }],
      favorites: [],
    });
  });

  it("answers a refused change in French with 404 or 409, the lists unchanged", async () => {
    const id = await piece("seule", 1);
    const cookie = guestCookie(await post({ json: { intent: "add", productId: id } })) ?? "";
    const more = await post({ cookie, json: { intent: "add", productId: id } });
    expect(more.status).toBe(409);
    expect(more.json()).toEqual({
      ok: false,
      error: "Cette création n'est plus disponible dans cette quantité.",
    });
    const sold = await piece("vendue", 1, { is_sold: 1 });
    expect((await post({ cookie, json: { intent: "add", productId: sold } })).json()).toEqual({
      ok: false,
      error: "Cette création a déjà été vendue.",
    });
    expect((await post({ cookie, json: { intent: "favorite", productId: "inconnue" } })).status).toBe(404);
    expect((await send("GET", "/api/panier", { cookie })).json().cart).toMatchObject([
      { productId: id, quantity: 1 },
    ]);
  });
});

describe("importing a guest's old local-storage basket", () => {
  it("merges with the merge rules into a new basket: quantities within the stock, unknown and sold pieces dropped", async () => {
    const three = await piece("importtrois", 3);
    const sold = await piece("importvendue", 1, { is_sold: 1 });
    const answer = await post({
      json: {
        intent: "import",
        cart: [
          { productId: three, quantity: 5 },
          { productId: sold, quantity: 1 },
          { productId: "inconnue", quantity: 1 },
        ],
        favorites: [three, "inconnue", three],
      },
    });
    expect(answer.status).toBe(200);
    expect(guestCookie(answer)).toMatch(/^nacre_panier=/);
    const body = answer.json();
    expect(body.cart.map((line) => [line.productId, line.quantity])).toEqual([[three, 3]]);
    expect(body.favorites.map((line) => line.productId)).toEqual([three]);
    // Sent twice, it never duplicates a line.
    const again = await post({
      cookie: guestCookie(answer) ?? "",
      json: { intent: "import", cart: [{ productId: three, quantity: 1 }], favorites: [three] },
    });
    expect(again.json().cart.map((line) => [line.productId, line.quantity])).toEqual([[three, 3]]);
    expect(again.json().favorites).toHaveLength(1);
  });

  it("an empty import makes no basket and sets no cookie", async () => {
    const before = await guestBasketCount();
    const answer = await post({ json: { intent: "import", cart: [], favorites: [] } });
    expect(answer.json()).toEqual({ ok: true, cart: [], favorites: [] });
    expect(guestCookie(answer)).toBeNull();
    expect(await guestBasketCount()).toBe(before);
  });

  it("refuses more than 200 lines, 500 favourites or a quantity out of 1..99, in French, writing nothing", async () => {
    const before = await guestBasketCount();
    const line = { productId: "premier", quantity: 1 };
    const refusals = [
      { cart: Array.from({ length: 201 }, () => line), favorites: [] },
      { cart: [], favorites: Array.from({ length: 501 }, () => "premier") },
      { cart: [{ productId: "premier", quantity: 0 }], favorites: [] },
      { cart: [{ productId: "premier", quantity: 100 }], favorites: [] },
      { cart: "tout", favorites: [] },
    ];
    const answers = [];
    for (const refused of refusals) answers.push(await post({ json: { intent: "import", ...refused } }));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[0]?.json().error).toBe("Panier refusé : 200 lignes au maximum.");
    expect(answers[1]?.json().error).toBe("Favoris refusés : 500 au maximum.");
    expect(answers.every((answer) => guestCookie(answer) === null)).toBe(true);
    expect(await guestBasketCount()).toBe(before);
  });
});

describe("bad requests", () => {
  it("malformed bodies get a French 400, a huge one a 413, another site's a 403; nothing is made", async () => {
    const before = await guestBasketCount();
    const malformed = [
      { raw: { type: "application/json", body: "{pas du json" } },
      { json: { intent: "vider", productId: "premier" } },
      { json: { intent: "add", productId: "../../x" } },
      { json: { intent: "change", productId: "premier", delta: "beaucoup" } },
      { json: ["add", "premier"] },
    ];
    for (const body of malformed) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.json().ok).toBe(false);
      expect(answer.json().error).toMatch(/\S/);
    }
    const huge = await post({
      json: { intent: "import", cart: [], favorites: Array.from({ length: 120_000 }, () => "premier") },
    });
    expect(huge.status).toBe(413);
    expect(huge.text).toContain("Requête trop volumineuse");
    const foreign = await post({
      json: { intent: "add", productId: "premier" },
      origin: "https://pirate.example",
    });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toBe("Requête refusée : origine non autorisée.");
    expect(await guestBasketCount()).toBe(before);
  });

  it("one address makes at most 30 guest baskets an hour (French 429); its baskets and other addresses still work", async () => {
    const id = await piece("limite", 99);
    const address = "10.99.0.1";
    const statuses: number[] = [];
    let kept = "";
    for (let i = 0; i < 31; i++) {
      const answer = await post({ json: { intent: "add", productId: id }, address });
      statuses.push(answer.status);
      if (i === 0) kept = guestCookie(answer) ?? "";
      if (answer.status === 429) {
        expect(answer.json()).toEqual({
          ok: false,
          error: "Trop de paniers créés depuis cette adresse, réessayez plus tard.",
        });
        expect(guestCookie(answer)).toBeNull();
      }
    }
    expect(statuses).toEqual([...Array.from({ length: 30 }, () => 200), 429]);
    // Without JavaScript, the refusal is the page's toast.
    const plain = await post({ form: { intent: "add", productId: id }, address, navigate: true });
    expect(plain.status).toBe(303);
    expect(plain.cookies.join("\n")).toContain(
      encodeURIComponent("Trop de paniers créés depuis cette adresse, réessayez plus tard."),
    );
    expect(guestCookie(plain)).toBeNull();
    expect((await post({ cookie: kept, json: { intent: "add", productId: id }, address })).status).toBe(200);
    expect((await post({ json: { intent: "add", productId: id }, address: "10.99.0.2" })).status).toBe(200);
  });
});

describe("signing in or up takes the guest basket into the account", () => {
  const authForm = (cookie: string, fields: Record<string, string>) =>
    send("POST", "/auth", { cookie, form: fields, navigate: true });

  async function accountLists(email: string) {
    const user = await shop.ctx.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const cart = await shop.ctx.db
      .selectFrom("cart_items")
      .select(["product_id", "quantity"])
      .where("user_id", "=", user.id)
      .orderBy("product_id")
      .execute();
    const favorites = await shop.ctx.db
      .selectFrom("user_favorites")
      .select("product_id")
      .where("user_id", "=", user.id)
      .execute();
    return { cart, favorites: favorites.map((row) => row.product_id) };
  }

  async function guestWith(cart: string[], favorites: string[]) {
    let cookie = "";
    for (const id of cart)
      cookie = guestCookie(await post({ cookie, json: { intent: "add", productId: id } })) ?? cookie;
    for (const id of favorites)
      cookie = guestCookie(await post({ cookie, json: { intent: "favorite", productId: id } })) ?? cookie;
    const token = cookie.slice("nacre_panier=".length);
    const hash = crypto.createHash("sha256").update(token).digest("hex");
    return { cookie, hash };
  }

  const basketGone = async (hash: string) =>
    (await shop.ctx.db.selectFrom("guest_baskets").select("id").where("token_hash", "=", hash).execute())
      .length === 0;

  it("at sign-up: the lines join the new account, the guest basket is deleted and its cookie cleared", async () => {
    const id = await piece("inscription");
    const { cookie, hash } = await guestWith([id, id], [id]);
    const email = "invitee-inscrite@exemple.fr";
    const answer = await authForm(cookie, {
      intent: "signup",
      name: "Invitée",
      email,
      password: "Motdepasse-2026",
      passwordConfirm: "Motdepasse-2026",
    });
    expect(answer.status).toBe(302);
    expect(answer.cookies).toContainEqual(
      expect.stringMatching(/^nacre_panier=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/),
    );
    expect(await accountLists(email)).toEqual({ cart: [{ product_id: id, quantity: 2 }], favorites: [id] });
    expect(await basketGone(hash)).toBe(true);
  });

  it("at sign-in: combined with what the account holds, within the stock; the same cookie later brings nothing", async () => {
    const id = await piece("connexion", 3);
    const email = "cliente-connexion@exemple.fr";
    await authForm("", {
      intent: "signup",
      name: "Cliente",
      email,
      password: "Motdepasse-2026",
      passwordConfirm: "Motdepasse-2026",
    });
    const user = await shop.ctx.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await shop.ctx.db
      .insertInto("cart_items")
      .values({ id: "ligneexistante", user_id: user.id, product_id: id, quantity: 2 })
      .execute();
    const { cookie, hash } = await guestWith([id, id], []);
    const answer = await authForm(cookie, { intent: "login", email, password: "Motdepasse-2026" });
    expect(answer.status).toBe(302);
    expect(answer.cookies.some((c) => /^nacre\.session_token=[^;]/.test(c))).toBe(true);
    expect(answer.cookies).toContainEqual(expect.stringMatching(/^nacre_panier=; Path=\/; Max-Age=0;/));
    expect((await accountLists(email)).cart).toEqual([{ product_id: id, quantity: 3 }]);
    expect(await basketGone(hash)).toBe(true);
    // The account's lists, read with the session: a reader's own, never kept by a cache.
    const session = answer.cookies.find((c) => c.startsWith("nacre.session_token="))?.split(";")[0] ?? "";
    const read = await send("GET", "/api/panier", { cookie: `${cookie}; ${session}` });
    expect(read.status).toBe(200);
    expect(read.headers["cache-control"]).toBe("private, no-store");
    expect(read.json()).toMatchObject({ ok: true, cart: [{ productId: id, quantity: 3 }], favorites: [] });
    const twice = await authForm(cookie, { intent: "login", email, password: "Motdepasse-2026" });
    expect(twice.status).toBe(302);
    expect((await accountLists(email)).cart).toEqual([{ product_id: id, quantity: 3 }]);
  });

  it("a failed sign-in keeps the guest basket and its cookie", async () => {
    const id = await piece("echec");
    const { cookie, hash } = await guestWith([id], []);
    const answer = await authForm(cookie, {
      intent: "login",
      email: "personne@exemple.fr",
      password: "Mauvais-2026",
    });
    expect(answer.status).toBe(401);
    expect(answer.cookies.some((c) => c.startsWith("nacre_panier="))).toBe(false);
    expect(await basketGone(hash)).toBe(false);
  });
});

describe("ordering from a guest's server cart", () => {
  it("the order form shows the guest's lines without JavaScript, and the ordered pieces leave the cart", async () => {
    const ordered = await piece("commandee");
    const kept = await piece("gardee");
    let cookie = guestCookie(await post({ json: { intent: "add", productId: ordered } })) ?? "";
    cookie = guestCookie(await post({ cookie, json: { intent: "add", productId: kept } })) ?? cookie;
    const page = await send("GET", "/contact?commande=panier", { cookie, navigate: true });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`name="quantite.${ordered}"`);
    expect(page.text).toContain(`name="quantite.${kept}"`);
    // Another visitor's form shows none of them.
    const stranger = await send("GET", "/contact?commande=panier", { navigate: true });
    expect(stranger.text).not.toContain(`name="quantite.${ordered}"`);

    const placed = await send("POST", "/contact?commande=panier", {
      cookie,
      navigate: true,
      form: {
        "form-name": "commande",
        site_web: "",
        name: "Invitée Commande",
        email: "invitee-commande@exemple.fr",
        phone: "06 11 22 33 44",
        delivery: "main_propre",
        zone: "france",
        addressLine: "",
        postalCode: "",
        city: "",
        eventId: "",
        message: "",
        [`quantite.${ordered}`]: "1",
      },
    });
    expect(placed.status, placed.text.slice(0, 300)).toBe(303);
    expect(placed.location).toMatch(/^\/commande\/[A-Za-z0-9_-]{43}\?nouvelle$/);
    expect((await send("GET", "/api/panier", { cookie })).json().cart.map((line) => line.productId)).toEqual([
      kept,
    ]);
  });
});
