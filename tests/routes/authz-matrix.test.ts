/**
 * Authorization matrix (docs/product.md §10.1), a route test (the app in this process, over real
 * HTTP), on both back ends: every route of app/routes.ts, read (GET) and written (POST) as an
 * anonymous visitor, customer A, customer B and the admin, with the outcome each must get. The
 * table is keyed by the route map itself: a route added without its row makes this suite fail.
 * Every answer given to B or to a visitor is also searched for A's private data.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { postCommand } from "../support/page-command";
import { DEMO_ADMIN, queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

type Role = "anonyme" | "clienteA" | "clientB" | "admin";
const ROLES: Role[] = ["anonyme", "clienteA", "clientB", "admin"];

/** An expected answer: a status, and for redirects where they lead. */
type Outcome = number | { status: number; location: string };
type PerRole = Record<Role, Outcome>;

const all = (outcome: Outcome): PerRole => ({
  anonyme: outcome,
  clienteA: outcome,
  clientB: outcome,
  admin: outcome,
});
const toAuth = (path: string) => ({ status: 302, location: `/auth?redirectTo=${encodeURIComponent(path)}` });
const refused = { status: 302, location: "/mon-compte?acces=refuse" };
const adminPage = (path: string): PerRole => ({
  anonyme: toAuth(path),
  clienteA: refused,
  clientB: refused,
  admin: 200,
});
/** JSON endpoints: 401 for visitors, the caller's own data for everyone signed in. */
const userApi: PerRole = { anonyme: 401, clienteA: 200, clientB: 200, admin: 200 };
/**
 * The admin's JSON routes (uploads, the inline editor's read, a customer's data export; ADR 020):
 * 403 for visitors and customers; an empty command is a 400 for the admin.
 */
const adminApi: PerRole = { anonyme: 403, clienteA: 403, clientB: 403, admin: 400 };
/**
 * A page without an action answers a POST with 405, for everyone (nothing runs). Admin pages with
 * their own error boundary run the dashboard guard first, so the roles still get their redirects;
 * the dashboard pages whose action runs the commands refuse the admin's empty command with a 400.
 */
const noAction = all(405);

interface Row {
  /** The URL requested, with real ids for the route's parameters. */
  url: () => string;
  get: PerRole;
  post: PerRole;
}

// Filled in beforeAll: real slugs and ids of the running shop.
const ids = { forSale: "", sold: "", productId: "", image: "", aliceChat: "", orderToken: "", aliceId: "" };
/** Alice's order (written in beforeAll): its page's address is known before the shop starts. */
const ALICE_ORDER_ID = "commandealice01";
/** A paid order of Alice's, and its link: « Annuler ma commande » answers it with a 409, for ever (ADR 028). */
const ALICE_PAID_ORDER_ID = "commandepayee01";
const ALICE_PAID_TOKEN = "jeton-payee-".padEnd(43, "y");
/** The invoices of Alice's order and of the guest's (written in beforeAll). */
const ALICE_INVOICE = "FAC-2099-0001";
const GUEST_INVOICE = "FAC-2099-0002";

/** An invoice as issueInvoice records it, for an order written by hand. */
function invoiceRow(id: string, number: string, orderId: string, customerName: string) {
  const at = "2099-01-15T10:00:00.000Z";
  const seller = {
    shopName: "Nacre",
    name: "Vaimiti Le Gall",
    legalForm: "EI",
    addressLine: "14 rue des Goélands",
    postalCode: "56170",
    city: "Quiberon",
    siret: "912 345 675 00017",
    email: "bonjour@nacre.test",
  };
  const document = {
    kind: "facture",
    number,
    issuedAt: at,
    paidAt: at,
    orderNumber: "NAC-2099-0001",
    seller,
    customer: { name: customerName, addressLine: "", postalCode: "", city: "" },
    lines: [{ name: "Collier", quantity: 1, unitPriceCents: 4200, totalCents: 4200 }],
    deliveryCents: 0,
    totalCents: 4200,
    vat: { franchise: true, mention: "TVA non applicable, art. 293 B du CGI" },
  };
  return [id, number, Number(number.slice(-4)), orderId, at, at, JSON.stringify(document)];
}

