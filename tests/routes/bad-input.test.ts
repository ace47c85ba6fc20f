/**
 * Bad input (docs/product.md §10.1), a route test (the app in this process, over real HTTP), on
 * both back ends: every mutation receives malformed and hostile payloads — wrong types, missing and
 * extra fields, huge strings, unicode tricks, negative and NaN numbers, forged ids, wrong content
 * types, oversize and unannounced bodies — from the role that may call it. Each answer must be a
 * 4xx in French, never a 5xx, and the database must be byte-for-byte unchanged.
 */
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, listTables, queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let server: TestShop;
let customer: string;
let admin: string;

/**
 * A digest of every row of every table: equal digests, unchanged database. Each table's rows are
 * taken in the order of their whole content (a table has no row order of its own on PostgreSQL).
 */
function snapshot(): Promise<string> {
  return queryDatabase(server.dataDir, async (db) => {
    // Rate-limit counters (docs/security.md) count every request, refused ones too: not data.
    const tables = (await listTables(db)).filter(
      (name) => !["rate_limits", "auth_rate_limits"].includes(name),
    );
    // A digest of nothing would prove nothing: the shop's own tables are in it, on either back end.
    expect(tables).toEqual(
      expect.arrayContaining(["users", "sessions", "products", "chat_messages", "reviews"]),
    );
    const hash = crypto.createHash("sha256");
    for (const table of tables) {
      hash.update(table);
      // The outbox worker delivers earlier tests' mails meanwhile (ADR 025): a mail recorded counts,
      // its delivery state does not.
      const columns = table === "mail_outbox" ? "id, kind, recipient, subject, created_at" : "*";
      const rows = (await db.all(`select ${columns} from "${table}"`)).map((row) =>
        JSON.stringify(Object.values(row)),
      );
      for (const row of rows.sort()) hash.update(row);
    }
    return hash.digest("hex");
  });
}

const HUGE = "🐚".repeat(200_000); // 800 KB of four-byte characters
const TRICKS = [
  "\u202Eelcin",
  "\u0000nul",
  "e\u0301\u0301\u0301",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
];

type Payload = { label: string; type: string; body: string };
const json = (label: string, value: unknown): Payload => ({
  label,
  type: "application/json",
  body: JSON.stringify(value),
});
const form = (label: string, fields: Record<string, string>): Payload => ({
  label,
  type: "application/x-www-form-urlencoded",
  body: new URLSearchParams(fields).toString(),
});

/** Payloads every endpoint must refuse, whatever it does. */
function hostile(fields: Record<string, string>): Payload[] {
  const withEach = (value: string) => Object.fromEntries(Object.keys(fields).map((key) => [key, value]));
  return [
    { label: "empty body", type: "application/x-www-form-urlencoded", body: "" },
    { label: "broken JSON", type: "application/json", body: '{"intent":' },
    json("JSON array", [fields]),
    json("JSON null", null),
    json("wrong types", Object.fromEntries(Object.keys(fields).map((key) => [key, { $ne: 1 }]))),
    json("numbers everywhere", Object.fromEntries(Object.keys(fields).map((key) => [key, Number.NaN]))),
    { label: "text/plain", type: "text/plain", body: new URLSearchParams(fields).toString() },
    form("huge strings", withEach(HUGE.slice(0, 100_000))),
    ...TRICKS.map((trick) => form(`trick ${JSON.stringify(trick).slice(0, 20)}`, withEach(trick))),
    form("negative numbers", withEach("-1e308")),
    form("NaN", withEach("NaN")),
  ];
}

async function send(path: string, cookie: string, payload: Payload) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: server.url, "content-type": payload.type },
    body: payload.body,
  });
  return { status: response.status, text: await response.text() };
}

/**
 * Each mutation, the role that may call it, and a valid payload's field names. The dashboard pages'
 * commands are posted with the `.data` suffix, as their fetchers post them (ADR 013): the answer is
 * the action's own, not the page drawn around it.
 */
