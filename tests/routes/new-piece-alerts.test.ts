/**
 * « Nouvelles créations » alerts (docs/product.md §10.30, ADR 033), a route test (the app in this
 * process, over real HTTP), reading the real mail files of the outbox: subscribing with a category
 * (through the fetcher, and as a plain form), the confirmation mail, the confirmation page whose GET
 * changes nothing, the welcome mail with its List-Unsubscribe headers, the seller's new piece saved
 * through the dashboard's save, the digest after DIGEST_DELAY_MINUTES only, the one-click POST of
 * RFC 8058 from a foreign origin with no cookie, and nothing after it. Also the visible link's page,
 * bad input, the rate limit, the dashboard's pause and count, the privacy export and the deletion.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDigestPass } from "~/features/alerts/alert-digest.server";
import { parseMail, readOutbox } from "../support/outbox";
import { postCommand } from "../support/page-command";
import { DEMO_ADMIN, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let adminCookie: string;
let ringCategory: string;
let necklaceCategory: string;
const MINUTE = 60_000;
const DAY = 86_400_000;
let nextAddress = 1;

/** A clock for the digest passes: each scenario starts a couple of days after the one before. */
let clock = Date.now();

/**
 * Every mail of the outbox folder once none is left to deliver: the shop's own worker may hold a
 * claim on a row (writing its file) while this delivers the rest, so it waits for the rows' marks.
 */
async function mails() {
  for (;;) {
    await shop.ctx.outbox.deliverDue();
    const open = await shop.ctx.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "in", ["pending", "sending"])
      .executeTakeFirstOrThrow();
    if (Number(open.n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return readOutbox(shop.dataDir).map(parseMail);
}
/** The mails to `email` whose text matches (subjects are MIME-encoded in the file: the text is read). */
const mailsTo = async (email: string, text: RegExp) =>
  (await mails()).filter((mail) => mail.to.includes(email) && text.test(mail.text));
const CONFIRMATION = /\/alertes\/confirmer\//;
const WELCOME = /Votre inscription est confirmée/;
const DIGEST = /Arrivées? en boutique/;

/** The sign-up form posted without JavaScript, from its own client address. */
function plainSubscribe(fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  return fetch(`${shop.url}/alertes`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: shop.url,
      accept: "text/html",
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": `10.88.0.${nextAddress++}`,
      ...headers,
    },
    body,
  });
}

const signupFields = (email: string, categories: string[] = []) => ({
  "form-name": "alertes",
  email,
  categories,
  consent: "oui",
});

/** Subscribes (plain form) and confirms `email`; returns its welcome mail. */
async function subscribeAndConfirm(email: string, categories: string[] = []) {
  expect((await plainSubscribe(signupFields(email, categories))).status).toBe(200);
  const [confirmation] = await mailsTo(email, CONFIRMATION);
  const link = /https?:\/\/\S+\/alertes\/confirmer\/[A-Za-z0-9_-]{43}/.exec(confirmation?.text ?? "")?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link as string).pathname;
  const confirmed = await postCommand(shop.url, path, {});
  expect(confirmed.body).toEqual({ ok: true, message: expect.stringContaining("confirmée") });
  const [welcome] = await mailsTo(email, WELCOME);
  expect(welcome).toBeTruthy();
  return welcome as ReturnType<typeof parseMail>;
}

function headerOf(mail: { headers: string }, name: string): string {
  const unfolded = mail.headers.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
}

async function png() {
  const buffer = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#1f7a8c" } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: "image/png" });
}