const MATRIX: Record<string, Row> = {
  "(index)": { url: () => "/", get: all(200), post: noAction },
  "a-propos": { url: () => "/a-propos", get: all(200), post: noAction },
  catalogue: { url: () => "/catalogue", get: all(200), post: noAction },
  "catalogue/produit/:slug": {
    url: () => `/catalogue/produit/${ids.forSale}`,
    get: all(200),
    post: noAction,
  },
  galerie: { url: () => "/galerie", get: all(200), post: noAction },
  "galerie/vendu/:slug": { url: () => `/galerie/vendu/${ids.sold}`, get: all(200), post: noAction },
  agenda: { url: () => "/agenda", get: all(200), post: noAction },
  // The contact form is public; an empty form is a 400 with French field errors.
  contact: { url: () => "/contact", get: all(200), post: all(400) },
  // « Nouvelles créations » (docs/product.md §10.30): the sign-up is public, an empty form a 400; a
  // confirmation link nobody was sent shows a French message, and its POST confirms nothing (404);
  // the unsubscription page is public, and its POST without the one-click body is a 400 for all.
  alertes: { url: () => "/alertes", get: all(200), post: all(400) },
  "alertes/confirmer/:jeton": {
    url: () => `/alertes/confirmer/${"x".repeat(43)}`,
    get: all(200),
    post: all(404),
  },
  "alertes/desinscription/:jeton": {
    url: () => `/alertes/desinscription/inconnu.${"x".repeat(43)}`,
    get: all(200),
    post: all(400),
  },
  // Search results: public, read-only (docs/product.md §10.23).
  recherche: { url: () => "/recherche?q=collier", get: all(200), post: noAction },
  // An order's private page: its link is the key, the same page for whoever holds it; no action.
  "commande/:jeton": { url: () => `/commande/${ids.orderToken}`, get: all(200), post: noAction },
  // An order's confirmation (ADR 022): only the single-use token e-mailed confirms; the tracking
  // link's token is not it, so its holder (whoever placed the order) finds nothing to confirm.
  "commande/:jeton/confirmer": {
    url: () => `/commande/${ids.orderToken}/confirmer`,
    get: all(404),
    post: all(404),
  },
  // The withdrawal function from the order's private link (docs/product.md §10.24): the link is the
  // key, as for the order's page; an empty declaration is a 400 with French field errors.
  "commande/:jeton/retractation": {
    url: () => `/commande/${ids.orderToken}/retractation`,
    get: all(200),
    post: all(400),
  },
  // « Annuler ma commande » from the private link (ADR 028): the link is the key; a paid order is a
  // 409 whoever posts.
  "commande/:jeton/annuler": {
    url: () => `/commande/${ALICE_PAID_TOKEN}/annuler`,
    get: all(200),
    post: all(409),
  },
  // The public way in: anyone may look up an order by its number and e-mail; an empty form is a 400.
  retractation: { url: () => "/retractation", get: all(200), post: all(400) },
  "mentions-legales": { url: () => "/mentions-legales", get: all(200), post: noAction },
  "politique-de-confidentialite": {
    url: () => "/politique-de-confidentialite",
    get: all(200),
    post: noAction,
  },
  cgv: { url: () => "/cgv", get: all(200), post: noAction },
  // A published version of the CGV and its PDF, the model withdrawal form (ADR 029): public texts.
  "cgv/versions/:numero": { url: () => "/cgv/versions/1", get: all(200), post: noAction },
  "cgv/versions/:numero/pdf": { url: () => "/cgv/versions/1/pdf", get: all(200), post: all(405) },
  "formulaire-retractation.pdf": { url: () => "/formulaire-retractation.pdf", get: all(200), post: all(405) },
  auth: {
    url: () => "/auth",
    get: {
      anonyme: 200,
      clienteA: { status: 302, location: "/mon-compte" },
      clientB: { status: 302, location: "/mon-compte" },
      admin: { status: 302, location: "/admin" },
    },
    // An empty login form: 400 for a visitor; the signed-in are sent to their space first.
    post: {
      anonyme: 400,
      clienteA: { status: 302, location: "/mon-compte" },
      clientB: { status: 302, location: "/mon-compte" },
      admin: { status: 302, location: "/admin" },
    },
  },
  // The withdrawal function from 'Mes commandes': Alice's order is hers alone (another account,
  // the admin included, finds nothing there).
  "mon-compte/commandes/:id/retractation": {
    url: () => `/mon-compte/commandes/${ALICE_ORDER_ID}/retractation`,
    get: {
      anonyme: toAuth(`/mon-compte/commandes/${ALICE_ORDER_ID}/retractation`),
      clienteA: 200,
      clientB: 404,
      admin: 404,
    },
    post: {
      anonyme: toAuth(`/mon-compte/commandes/${ALICE_ORDER_ID}/retractation`),
      clienteA: 400,
      clientB: 404,
      admin: 404,
    },
  },
  // « Annuler ma commande » from 'Mes commandes' (ADR 028): Alice's order is hers alone; paid, a 409.
  "mon-compte/commandes/:id/annuler": {
    url: () => `/mon-compte/commandes/${ALICE_PAID_ORDER_ID}/annuler`,
    get: {
      anonyme: toAuth(`/mon-compte/commandes/${ALICE_PAID_ORDER_ID}/annuler`),
      clienteA: 200,
      clientB: 404,
      admin: 404,
    },
    post: {
      anonyme: toAuth(`/mon-compte/commandes/${ALICE_PAID_ORDER_ID}/annuler`),
      clienteA: 409,
      clientB: 404,
      admin: 404,
    },
  },
  "mon-compte": {
    url: () => "/mon-compte",
    get: { anonyme: toAuth("/mon-compte"), clienteA: 200, clientB: 200, admin: 200 },
    // An empty profile form: refused in French, on the caller's own profile only.
    post: { anonyme: toAuth("/mon-compte"), clienteA: 400, clientB: 400, admin: 400 },
  },
  // 'Télécharger mes données': the caller's own data (the matrix checks B's holds nothing of A's).
  "mon-compte/mes-donnees": { url: () => "/mon-compte/mes-donnees", get: userApi, post: all(405) },
  "reinitialiser-mot-de-passe": { url: () => "/reinitialiser-mot-de-passe", get: all(200), post: all(400) },
  // Logging out is POST only (a GET never ends a session); POSTed here only anonymously, see below.
  deconnexion: {
    url: () => "/deconnexion",
    get: all({ status: 302, location: "/" }),
    post: all({ status: 302, location: "/" }),
  },
  // The overview's action is the « Alertes » block's pause and resume: an empty command is a 400.
  "(layout)": { url: () => "/admin", get: adminPage("/admin"), post: { ...adminPage("/admin"), admin: 400 } },
  admin: { url: () => "/admin", get: adminPage("/admin"), post: { ...adminPage("/admin"), admin: 400 } },
  "admin/produits": {
    url: () => "/admin/produits",
    get: adminPage("/admin/produits"),
    post: { ...adminPage("/admin/produits"), admin: 400 },
  },
  "admin/categories": {
    url: () => "/admin/categories",
    get: adminPage("/admin/categories"),
    post: { ...adminPage("/admin/categories"), admin: 400 },
  },
  "admin/filtres": {
    url: () => "/admin/filtres",
    get: adminPage("/admin/filtres"),
    post: { ...adminPage("/admin/filtres"), admin: 400 },
  },
  "admin/agenda": {
    url: () => "/admin/agenda",
    get: adminPage("/admin/agenda"),
    post: { ...adminPage("/admin/agenda"), admin: 400 },
  },
  "admin/avis": {
    url: () => "/admin/avis",
    get: adminPage("/admin/avis"),
    post: { ...adminPage("/admin/avis"), admin: 400 },
  },
  "admin/messages": {
    url: () => "/admin/messages",
    get: adminPage("/admin/messages"),
    post: noAction,
  },
  "admin/utilisateurs": {
    url: () => "/admin/utilisateurs",
    get: adminPage("/admin/utilisateurs"),
    post: { ...adminPage("/admin/utilisateurs"), admin: 400 },
  },
  // The admin's own profile: an empty form is refused in French.
  "admin/mon-compte": {
    url: () => "/admin/mon-compte",
    get: adminPage("/admin/mon-compte"),
    post: { ...adminPage("/admin/mon-compte"), admin: 400 },
  },
  "admin/contacts": {
    url: () => "/admin/contacts",
    get: adminPage("/admin/contacts"),
    post: { ...adminPage("/admin/contacts"), admin: 400 },
  },
  "admin/parametres": {
    url: () => "/admin/parametres",
    get: adminPage("/admin/parametres"),
    post: { ...adminPage("/admin/parametres"), admin: 400 },
  },
  // The audience figures (ADR 034): read only.
  "admin/statistiques": {
    url: () => "/admin/statistiques?periode=7",
    get: adminPage("/admin/statistiques?periode=7"),
    post: { ...adminPage("/admin/statistiques?periode=7"), admin: 405 },
  },
  // Better Auth's own endpoints: the session of the caller, or null.
  "api/auth/*": { url: () => "/api/auth/get-session", get: all(200), post: all(405) },
  // The visitor's own part of the page (ADR 036): everyone gets theirs, nobody writes to it.
  "api/moi": { url: () => "/api/moi", get: all(200), post: all(405) },
  // Every visitor's basket (ADR 032): a guest reads empty lists; a post without a command is a 400.
  "api/panier": { url: () => "/api/panier", get: all(200), post: all(400) },
  // Alice's conversation, asked for by name: only Alice and the admin get it.
  "api/chat": {
    url: () => `/api/chat?conversation=${ids.aliceChat}`,
    get: { anonyme: 401, clienteA: 200, clientB: 404, admin: 200 },
    post: { anonyme: 401, clienteA: 400, clientB: 400, admin: 400 },
  },
  "api/chat/flux": { url: () => "/api/chat/flux", get: userApi, post: all(405) },
  "api/disponibilite": { url: () => `/api/disponibilite?id=${ids.productId}`, get: all(200), post: all(405) },
  // The header's suggestions: public, read-only, ahead of React Router like the list above.
  "api/recherche": { url: () => "/api/recherche?q=collier", get: all(200), post: all(405) },
  "images/:folder/:file": {
    url: () => `/images/products/${ids.image}?w=thumb`,
    get: all(200),
    post: all(405),
  },
  "sitemap.xml": { url: () => "/sitemap.xml", get: all(200), post: all(405) },
  "robots.txt": { url: () => "/robots.txt", get: all(200), post: all(405) },
  // The shopping feeds (docs/product.md §10.28): public files for the platforms' crawlers, read-only.
  "flux/google.xml": { url: () => "/flux/google.xml", get: all(200), post: all(405) },
  "flux/meta.csv": { url: () => "/flux/meta.csv", get: all(200), post: all(405) },
  // GET ?id= gives the inline editor one product: the admin's alone.
  "api/admin/produits": {
    url: () => `/api/admin/produits?id=${ids.productId}`,
    get: { ...adminApi, admin: 200 },
    post: adminApi,
  },
  "api/admin/evenements": { url: () => "/api/admin/evenements", get: all(405), post: adminApi },
  // An admin's export of Alice's data: the admin's alone.
  "api/admin/utilisateurs/:id/donnees": {
    url: () => `/api/admin/utilisateurs/${ids.aliceId}/donnees`,
    get: { ...adminApi, admin: 200 },
    post: { ...adminApi, admin: 405 },
  },
  // The seller's orders: the list has no action; an order's page refuses the admin's empty command.
  "admin/commandes": {
    url: () => "/admin/commandes",
    get: adminPage("/admin/commandes"),
    post: { ...adminPage("/admin/commandes"), admin: 405 },
  },
  "admin/commandes/:id": {
    url: () => `/admin/commandes/${ALICE_ORDER_ID}`,
    get: adminPage(`/admin/commandes/${ALICE_ORDER_ID}`),
    post: { ...adminPage(`/admin/commandes/${ALICE_ORDER_ID}`), admin: 400 },
  },
  // Invoices and credit notes (docs/product.md §10.25): the guest's link reads its own order's; a
  // customer only their orders' (Bruno and the admin's own account get 404); the seller any, and the
  // year's export.
  "commande/:jeton/documents/:numero": {
    url: () => `/commande/${ids.orderToken}/documents/${GUEST_INVOICE}`,
    get: all(200),
    post: all(405),
  },
  "mon-compte/documents/:numero": {
    url: () => `/mon-compte/documents/${ALICE_INVOICE}`,
    get: {
      anonyme: toAuth(`/mon-compte/documents/${ALICE_INVOICE}`),
      clienteA: 200,
      clientB: 404,
      admin: 404,
    },
    post: {
      anonyme: toAuth(`/mon-compte/documents/${ALICE_INVOICE}`),
      clienteA: 405,
      clientB: 405,
      admin: 405,
    },
  },
  "admin/documents/:numero": {
    url: () => `/admin/documents/${ALICE_INVOICE}`,
    get: adminPage(`/admin/documents/${ALICE_INVOICE}`),
    post: { ...adminPage(`/admin/documents/${ALICE_INVOICE}`), admin: 405 },
  },
  "admin/documents/export": {
    url: () => "/admin/documents/export?annee=2099&format=csv",
    get: adminPage("/admin/documents/export?annee=2099&format=csv"),
    post: { ...adminPage("/admin/documents/export?annee=2099&format=csv"), admin: 405 },
  },
  "*": { url: () => "/nulle-part", get: all(404), post: all(405) },
};