const ENDPOINTS: { path: string; role: "anonyme" | "cliente" | "admin"; fields: Record<string, string> }[] = [
  { path: "/contact", role: "anonyme", fields: { "form-name": "contact", name: "", email: "", message: "" } },
  {
    path: "/contact?commande=panier",
    role: "anonyme",
    fields: { "form-name": "commande", "quantite.abc": "", name: "", email: "", delivery: "", message: "" },
  },
  { path: "/auth", role: "anonyme", fields: { intent: "", email: "", password: "", passwordConfirm: "" } },
  {
    path: "/reinitialiser-mot-de-passe",
    role: "anonyme",
    fields: { token: "", password: "", passwordConfirm: "" },
  },
  { path: "/mon-compte", role: "cliente", fields: { intent: "", username: "", rating: "", comment: "" } },
  { path: "/api/panier", role: "cliente", fields: { intent: "", productId: "", delta: "" } },
  // Every visitor's basket (ADR 032): a guest's malformed post is refused the same way.
  { path: "/api/panier", role: "anonyme", fields: { intent: "", productId: "", delta: "" } },
  { path: "/api/chat", role: "cliente", fields: { intent: "", chatId: "", content: "" } },
  {
    path: "/api/admin/produits",
    role: "admin",
    fields: { intent: "", id: "", name: "", price: "", stock: "" },
  },
  { path: "/admin/categories.data", role: "admin", fields: { intent: "", kind: "", id: "", name: "" } },
  { path: "/admin/filtres.data", role: "admin", fields: { intent: "", kind: "", id: "", name: "" } },
  { path: "/api/admin/evenements", role: "admin", fields: { intent: "", id: "", title: "", startDate: "" } },
  { path: "/admin/agenda.data", role: "admin", fields: { intent: "", id: "" } },
  { path: "/admin/produits.data", role: "admin", fields: { intent: "", id: "", sold: "" } },
  { path: "/admin/avis.data", role: "admin", fields: { intent: "", id: "" } },
  { path: "/admin/utilisateurs.data", role: "admin", fields: { intent: "", id: "", role: "", visible: "" } },
  {
    path: "/admin/parametres.data",
    role: "admin",
    fields: { shopName: "", phone: "", email: "", openingHours: "" },
  },
  { path: "/admin/contacts.data", role: "admin", fields: { intent: "", id: "" } },
  { path: "/admin/mon-compte", role: "admin", fields: { intent: "", username: "", name: "" } },
  {
    path: "/admin/commandes/commande-inconnue",
    role: "admin",
    fields: { intent: "", orderId: "", paymentUrl: "", trackingNumber: "", note: "" },
  },
  {
    path: "/admin/commandes/commande-inconnue.data",
    role: "admin",
    fields: { intent: "", orderId: "", paymentUrl: "", trackingNumber: "", note: "" },
  },
  {
    path: "/admin/parametres.data",
    role: "admin",
    fields: { intent: "", holdDays: "", notifyNewOrder: "", notifyChat: "" },
  },
];

