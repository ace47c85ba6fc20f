/**
 * The shop's HTTP rules that need no process of their own, a route test: the app in this process
 * over real HTTP, on a copy of the demo shop, on both back ends. Role guards and where they send
 * visitors and customers, sign-in and signup refusals in French, the French 404, image paths that
 * never leave the image store and the thumbs served from it, the contact form's errors, honeypot and
 * limit, the basket API's refusals and its no-JavaScript form posts, a signup that cannot choose its
 * role, the login limit, and a logout that a GET never triggers (concurrent additions to one cart
 * line: the basket module's test, on both back ends). What needs the built server (security headers of the cached home page, hashed assets,
 * the health check, the request log, two processes on one DATA_DIR) stays in
 * tests/integration/server.test.ts.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMER, queryDatabase, signIn } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let url: string;

beforeAll(async () => {
  shop = await startTestShop("http");
  url = shop.url;
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

describe("HTTP contract", () => {
  it("sends anonymous visitors of protected pages to /auth", async () => {
    for (const page of ["/mon-compte", "/admin", "/admin/utilisateurs"]) {
      const response = await fetch(`${url}${page}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(page)}`);
    }
  });

  it("signs in through the form, then applies the role guards", async () => {
    const login = await fetch(`${url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      body: new URLSearchParams({
        intent: "login",
        email: "cliente@nacre.test",
        password: "Cliente-Nacre-2026",
      }),
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/mon-compte");
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("nacre.session_token=");
    const asCustomer = (page: string) => fetch(`${url}${page}`, { redirect: "manual", headers: { cookie } });
    expect((await asCustomer("/mon-compte")).status).toBe(200);
    const admin = await asCustomer("/admin");
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toBe("/mon-compte?acces=refuse");
    const auth = await asCustomer("/auth");
    expect(auth.headers.get("location")).toBe("/mon-compte");

    const cart = (body: unknown, contentType = "application/json") =>
      fetch(`${url}/api/panier`, {
        method: "POST",
        headers: { cookie, origin: url, "content-type": contentType },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    for (const bad of [
      { intent: "voler", productId: "x" },
      { intent: "change", productId: "x", delta: "NaN" },
      "{pas du json",
    ]) {
      const response = await cart(bad);
      expect(response.status).toBe(400);
      expect((await response.json()).ok).toBe(false);
    }
    const unknown = await cart({ intent: "add", productId: "inexistant" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ok: false, error: "Cette création n'existe plus." });
  });

  it("refuses a signup whose passwords differ, also without JavaScript (docs/product.md §5)", async () => {
    const response = await fetch(`${url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      body: new URLSearchParams({
        intent: "signup",
        email: "differents@exemple.fr",
        password: "Perle-noire-2026",
        passwordConfirm: "Perle-blanche-2026",
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Les mots de passe ne correspondent pas.");
  });

  it("refuses wrong credentials with the spec's message and a 401", async () => {
    const response = await fetch(`${url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      body: new URLSearchParams({ intent: "login", email: "cliente@nacre.test", password: "faux" }),
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Erreur de connexion. Vérifiez vos identifiants.");
  });

  it("answers unknown pages with a French 404", async () => {
    const response = await fetch(`${url}/nulle-part`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Cette page s&#x27;est perdue en mer");
  });

  it("never serves a file outside the image store", async () => {
    for (const attempt of [
      "/images/products/..%2F..%2Fnacre.sqlite",
      "/images/../nacre.sqlite",
      "/images/x/y.webp",
    ]) {
      const response = await fetch(`${url}${attempt}`);
      expect(response.status).toBe(404);
    }
    expect((await fetch(`${url}/images/products/aaaaaaaaaaaaaaa.webp?w=13`)).status).toBe(400);
  });

  it("serves a seeded product image as a 100x100 thumb with nosniff", async () => {
    const { file_name } = (await queryDatabase(shop.dataDir, (db) =>
      db.get("select file_name from product_images limit 1"),
    )) as { file_name: string };
    const response = await fetch(`${url}/images/products/${file_name}?w=thumb`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // A product picture can be deleted: revalidated, never kept for a year (ADR 010).
    expect(response.headers.get("cache-control")).toBe("public, max-age=600, must-revalidate");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'; sandbox");
    const sharp = (await import("sharp")).default;
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 100, height: 100, format: "webp" });
    const avif = await fetch(`${url}/images/products/${file_name}?w=400`, {
      headers: { accept: "image/avif,image/webp" },
    });
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toContain("Accept");
  });

  it("contact form: 400 with French field errors, silent honeypot, 429 past the limit — never a 500", async () => {
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${url}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: url, ...headers },
        body: new URLSearchParams(fields),
      });
    const missing = await post({ "form-name": "contact", name: "", email: "pas-un-email", message: "" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Veuillez indiquer votre nom.");
    expect(html).toContain("Cette adresse email n&#x27;est pas valide.");

    const countMessages = async () =>
      (
        (await queryDatabase(shop.dataDir, (db) => db.get("select count(*) as n from contact_messages"))) as {
          n: number;
        }
      ).n;
    const before = await countMessages();
    const bot = await post({
      "form-name": "contact",
      name: "Bot",
      email: "bot@exemple.fr",
      message: "Promo",
      site_web: "http://spam",
    });
    expect(bot.status).toBe(200);
    expect(await countMessages()).toBe(before);

    const valid = { "form-name": "contact", name: "Moana", email: "moana@exemple.fr", message: "Bonjour !" };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(valid)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await countMessages()).toBe(before + 5);
    expect(await (await post(valid)).text()).toContain(
      "Vous avez envoyé plusieurs messages en peu de temps.",
    );
  });

  it("basket API: 403 for another site's origin", async () => {
    // A guest has a basket too (ADR 032, tests/routes/basket-api.test.ts): only the origin is refused.
    const forged = await fetch(`${url}/api/panier`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://pirate.example" },
      body: JSON.stringify({ intent: "add", productId: "abc" }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe("Requête refusée : origine non autorisée.");
  });

  it("signup ignores role and verification, and a customer only ever changes their own profile and review", async () => {
    const form = (fields: Record<string, string>, cookie = "") =>
      fetch(`${url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: url, cookie },
        body: new URLSearchParams(fields),
      });
    const signup = async (email: string) => {
      const response = await form({
        intent: "signup",
        name: "Test",
        email,
        password: "Motdepasse-2026",
        passwordConfirm: "Motdepasse-2026",
        role: "admin",
        emailVerified: "true",
        verified: "true",
      });
      expect(response.status).toBe(302);
      return response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    };
    const a = await signup("a-isolation@exemple.fr");
    await signup("b-isolation@exemple.fr");
    const direct = await fetch(`${url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({
        email: "c-isolation@exemple.fr",
        password: "Motdepasse-2026",
        name: "C",
        role: "admin",
        emailVerified: true,
      }),
    });
    expect(direct.status).toBeLessThan(500);

    const users = () =>
      queryDatabase(shop.dataDir, (db) =>
        db.all<{ id: string; email: string; role: string; email_verified: number; name: string }>(
          "select id, email, role, email_verified, name from users where email like '%-isolation@exemple.fr' order by email",
        ),
      );
    for (const row of await users()) expect(row).toMatchObject({ role: "user", email_verified: 0 });
    const b = (await users()).find((row) => row.email.startsWith("b-")) as { id: string };

    const account = (fields: Record<string, string>) =>
      fetch(`${url}/mon-compte`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: url, cookie: a },
        body: new URLSearchParams(fields),
      });
    const profile = await account({
      intent: "profile",
      username: "a-isolation",
      name: "Nom de A",
      phoneNumber: "",
      postalCode: "",
      id: b.id,
      userId: b.id,
      email: "vole@exemple.fr",
    });
    expect(profile.status).toBe(200);
    const review = await account({
      intent: "review",
      rating: "5",
      comment: "Très beau",
      user_id: b.id,
      userId: b.id,
      is_approved: "1",
    });
    expect(review.status).toBe(200);

    const after = await users();
    expect(after.find((row) => row.email.startsWith("a-"))?.name).toBe("Nom de A");
    expect(after.find((row) => row.email.startsWith("b-"))?.name).toBe("Test");
    expect(after.some((row) => row.email === "vole@exemple.fr")).toBe(false);
    const reviews = await queryDatabase(shop.dataDir, (db) =>
      db.all(
        "select u.email, r.is_approved from reviews r join users u on u.id = r.user_id where u.email like '%-isolation@exemple.fr'",
      ),
    );
    expect(reviews).toEqual([{ email: "a-isolation@exemple.fr", is_approved: 0 }]);
  });

  it("a basket button posted as a plain form goes back to the page with a toast; a fetch keeps JSON", async () => {
    await queryDatabase(shop.dataDir, (db) =>
      db.run(
        "insert into products (id, slug, name, description, price_cents, stock, is_unique, is_sold) values ('sansjs', 'sans-js', 'Perle sans script', '', 900, 3, 0, 0)",
      ),
    );
    const cookie = await signIn(url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    // node:http, since fetch() always says it is a script's request (Sec-Fetch-Mode: cors).
    const navigate = (target: string, fields: Record<string, string>, referer?: string) =>
      new Promise<{ status: number; location?: string; cookie: string; text: string }>((resolve, reject) => {
        const body = new URLSearchParams(fields).toString();
        const request = http.request(`${url}${target}`, {
          method: "POST",
          headers: {
            cookie,
            origin: url,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
            accept: "text/html",
            "sec-fetch-mode": "navigate",
            ...(referer ? { referer } : {}),
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
              cookie: String(response.headers["set-cookie"] ?? ""),
              text,
            }),
          );
        });
        request.on("error", reject);
        request.end(body);
      });
    const fromCatalogue = await navigate(
      "/api/panier",
      { intent: "add", productId: "sansjs" },
      `${url}/catalogue?tri=prix`,
    );
    expect(fromCatalogue.status).toBe(303);
    expect(fromCatalogue.location).toBe("/catalogue?tri=prix");
    expect(fromCatalogue.cookie).toContain(
      `nacre_flash=${encodeURIComponent("Création ajoutée au panier.")}`,
    );
    // Another site's page is never where a form post leads: the piece's own page instead.
    const foreign = await navigate(
      "/api/panier",
      { intent: "favorite", productId: "sansjs" },
      "https://pirate.example/x",
    );
    expect(foreign.status).toBe(303);
    expect(foreign.location).toBe("/catalogue/produit/sans-js");
    expect(foreign.cookie).toContain(encodeURIComponent("Création ajoutée aux favoris."));
    // A hostile form body is still refused in French, not redirected.
    const forged = await navigate("/api/panier", { intent: "add", productId: "../../x" });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.text)).toEqual({ ok: false, error: "Création inconnue." });
    const fetched = await fetch(`${url}/api/panier`, {
      method: "POST",
      headers: { cookie, origin: url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", productId: "sansjs" }),
    });
    expect(fetched.status).toBe(200);
    const body = (await fetched.json()) as { cart: { productId: string; quantity: number }[] };
    expect(body.cart.find((line) => line.productId === "sansjs")?.quantity).toBe(2);
  });

  // Last of this server's tests: it exhausts the login limit of the test's address for a minute.

  it("never logs out by GET", async () => {
    const response = await fetch(`${url}/deconnexion`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  // Last of this shop's tests: it exhausts the login limit of the test's address for a minute.
  it("limits login attempts and says so in French", async () => {
    const attempt = () =>
      fetch(`${url}/auth`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
        body: new URLSearchParams({ intent: "login", email: "cliente@nacre.test", password: "mauvais" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt()).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(await (await attempt()).text()).toContain(
      "Trop de tentatives. Patientez quelques minutes avant de réessayer.",
    );
  });
});