function routeKeys(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [
    entry.path ?? (entry.index ? "(index)" : "(layout)"),
    ...routeKeys(entry.children ?? []),
  ]);
}

let server: TestShop;
const cookies: Record<Role, string> = { anonyme: "", clienteA: "", clientB: "", admin: "" };
/** Alice's private data: none of it may reach Bruno or a visitor. */
const ALICE = {
  email: "alice-matrice@exemple.fr",
  name: "Alice Matrice",
  chat: "secret-de-la-matrice-alice",
  phone: "0611223344",
  order: "NAC-2099-0777",
};

async function call(role: Role, method: "GET" | "POST", url: string) {
  const headers: Record<string, string> = { cookie: cookies[role], origin: server.url };
  const init: RequestInit = { method, redirect: "manual", headers };
  if (method === "POST") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "";
  }
  const controller = new AbortController();
  const response = await fetch(`${server.url}${url}`, { ...init, signal: controller.signal });
  // A live stream never ends by itself: read its opening (the catch-up), then hang up.
  let body: string;
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    body = "";
    const until = Date.now() + 1500;
    while (reader && !body.includes("event: sync") && Date.now() < until) {
      const { value, done } = await reader.read();
      if (done) break;
      body += value;
    }
    controller.abort();
  } else {
    body = await response.text();
  }
  return { status: response.status, location: response.headers.get("location"), body };
}