/** The seller adds a piece through the dashboard's save (POST /api/admin/produits, ADR 020). */
async function createPiece(name: string, category: string, price = "45") {
  const body = new FormData();
  for (const [key, value] of Object.entries({ intent: "save", name, price, stock: "1" }))
    body.append(key, value);
  body.append("categories", category);
  body.append("images", "new:0");
  body.append("files", await png(), "piece.png");
  const response = await fetch(`${shop.url}/api/admin/produits`, {
    method: "POST",
    headers: { origin: shop.url, cookie: adminCookie },
    body,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { product: { id: string; slug: string } }).product;
}

const subscription = (email: string) =>
  shop.ctx.db.selectFrom("alert_subscriptions").selectAll().where("email", "=", email).executeTakeFirst();

beforeAll(async () => {
  shop = await startTestShop("alertes", { TRUST_PROXY: "1", DIGEST_DELAY_MINUTES: "30" });
  adminCookie = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const categories = await shop.ctx.db.selectFrom("categories").select("id").orderBy("name").execute();
  ringCategory = categories[0]?.id as string;
  necklaceCategory = categories[1]?.id as string;
  expect(necklaceCategory).toBeTruthy();
});
afterAll(async () => {
  await shop?.close();
});

describe("the whole journey", () => {
  const email = "tiare.alertes@example.fr";

  it("subscribe → confirm → welcome → new piece → digest after the delay → one-click → nothing more", async () => {
    // The footer's form through its fetcher: the answer in place.
    const asked = await postCommand(shop.url, "/alertes", signupFields(email, [ringCategory]));
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ ok: true, message: expect.stringContaining("e-mail de confirmation") });
    expect((await subscription(email))?.confirmed_at).toBeNull();

    const [confirmation] = await mailsTo(email, CONFIRMATION);
    const link = /https?:\/\/\S+\/alertes\/confirmer\/[A-Za-z0-9_-]{43}/.exec(confirmation?.text ?? "")?.[0];
    const path = new URL(link as string).pathname;
    // A mail scanner opening the link confirms nothing: the page shows a button.
    const page = await fetch(`${shop.url}${path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirmer mon inscription");
    expect((await subscription(email))?.confirmed_at).toBeNull();

    const confirmed = await postCommand(shop.url, path, {});
    expect(confirmed.body).toEqual({ ok: true, message: expect.stringContaining("confirmée") });
    const stored = await subscription(email);
    expect(stored?.confirmed_at).toBeTruthy();
    expect(stored?.consent_text).toContain("J'accepte de recevoir");
    expect(stored?.consent_version).toBeTruthy();
    expect(JSON.parse(stored?.categories ?? "")).toEqual([ringCategory]);

    const [welcome] = await mailsTo(email, WELCOME);
    const unsubscribeHeader = headerOf(welcome as { headers: string }, "List-Unsubscribe");
    expect(unsubscribeHeader).toMatch(/^<https?:\/\/[^>]+\/alertes\/desinscription\/[^>]+>, <mailto:[^>]+>$/);
    expect(headerOf(welcome as { headers: string }, "List-Unsubscribe-Post")).toBe(
      "List-Unsubscribe=One-Click",
    );
    expect(welcome?.text).toContain("/alertes/desinscription/");

    const piece = await createPiece("Bague Lagon du matin", ringCategory, "129");
    const published = Date.now();
    // Before the delay: nothing.
    expect((await runDigestPass(shop.ctx, new Date(published + 29 * MINUTE))).sent).toBe(0);
    expect(await mailsTo(email, DIGEST)).toHaveLength(0);
    clock = published + 31 * MINUTE;
    expect((await runDigestPass(shop.ctx, new Date(clock))).sent).toBe(1);
    const digests = await mailsTo(email, DIGEST);
    expect(digests).toHaveLength(1);
    const digest = digests[0] as ReturnType<typeof parseMail>;
    expect(digest.text).toContain("Bague Lagon du matin");
    expect(digest.html).toContain(`/catalogue/produit/${piece.slug}`);
    expect(digest.html).toMatch(/<img[^>]+src="https?:\/\/[^"]+\/images\/products\/[^"]+"/);
    expect(digest.text).toMatch(/129,00\s€/);
    const digestHeader = headerOf(digest, "List-Unsubscribe");
    expect(digestHeader).toBe(unsubscribeHeader);
    expect(headerOf(digest, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    // The mail app's one-click POST: no cookie, another origin.
    const url = /<(https?:\/\/[^>]+)>/.exec(digestHeader)?.[1] as string;
    const oneClick = await fetch(`${shop.url}${new URL(url).pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: "https://mail.example.com", "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toBe("Désinscription effectuée.");
    expect(await subscription(email)).toBeUndefined();

    await createPiece("Bague Lagon du soir", ringCategory);
    clock += 2 * DAY;
    expect((await runDigestPass(shop.ctx, new Date(clock))).sent).toBe(0);
    expect(await mailsTo(email, DIGEST)).toHaveLength(1);
  });

  it("keeps every other write refused from another origin", async () => {
    const response = await plainSubscribe(signupFields("intruse@example.fr"), {
      origin: "https://mail.example.com",
    });
    expect(response.status).toBe(403);
    expect(await subscription("intruse@example.fr")).toBeUndefined();
  });
});

describe("the visible unsubscription link (no sign-in, no JavaScript)", () => {
  it("shows a page whose button unsubscribes, then says so", async () => {
    const email = "moana.lien@example.fr";
    const welcome = await subscribeAndConfirm(email);
    const link = /https?:\/\/\S+\/alertes\/desinscription\/[A-Za-z0-9._-]+/.exec(welcome.text)?.[0] as string;
    const path = new URL(link).pathname;
    const page = await fetch(`${shop.url}${path}`);
    expect(await page.text()).toContain("Me désinscrire");
    expect(await subscription(email)).toBeTruthy();
    const posted = await fetch(`${shop.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: shop.url, accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`${path}?fait=1`);
    expect(await (await fetch(`${shop.url}${path}?fait=1`)).text()).toContain("Vous êtes désinscrit(e)");
    expect(await subscription(email)).toBeUndefined();
  });

  it("refuses a forged token (404) and another body (400), changing nothing", async () => {
    const email = "hina.forge@example.fr";
    const welcome = await subscribeAndConfirm(email);
    const token = /\/alertes\/desinscription\/([A-Za-z0-9._-]+)/.exec(welcome.text)?.[1] as string;
    const forged = `${token.split(".")[0]}.${"A".repeat(43)}`;
    const post = (path: string, body: string) =>
      fetch(`${shop.url}/alertes/desinscription/${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    const refused = await post(forged, "List-Unsubscribe=One-Click");
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("n'est pas valable");
    const wrongBody = await post(token, "List-Unsubscribe=Autre");
    expect(wrongBody.status).toBe(400);
    expect((await post(token, `List-Unsubscribe=One-Click&x=${"a".repeat(5000)}`)).status).toBe(413);
    expect(await subscription(email)).toBeTruthy();
  });
});

describe("the sign-up", () => {
  it("answers the same whether the address is new or already subscribed, as a plain form too", async () => {
    const email = "meme.reponse@example.fr";
    await subscribeAndConfirm(email);
    const again = await plainSubscribe(signupFields(email));
    const fresh = await plainSubscribe(signupFields("toute.nouvelle@example.fr"));
    expect(again.status).toBe(200);
    expect(fresh.status).toBe(200);
    const message = "un e-mail de confirmation vient de lui être envoyé";
    expect(await again.text()).toContain(message);
    expect(await fresh.text()).toContain(message);
    // Still subscribed until the new link is followed.
    expect((await subscription(email))?.confirmed_at).toBeTruthy();
  });

  it("refuses bad input with a French 400 and records nothing", async () => {
    const cases: [Record<string, string | string[]>, string][] = [
      [{ ...signupFields("sans.accord@example.fr"), consent: "" }, "Cochez la case"],
      [signupFields("pas-une-adresse"), "n'est pas valide"],
      [signupFields("categorie@example.fr", ["inconnue00000000"]), "n'existe plus"],
      [signupFields("forme@example.fr", ["../x"]), "Catégorie inconnue"],
      [{ email: "sans.nom@example.fr", consent: "oui" }, "Formulaire inconnu"],
    ];
    for (const [fields, message] of cases) {
      const answer = await postCommand(shop.url, "/alertes", fields);
      expect(answer.status, message).toBe(400);
      expect(answer.body?.error, message).toContain(message);
    }
    const rows = await shop.ctx.db
      .selectFrom("alert_subscriptions")
      .select("email")
      .where("email", "in", ["sans.accord@example.fr", "categorie@example.fr", "forme@example.fr"])
      .execute();
    expect(rows).toEqual([]);
  });

  it("drops a bot's post (honeypot) with the ordinary answer", async () => {
    const response = await plainSubscribe({ ...signupFields("robot@example.fr"), site_web: "http://spam" });
    expect(response.status).toBe(200);
    expect(await subscription("robot@example.fr")).toBeUndefined();
  });

  it("limits requests per address: the fourth in an hour is a 429", async () => {
    const email = "pressee@example.fr";
    for (let i = 0; i < 3; i++) expect((await plainSubscribe(signupFields(email))).status).toBe(200);
    const limited = await plainSubscribe(signupFields(email));
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Trop de demandes");
    expect(await mailsTo(email, CONFIRMATION)).toHaveLength(3);
  });

  it("a bad or used confirmation link shows a French message and its POST is a 404", async () => {
    const page = await fetch(`${shop.url}/alertes/confirmer/${"x".repeat(43)}`);
    expect(await page.text()).toContain("pas ou plus valable");
    const post = await postCommand(shop.url, `/alertes/confirmer/${"x".repeat(43)}`, {});
    expect(post.status).toBe(404);
  });
});

describe("the seller's side", () => {
  it("a piece of another category sends nothing to a subscriber of rings; the overview counts and pauses", async () => {
    const email = "bagues.seulement@example.fr";
    await subscribeAndConfirm(email, [ringCategory]);
    await createPiece("Collier Marée haute", necklaceCategory);
    clock += 2 * DAY;
    await runDigestPass(shop.ctx, new Date(clock));
    expect(await mailsTo(email, DIGEST)).toHaveLength(0);

    const overview = await fetch(`${shop.url}/admin`, { headers: { cookie: adminCookie } });
    const confirmed = await shop.ctx.db
      .selectFrom("alert_subscriptions")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("confirmed_at", "is not", null)
      .executeTakeFirstOrThrow();
    expect(await overview.text()).toContain(`${Number(confirmed.n)} abonné(e)s confirmé(e)s`);

    expect((await postCommand(shop.url, "/admin", { intent: "alerts-pause" }, adminCookie)).body).toEqual({
      ok: true,
      message: "Envois des alertes mis en pause.",
    });
    await createPiece("Bague Atoll", ringCategory);
    clock += 2 * DAY;
    expect(await runDigestPass(shop.ctx, new Date(clock))).toEqual({ sent: 0, idle: "pause" });
    expect(await mailsTo(email, DIGEST)).toHaveLength(0);
    // A customer cannot resume it.
    const customer = await signUp(shop.url, "cliente.alertes@example.fr");
    const refused = await postCommand(shop.url, "/admin", { intent: "alerts-resume" }, customer);
    expect(refused.body).toBeNull();
    expect((await postCommand(shop.url, "/admin", { intent: "alerts-resume" }, adminCookie)).body?.ok).toBe(
      true,
    );
    expect((await runDigestPass(shop.ctx, new Date(clock))).sent).toBeGreaterThan(0);
    expect(await mailsTo(email, /Bague Atoll/)).toHaveLength(1);
  });
});

describe("privacy", () => {
  it("the account's export shows the subscription of its address, and deleting the account deletes it", async () => {
    const email = "vaiana.donnees@example.fr";
    const cookie = await signUp(shop.url, email);
    await subscribeAndConfirm(email, [ringCategory]);
    const exported = await fetch(`${shop.url}/mon-compte/mes-donnees`, { headers: { cookie } });
    const document = (await exported.json()) as Record<string, unknown>;
    expect(document.alertes_nouvelles_creations).toMatchObject({
      email,
      categories: [ringCategory],
      confirme_le: expect.any(String),
      consentement: { texte: expect.stringContaining("J'accepte"), version: expect.any(String) },
    });
    const closed = await fetch(`${shop.url}/mon-compte`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: shop.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete-account", password: "Motdepasse-2026" }),
    });
    expect(closed.status).toBeLessThan(400);
    expect(await subscription(email)).toBeUndefined();
  });
});