/** Some of what a French answer says; none of what an English framework default would. */
function expectFrench(text: string, label: string) {
  expect(text, label).not.toMatch(/Unexpected Server Error|Invalid input|Bad Request|is required|expected/i);
  expect(text, label).not.toMatch(/at \w+ \(|SQLITE_|SqliteError|stack/);
}

beforeAll(async () => {
  server = await startTestShop("mauvaises-entrees", { SEED_DEMO: "0", TRUST_PROXY: "1" });
  customer = await signUp(server.url, "entrees@exemple.fr", "Entrées");
  admin = await signIn(server.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("hostile payloads on every mutation", () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.path}: a French 4xx for each, never a 5xx, the database unchanged`, async () => {
      const cookie = endpoint.role === "admin" ? admin : endpoint.role === "cliente" ? customer : "";
      const before = await snapshot();
      for (const payload of hostile(endpoint.fields)) {
        const { status, text } = await send(endpoint.path, cookie, payload);
        const label = `${endpoint.path} ← ${payload.label} (${status})`;
        expect(status, label).toBeGreaterThanOrEqual(400);
        expect(status, label).toBeLessThan(500);
        expectFrench(text, label);
      }
      expect(await snapshot(), `${endpoint.path} changed the database`).toBe(before);
    });
  }
});

describe("the order form", () => {
  /** The order form's fields, each given the same hostile value; the form's name kept. */
  const ORDER_FIELDS = {
    "quantite.abcdefghijklmno": "",
    name: "",
    email: "",
    phone: "",
    delivery: "",
    addressLine: "",
    postalCode: "",
    city: "",
    eventId: "",
    message: "",
  };
  const asOrder = (payload: Payload): Payload =>
    payload.type === "application/x-www-form-urlencoded"
      ? { ...payload, body: `${payload.body}&form-name=commande` }
      : payload;
  const order = (label: string, fields: Record<string, string>) =>
    form(label, {
      "form-name": "commande",
      name: "Ana",
      email: "ana@exemple.fr",
      phone: "",
      delivery: "main_propre",
      ...fields,
    });

  it("answers hostile orders with a French 4xx, never a 5xx, the database unchanged", async () => {
    const before = await snapshot();
    const manyLines = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`quantite.piece${String(i).padStart(3, "0")}`, "1"]),
    );
    const payloads = [
      ...hostile(ORDER_FIELDS).map(asOrder),
      ...["-1", "0x10", "1e3", "1.5", "NaN", "Infinity", "99999999999999999999", " 1 ", "１"].map(
        (quantity) => order(`quantity ${quantity}`, { "quantite.abcdefghijklmno": quantity }),
      ),
      order("forged id", { "quantite.' OR 1=1 --": "1" }),
      order("id too long", { [`quantite.${"a".repeat(41)}`]: "1" }),
      order("60 lines", manyLines),
      order("unknown piece", { "quantite.abcdefghijklmno": "1" }),
      order("event without an event", { "quantite.abcdefghijklmno": "1", delivery: "evenement" }),
      order("unknown event", { "quantite.abcdefghijklmno": "1", delivery: "evenement", eventId: "x" }),
      order("post without an address", { "quantite.abcdefghijklmno": "1", delivery: "envoi" }),
      order("unknown delivery", { "quantite.abcdefghijklmno": "1", delivery: "téléportation" }),
      order("huge message", { "quantite.abcdefghijklmno": "1", message: HUGE.slice(0, 100_000) }),
    ];
    for (const payload of payloads) {
      const { status, text } = await send("/contact?commande=panier", "", payload);
      const label = `commande ← ${payload.label} (${status})`;
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(status, label).toBeLessThan(500);
      expectFrench(text, label);
    }
    expect(await snapshot(), "the order form changed the database").toBe(before);
  });

  it("answers an unknown or forged order link with a French 404", async () => {
    for (const token of [
      "A".repeat(43),
      "' OR 1=1 --",
      "../../etc/passwd",
      HUGE.slice(0, 400),
      "\u202Eelcin",
    ]) {
      const response = await fetch(`${server.url}/commande/${encodeURIComponent(token)}`);
      const text = await response.text();
      expect(response.status, token.slice(0, 20)).toBe(404);
      expect(text).toContain("Cette commande est introuvable");
      expectFrench(text, token.slice(0, 20));
    }
  });
});

describe("oversize and unannounced bodies, duplicate submits", () => {
  it("refuses a form or JSON body over 1 MB before reading it", async () => {
    const before = await snapshot();
    const response = await send(
      "/api/chat",
      customer,
      json("huge JSON", { intent: "send", content: HUGE.repeat(2) }),
    );
    expect(response.status).toBe(413);
    expect(response.text).toBe("Requête trop volumineuse (1 Mo au maximum).");
    expect(await snapshot()).toBe(before);
  });

  it("refuses a body sent without its length (chunked), except where uploads are counted", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.url}/api/panier`, {
        method: "POST",
        headers: { cookie: customer, origin: server.url, "content-type": "application/json" },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.write('{"intent":"add",');
      request.end('"productId":"x"}');
    });
    expect(status).toBe(411);
  });

  it("answers a duplicate submit idempotently: one review, one message per send", async () => {
    const review = form("review", { intent: "review", rating: "5", comment: "Magnifique !" });
    const answers = await Promise.all([1, 2, 3].map(() => send("/mon-compte", customer, review)));
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    const reviews = await queryDatabase(server.dataDir, (db) =>
      db.get(
        "select count(*) as n from reviews r join users u on u.id = r.user_id where u.email = ?",
        "entrees@exemple.fr",
      ),
    );
    expect(reviews).toEqual({ n: 1 });
  });
});