function expectOutcome(
  actual: { status: number; location: string | null },
  expected: Outcome,
  label: string,
) {
  if (typeof expected === "number") expect(actual.status, label).toBe(expected);
  else expect({ status: actual.status, location: actual.location }, label).toEqual(expected);
}

beforeAll(async () => {
  server = await startTestShop("matrice");
  const { url } = server;
  cookies.clienteA = await signUp(url, ALICE.email, ALICE.name);
  cookies.clientB = await signUp(url, "bruno-matrice@exemple.fr", "Bruno Matrice");
  cookies.admin = await signIn(url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // The CGV in force are published as version 1 when first shown (ADR 029).
  expect((await fetch(`${url}/cgv`)).status).toBe(200);
  // Alice's private traces: a phone number on her profile, a cart line, a support message.
  const profile = await fetch(`${url}/mon-compte`, {
    method: "POST",
    headers: { cookie: cookies.clienteA, origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "profile",
      username: "alice-matrice",
      name: ALICE.name,
      phoneNumber: ALICE.phone,
      postalCode: "56170",
    }),
  });
  expect(profile.status, await profile.clone().text()).toBe(200);
  const db = await queryDatabase(server.dataDir, async (handle) => ({
    forSale: (await handle.get("select id, slug from products where is_sold = 0 and stock > 0 limit 1")) as {
      id: string;
      slug: string;
    },
    sold: (await handle.get("select slug from products where is_sold = 1 limit 1")) as { slug: string },
    image: (await handle.get("select file_name from product_images limit 1")) as { file_name: string },
  }));
  Object.assign(ids, {
    forSale: db.forSale.slug,
    productId: db.forSale.id,
    sold: db.sold.slug,
    image: db.image.file_name,
  });
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { cookie: cookies.clienteA, origin: url, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await post("/api/panier", { intent: "add", productId: ids.productId })).status).toBe(200);
  ids.aliceChat = (await (await post("/api/chat", { intent: "open" })).json()).chat.id;
  expect((await post("/api/chat", { intent: "send", content: ALICE.chat })).status).toBe(200);
  // Alice's order, as the order form records it: only the admin may open it.
  await queryDatabase(server.dataDir, async (handle) => {
    const now = new Date().toISOString();
    const alice = (await handle.get("select id from users where email = ?", ALICE.email)) as { id: string };
    ids.aliceId = alice.id;
    await handle.run(
      `insert into orders (id, number, tracking_token, user_id, customer_name, email, phone, delivery_method,
        total_cents, hold_expires_at, created_at, updated_at)
       values (?, 'NAC-2026-9999', ?, ?, ?, ?, ?, 'main_propre', 0, ?, ?, ?)`,
      ALICE_ORDER_ID,
      "a".repeat(43),
      alice.id,
      ALICE.name,
      ALICE.email,
      ALICE.phone,
      now,
      now,
      now,
    );
    await handle.run(
      "insert into order_events (id, order_id, status, created_at) values ('commandealice0e', ?, 'nouvelle', ?)",
      ALICE_ORDER_ID,
      now,
    );
    await handle.run(
      `insert into orders (id, number, tracking_token, user_id, status, customer_name, email, phone,
        delivery_method, delivery_cents, total_cents, hold_expires_at, created_at, updated_at)
       values (?, 'NAC-2026-9998', ?, ?, 'payee', ?, ?, ?, 'main_propre', 0, 0, ?, ?, ?)`,
      ALICE_PAID_ORDER_ID,
      ALICE_PAID_TOKEN,
      alice.id,
      ALICE.name,
      ALICE.email,
      ALICE.phone,
      now,
      now,
      now,
    );
  });
  // An order of Alice's ('Mes commandes' of /mon-compte shows it to her alone).
  await queryDatabase(server.dataDir, async (handle) => {
    const alice = (await handle.get("select id from users where email = ?", ALICE.email)) as { id: string };
    const at = new Date().toISOString();
    await handle.run(
      `insert into orders (id, number, tracking_token, user_id, customer_name, email, delivery_method,
         total_cents, hold_expires_at, created_at, updated_at)
       values ('commande-alice', ?, ?, ?, ?, ?, 'main_propre', 4200, ?, ?, ?)`,
      ALICE.order,
      "jeton-alice-".padEnd(43, "x"),
      alice.id,
      ALICE.name,
      ALICE.email,
      at,
      at,
      at,
    );
  });
  const own = await fetch(`${url}/mon-compte`, { headers: { cookie: cookies.clienteA } });
  expect(await own.text()).toContain(ALICE.order);
  // A guest's order (not Alice's: anyone with its link may read it), on another piece than her cart's.
  const other = (await queryDatabase(server.dataDir, (handle) =>
    handle.get(
      "select id from products where is_sold = 0 and stock > 0 and price_cents is not null and id <> ? limit 1",
      ids.productId,
    ),
  )) as { id: string };
  const ordered = await fetch(`${url}/contact?commande=panier`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      "form-name": "commande",
      [`quantite.${other.id}`]: "1",
      name: "Invitée Matrice",
      email: "invitee-matrice@exemple.fr",
      phone: "",
      delivery: "main_propre",
    }),
  });
  expect(ordered.status).toBe(303);
  ids.orderToken = (ordered.headers.get("location") ?? "").split("/")[2]?.split("?")[0] ?? "";
  // An invoice for Alice's order and one for the guest's (docs/product.md §10.25).
  await queryDatabase(server.dataDir, async (handle) => {
    const guest = (await handle.get("select id from orders where tracking_token = ?", ids.orderToken)) as {
      id: string;
    };
    for (const row of [
      invoiceRow("facturealice001", ALICE_INVOICE, "commande-alice", ALICE.name),
      invoiceRow("factureinvitee1", GUEST_INVOICE, guest.id, "Invitée Matrice"),
    ])
      await handle.run(
        `insert into invoices (id, kind, number, year, rank, order_id, issued_at, settled_at, total_cents,
           vat_cents, document)
         values (?, 'facture', ?, 2099, ?, ?, ?, ?, 4200, 0, ?)`,
        ...row,
      );
  });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe("authorization matrix", () => {
  it("has a row for every route of app/routes.ts, and no row for a route that is gone", () => {
    // Endpoints Express answers ahead of React Router (app/server/http-app.server.ts).
    const keys = [...routeKeys(routes), "api/disponibilite", "api/recherche"];
    expect(
      keys.filter((key) => !(key in MATRIX)),
      "routes without a row in the matrix",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => !keys.includes(key)),
      "rows for routes that no longer exist",
    ).toEqual([]);
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}: every role gets its answer, and nothing of customer A leaks`, async () => {
      for (const role of ROLES) {
        const read = await call(role, "GET", row.url());
        expectOutcome(read, row.get[role], `GET ${row.url()} as ${role}`);
        // Logging out for real would end the shared sessions: only a visitor POSTs to it.
        const write =
          route === "deconnexion" && role !== "anonyme" ? null : await call(role, "POST", row.url());
        if (write) expectOutcome(write, row.post[role], `POST ${row.url()} as ${role}`);
        if (role === "clientB" || role === "anonyme") {
          for (const answer of [read, write]) {
            if (!answer) continue;
            for (const secret of Object.values(ALICE))
              expect(answer.body, `${route} as ${role} shows « ${secret} »`).not.toContain(secret);
          }
        }
      }
    });
  }
});

// A command a route takes by intent, posted with its intent alone, as a plain form and as
// the page's fetcher posts it (`fetcher`: the `.data` request, whose redirects travel in its body).
// Every role but the admin is refused before the command is read; the admin's incomplete command is a
// 400 (in French).
const INTENTS: { url: string; intent: string; fetcher: boolean; post: PerRole }[] = [
  {
    url: "/admin/parametres",
    intent: "save-legal",
    fetcher: false,
    post: { ...adminPage("/admin/parametres"), admin: 400 },
  },
  {
    url: "/admin/parametres",
    intent: "save-legal",
    fetcher: true,
    post: { ...adminPage("/admin/parametres"), admin: 400 },
  },
];

describe("authorization of the commands by intent", () => {
  for (const { url, intent, fetcher, post } of INTENTS) {
    it(`${url} (${intent}${fetcher ? ", fetcher" : ""}): every role gets its answer`, async () => {
      for (const role of ROLES) {
        if (fetcher) {
          const answer = await postCommand(server.url, url, new URLSearchParams({ intent }), cookies[role]);
          expectOutcome(answer, post[role], `POST ${url}.data (${intent}) as ${role}`);
          if (answer.status === 400)
            expect(JSON.stringify(answer.body)).not.toMatch(
              /Unexpected Server Error|Invalid input|Bad Request/,
            );
          continue;
        }
        const response = await fetch(`${server.url}${url}`, {
          method: "POST",
          redirect: "manual",
          headers: {
            cookie: cookies[role],
            origin: server.url,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ intent }),
        });
        const answer = { status: response.status, location: response.headers.get("location") };
        expectOutcome(answer, post[role], `POST ${url} (${intent}) as ${role}`);
        const body = await response.text();
        if (response.status === 400)
          expect(body).not.toMatch(/Unexpected Server Error|Invalid input|Bad Request/);
      }
    });
  }
});

describe("the api/admin twins of the dashboard pages' commands (ADR 020)", () => {
  it("are gone: the admin's GET is the French 404 page, a POST runs nothing (405)", async () => {
    for (const path of [
      "/api/admin/references",
      "/api/admin/avis",
      "/api/admin/utilisateurs",
      "/api/admin/parametres",
      "/api/admin/contacts",
      "/api/admin/commandes",
    ]) {
      expect((await call("admin", "GET", path)).status, `GET ${path}`).toBe(404);
      expect((await call("admin", "POST", path)).status, `POST ${path}`).toBe(405);
    }
  });
});