describe("rate limits on signup and password reset", () => {
  const from = (address: string, fields: Record<string, string>) =>
    fetch(`${server.url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": address,
      },
      body: new URLSearchParams(fields),
    });

  it("stops a burst of signups from one address with a French 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await from("10.77.0.1", {
        intent: "signup",
        name: "Rafale",
        email: `rafale-${i}@exemple.fr`,
        password: "Motdepasse-2026",
        passwordConfirm: "Motdepasse-2026",
      });
      statuses.push(response.status);
      if (response.status === 429)
        expect(await response.text()).toContain(
          "Trop de tentatives. Patientez quelques minutes avant de réessayer.",
        );
    }
    expect(statuses.slice(0, 10).every((status) => status === 302)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("stops a burst of reset requests from one address with a French 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await from("10.77.0.2", { intent: "forgot", email: "entrees@exemple.fr" })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe("Better Auth's update-user route (closed: the profile form is the only way to change a profile)", () => {
  it("refuses a 100,000-character name or an image with a French 4xx, the row unchanged", async () => {
    const row = () =>
      queryDatabase(server.dataDir, (db) =>
        db.get("select name, image, updated_at from users where email = 'entrees@exemple.fr'"),
      );
    const before = await row();
    const attempts: unknown[] = [
      { name: "x".repeat(100_000) },
      { image: "https://pirate.example/suivi.png" },
      { image: "javascript:alert(1)", name: "Pirate" },
    ];
    for (const body of attempts) {
      const response = await fetch(`${server.url}/api/auth/update-user`, {
        method: "POST",
        headers: { cookie: customer, origin: server.url, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(404);
      const answer = (await response.json()) as { message: string };
      expect(answer.message).toBe("Cette fonction n'est pas proposée par Nacre.");
      expectFrench(answer.message, "update-user");
    }
    expect(await row()).toEqual(before);
  });
});

describe("control characters in text", () => {
  const CONTROLS = ["\u0000", "\u0007", "\u001b[31m", "\u007f", "\u0085"];
  const REFUSED = "Ce texte contient des caractères non autorisés.";
  let writer: string;
  let categoryId: string;

  beforeAll(async () => {
    writer = await signUp(server.url, "controles@exemple.fr", "Contrôles");
    const opened = await send("/api/chat", writer, json("open", { intent: "open" }));
    expect(opened.status).toBe(200);
    const created = await send(
      "/admin/categories.data",
      admin,
      form("category", { intent: "create", kind: "categories", name: "Bagues de test" }),
    );
    expect(created.status).toBe(200);
    categoryId = await queryDatabase(
      server.dataDir,
      async (db) =>
        ((await db.get("select id from categories where name = 'Bagues de test'")) as { id: string }).id,
    );
  });

  /** Each text field with each control character: a French 4xx naming the problem, nothing stored. */
  async function refusesControls(
    label: string,
    path: string,
    cookie: string,
    payload: (control: string) => Payload,
  ) {
    const before = await snapshot();
    for (const control of CONTROLS) {
      const { status, text } = await send(path, cookie, payload(control));
      const what = `${label} ← ${JSON.stringify(control)} (${status})`;
      expect(status, what).toBeGreaterThanOrEqual(400);
      expect(status, what).toBeLessThan(500);
      expect(text, what).toContain(REFUSED);
      expectFrench(text, what);
    }
    expect(await snapshot(), `${label} changed the database`).toBe(before);
  }

  it("refuses them in a chat message", async () => {
    await refusesControls("chat", "/api/chat", writer, (c) =>
      json("chat", { intent: "send", content: `${c}` }),
    );
    await refusesControls("chat", "/api/chat", writer, (c) =>
      json("chat", { intent: "send", content: `Bonjour ${c} !` }),
    );
  });

  it("refuses them in a review", async () => {
    await refusesControls("avis", "/mon-compte", writer, (c) =>
      form("review", { intent: "review", rating: "5", comment: c }),
    );
  });

  it("refuses them in the profile", async () => {
    await refusesControls("profil", "/mon-compte", writer, (c) =>
      form("profile", {
        intent: "profile",
        username: "controles",
        name: `Ana${c}`,
        phoneNumber: "",
        postalCode: "",
      }),
    );
  });

  it("refuses them in the contact form", async () => {
    await refusesControls("contact", "/contact", "", (c) =>
      form("contact", {
        "form-name": "contact",
        name: `Ana${c}`,
        email: "ana@exemple.fr",
        message: "Bonjour",
      }),
    );
    await refusesControls("contact", "/contact", "", (c) =>
      form("contact", {
        "form-name": "contact",
        name: "Ana",
        email: "ana@exemple.fr",
        message: `Bon${c}jour`,
      }),
    );
  });

  it("refuses them in the order form", async () => {
    await refusesControls("commande", "/contact?commande=panier", "", (c) =>
      form("order", {
        "form-name": "commande",
        "quantite.abcdefghijklmno": "1",
        name: `Ana${c}`,
        email: "ana@exemple.fr",
        phone: "",
        delivery: "main_propre",
      }),
    );
    await refusesControls("commande", "/contact?commande=panier", "", (c) =>
      form("order", {
        "form-name": "commande",
        "quantite.abcdefghijklmno": "1",
        name: "Ana",
        email: "ana@exemple.fr",
        phone: "",
        delivery: "envoi",
        addressLine: `1 rue${c}`,
        postalCode: "56170",
        city: "Quiberon",
      }),
    );
  });

  it("refuses them in an event title", async () => {
    await refusesControls("événement", "/api/admin/evenements", admin, (c) =>
      form("event", { intent: "save", title: c, startDate: "2027-03-01T10:00" }),
    );
  });

  it("refuses them in category and attribute names", async () => {
    for (const kind of ["categories", "colors", "materials", "pearl_types"])
      await refusesControls(
        kind,
        kind === "categories" ? "/admin/categories.data" : "/admin/filtres.data",
        admin,
        (c) => form("reference", { intent: "create", kind, name: c }),
      );
    await refusesControls("renommer", "/admin/categories.data", admin, (c) =>
      form("reference", { intent: "rename", kind: "categories", id: categoryId, name: `Bagues${c}` }),
    );
  });

  it("refuses them in a product's name and description", async () => {
    const product = (fields: Record<string, string>): Payload => {
      const body = new URLSearchParams({ intent: "save", price: "10", stock: "1", ...fields });
      body.append("categories", categoryId);
      return { label: "product", type: "application/x-www-form-urlencoded", body: body.toString() };
    };
    await refusesControls("produit", "/api/admin/produits", admin, (c) =>
      product({ name: `Bague${c}`, description: "Argent" }),
    );
    await refusesControls("produit", "/api/admin/produits", admin, (c) =>
      product({ name: "Bague", description: `Argent${c}` }),
    );
  });

  it("keeps line breaks and tabs in a text area", async () => {
    const { status } = await send(
      "/api/chat",
      writer,
      json("chat", { intent: "send", content: "Bonjour,\r\n\tune question." }),
    );
    expect(status).toBe(200);
  });
});

describe("bodies an action does not read", () => {
  const BIG_TEXT = "x".repeat(200_000);

  /** Two requests on one kept-alive socket: the first's answer, and whether the socket survived. */
  function twoOnOneSocket(path: string, cookie: string, type: string, body: string) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const one = (method: string, payload?: string) =>
      new Promise<{ status: number; text: string; reused: boolean }>((resolve, reject) => {
        const request = http.request(`${server.url}${path}`, {
          agent,
          method,
          headers: {
            cookie,
            origin: server.url,
            ...(payload === undefined
              ? {}
              : { "content-type": type, "content-length": String(Buffer.byteLength(payload)) }),
          },
        });
        request.on("response", (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, text, reused: request.reusedSocket }),
          );
        });
        request.on("error", reject);
        request.end(payload);
      });
    return (async () => {
      try {
        const first = await one("POST", body);
        const second = await one("GET");
        return { first, second };
      } finally {
        agent.destroy();
      }
    })();
  }

  it("answers a 200 KB text/plain body with a French 415, and the connection lives on", async () => {
    for (const path of ["/api/chat", "/api/panier", "/contact", "/mon-compte"]) {
      const before = await snapshot();
      for (let attempt = 0; attempt < 3; attempt++) {
        const { first, second } = await twoOnOneSocket(path, customer, "text/plain", BIG_TEXT);
        expect(first.status, path).toBe(415);
        expect(first.text, path).toBe(
          "Type de contenu non pris en charge : envoyez un formulaire ou du JSON.",
        );
        expect(second.reused, `${path}: the connection was closed`).toBe(true);
        expect(second.status, path).toBeLessThan(500);
      }
      expect(await snapshot(), path).toBe(before);
    }
  });

  it("answers when the action refuses before reading: a 200 KB JSON body from a visitor", async () => {
    const body = JSON.stringify({ intent: "send", content: BIG_TEXT });
    for (let attempt = 0; attempt < 3; attempt++) {
      const { first, second } = await twoOnOneSocket("/api/chat", "", "application/json", body);
      expect(first.status).toBe(401);
      expect(JSON.parse(first.text)).toEqual({ ok: false, error: "Veuillez vous connecter." });
      expect(second.reused, "/api/chat: the connection was closed").toBe(true);
    }
  });

  it("answers a visitor's 200 KB JSON body the basket cannot read with a French 400 (every visitor has a basket, ADR 032)", async () => {
    const before = await snapshot();
    const body = JSON.stringify({ intent: "send", content: BIG_TEXT });
    for (let attempt = 0; attempt < 3; attempt++) {
      const { first, second } = await twoOnOneSocket("/api/panier", "", "application/json", body);
      expect(first.status).toBe(400);
      expect(JSON.parse(first.text)).toMatchObject({ ok: false, error: expect.stringMatching(/\S/) });
      expect(first.text).not.toContain("nacre_panier");
      expect(second.reused, "/api/panier: the connection was closed").toBe(true);
    }
    expect(await snapshot()).toBe(before);
  });

  it("answers an oversize body with its French 413 and reads the rest: the upload ends cleanly", async () => {
    // Closing the connection while the client still sends is what resets it: the server must not.
    const body = "x".repeat(5_000_000);
    const outcome = await new Promise<{ status: number; text: string; connection?: string }>(
      (resolve, reject) => {
        let answer: { status: number; text: string; connection?: string } | undefined;
        let sent = false;
        const settle = () => answer && sent && resolve(answer);
        const request = http.request(`${server.url}/api/chat`, {
          method: "POST",
          headers: {
            cookie: customer,
            origin: server.url,
            "content-type": "application/json",
            "content-length": String(body.length),
          },
        });
        request.on("response", (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () => {
            answer = { status: response.statusCode ?? 0, text, connection: response.headers.connection };
            settle();
          });
        });
        request.on("finish", () => {
          sent = true;
          settle();
        });
        request.on("error", reject);
        request.end(body);
      },
    );
    expect(outcome.status).toBe(413);
    expect(outcome.text).toBe("Requête trop volumineuse (1 Mo au maximum).");
    expect(outcome.connection).not.toBe("close");
    for (const path of ["/api/chat", "/api/panier", "/contact"])
      for (const type of ["text/plain", "application/json"]) {
        const response = await fetch(`${server.url}${path}`, {
          method: "POST",
          headers: { cookie: customer, origin: server.url, "content-type": type },
          body: "x".repeat(12_000_000),
        });
        expect(response.status, path).toBe(413);
        expect(await response.text(), path).toBe("Requête trop volumineuse (1 Mo au maximum).");
      }
  });
});

describe("the orders and notifications settings", () => {
  it("refuses every bad hold or checkbox with a French 400, the database unchanged", async () => {
    const before = await snapshot();
    const holds = [
      "0",
      "61",
      "abc",
      "-1",
      "7.5",
      "1e1",
      "0x10",
      " ",
      "٣",
      "Infinity",
      "NaN",
      HUGE.slice(0, 1000),
    ];
    const payloads: Payload[] = [
      ...holds.map((holdDays) => form(`hold ${holdDays.slice(0, 8)}`, { intent: "save-orders", holdDays })),
      ...["", "1", "true", "off", ...TRICKS].map((value) =>
        form(`checkbox ${JSON.stringify(value).slice(0, 12)}`, {
          intent: "save-orders",
          holdDays: "7",
          notifyChat: value,
        }),
      ),
      json("JSON hold", { intent: "save-orders", holdDays: 7 }),
    ];
    for (const payload of payloads) {
      const { status, text } = await send("/admin/parametres.data", admin, payload);
      const label = `save-orders ← ${payload.label} (${status})`;
      expect(status, label).toBe(400);
      expect(text, label).toMatch(/La durée de réservation|Case à cocher invalide|Requête invalide/);
      expectFrench(text, label);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe("the legal identity and mediation settings", () => {
  const LEGAL = {
    intent: "save-legal",
    ownerName: "Vaimiti Le Gall",
    legalForm: "Entreprise individuelle",
    siret: "912 345 675 00017",
    hostName: "OVH SAS",
    hostAddress: "2 rue Kellermann, 59100 Roubaix",
    mediatorName: "CM2C",
    mediatorAddress: "14 rue Saint-Jean, 75017 Paris",
    mediatorUrl: "https://www.cm2c.net",
    inactivityMonths: "36",
  };
  const withIntent = (payload: Payload): Payload =>
    payload.type === "application/x-www-form-urlencoded"
      ? { ...payload, body: `${payload.body}&intent=save-legal` }
      : payload;

  it("refuses every bad SIRET, website or inactivity limit with a French 400 (413, 415: the body limits), the database unchanged", async () => {
    const before = await snapshot();
    const { intent: _intent, ...fields } = LEGAL;
    const payloads: Payload[] = [
      ...hostile(fields).map(withIntent),
      ...[
        "912 345 675 00018",
        "9123456750001",
        "912345675000170",
        "912-345-675-00017",
        "９１２３４５６７５０００１７",
        "' OR 1=1 --",
      ].map((siret) => form(`siret ${siret.slice(0, 12)}`, { ...LEGAL, siret })),
      ...[
        "http://www.cm2c.net",
        "www.cm2c.net",
        "javascript:alert(1)",
        "https://",
        "https://www.cm2c.net/\u202Ex",
        `https://${"a".repeat(400)}.fr`,
        'https://x.fr/"><script>',
      ].map((mediatorUrl) => form(`url ${mediatorUrl.slice(0, 16)}`, { ...LEGAL, mediatorUrl })),
      ...[
        "11",
        "61",
        "0",
        "-36",
        "36.5",
        "3e1",
        "0x24",
        " ",
        "٣٦",
        "Infinity",
        "NaN",
        HUGE.slice(0, 1000),
      ].map((inactivityMonths) =>
        form(`months ${inactivityMonths.slice(0, 8)}`, { ...LEGAL, inactivityMonths }),
      ),
      form("name too long", { ...LEGAL, mediatorName: "M".repeat(201) }),
      form("control character", { ...LEGAL, mediatorAddress: "14 rue\u0000Saint-Jean" }),
      json("JSON legal", { ...LEGAL, inactivityMonths: 36 }),
    ];
    for (const payload of payloads) {
      const { status, text } = await send("/admin/parametres.data", admin, payload);
      const label = `save-legal ← ${payload.label} (${status})`;
      // A page action is under every form's body limits: a body neither form nor JSON is their
      // French 415, one over 1 MB their French 413, before the action runs (the api/admin twin of
      // ADR 013, counted as an upload, read both and answered 400).
      const expected =
        payload.type === "text/plain" ? 415 : Buffer.byteLength(payload.body) > 1024 * 1024 ? 413 : 400;
      expect(status, label).toBe(expected);
      expectFrench(text, label);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe("'Mes données'", () => {
  it("answers hostile account deletions with a French 4xx, never a 5xx, nothing deleted", async () => {
    const before = await snapshot();
    const withIntent = (payload: Payload): Payload =>
      payload.type === "application/x-www-form-urlencoded"
        ? { ...payload, body: `${payload.body}&intent=delete-account` }
        : payload;
    const payloads = [
      ...hostile({ password: "" }).map(withIntent),
      form("empty password", { intent: "delete-account", password: "" }),
      form("password too long", { intent: "delete-account", password: "x".repeat(129) }),
      form("someone else's id", { intent: "delete-account", password: "faux", userId: "autre" }),
    ];
    for (const payload of payloads) {
      const { status, text } = await send("/mon-compte", customer, payload);
      const label = `suppression ← ${payload.label} (${status})`;
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(status, label).toBeLessThan(500);
      expectFrench(text, label);
    }
    expect(await snapshot(), "a refused deletion changed the database").toBe(before);
  });

  it("answers the admin's export of an unknown or forged id with a French 404", async () => {
    for (const id of ["inconnu", "' OR 1=1 --", "..", "\u202Eelcin", HUGE.slice(0, 400)]) {
      const response = await fetch(`${server.url}/api/admin/utilisateurs/${encodeURIComponent(id)}/donnees`, {
        headers: { cookie: admin },
      });
      const text = await response.text();
      expect(response.status, id.slice(0, 20)).toBe(404);
      expectFrench(text, id.slice(0, 20));
    }
  });
});
