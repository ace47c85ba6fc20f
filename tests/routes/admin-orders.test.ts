/**
 * The seller's side of orders (docs/product.md §10.19), a route test (the app in this process, over
 * real HTTP): the list with its status filter and search, an order's page, each step from the
 * page's action, posted as a plain form and as the page's fetcher posts it (ADR 013), the
 * customer's e-mails, the stock, the history with the admin's name; refused steps (409), bad links
 * (400), unknown orders (404) and non-admins (redirects) change nothing.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "../support/outbox";
import { postCommand } from "../support/page-command";
import { DEMO_ADMIN, DEMO_CUSTOMER, queryDatabase, signIn } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let admin: string;
let customer: string;
let adminName: string;

interface Piece {
  id: string;
  name: string;
  slug: string;
  /** Null: a piece on request (docs/product.md §10.19), ordered with its price unknown. */
  price_cents: number | null;
}
/** Two unique pieces for sale, and a piece with many units (every order here holds some). */
const pieces: { unique: Piece; otherUnique: Piece; stocked: Piece } = {} as never;

let orderRank = 9000;

/**
 * An order as the order form places it (orders.server.ts's placeOrder): its lines at the piece's
 * price, held for 7 days, its first step by the customer. Written here directly, so this suite does
 * not depend on the form.
 */
async function insertOrder(options: {
  name: string;
  email: string;
  lines: { piece: Piece; quantity: number }[];
  delivery?: "envoi" | "evenement" | "main_propre";
  message?: string;
  createdAt?: Date;
  holdDays?: number;
  /** The delivery's cost as placing computed it; null « sur devis » (ADR 028). 0 unless said. */
  deliveryCents?: number | null;
}) {
  const id = crypto.randomBytes(8).toString("hex").slice(0, 15);
  const number = `NAC-2026-${++orderRank}`;
  const created = options.createdAt ?? new Date();
  const at = created.toISOString();
  const hold = new Date(created.getTime() + (options.holdDays ?? 7) * 86_400_000).toISOString();
  const deliveryCents = options.deliveryCents === undefined ? 0 : options.deliveryCents;
  const total =
    options.lines.reduce((sum, line) => sum + (line.piece.price_cents ?? 0) * line.quantity, 0) +
    (deliveryCents ?? 0);
  const byPost = (options.delivery ?? "envoi") === "envoi";
  await queryDatabase(shop.dataDir, async (db) => {
    await db.run(
      `insert into orders (id, number, tracking_token, user_id, status, customer_name, email, phone,
        delivery_method, address_line, postal_code, city, message, delivery_cents, total_cents,
        hold_expires_at, created_at, updated_at)
       values (?, ?, ?, null, 'nouvelle', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      number,
      crypto.randomBytes(32).toString("base64url"),
      options.name,
      options.email,
      "06 12 34 56 78",
      options.delivery ?? "envoi",
      byPost ? "12 rue des Lagons" : "",
      byPost ? "56170" : "",
      byPost ? "Quiberon" : "",
      options.message ?? "",
      deliveryCents,
      total,
      hold,
      at,
      at,
    );
    let position = 0;
    for (const line of options.lines) {
      await db.run(
        `insert into order_lines (id, order_id, product_id, product_name, product_slug, unit_price_cents, quantity, position)
         values (?, ?, ?, ?, ?, ?, ?, ?)`,
        `${id.slice(0, 12)}l${position}`,
        id,
        line.piece.id,
        line.piece.name,
        line.piece.slug,
        line.piece.price_cents,
        line.quantity,
        position++,
      );
    }
    await db.run(
      "insert into order_events (id, order_id, status, admin_id, created_at) values (?, ?, 'nouvelle', null, ?)",
      `${id.slice(0, 12)}e0`,
      id,
      at,
    );
  });
  return { id, number };
}

/** The e-mails written to the outbox so far, decoded. */
function outbox(): string[] {
  return readOutbox(shop.dataDir);
}

/** Waits for the queued e-mail to `to` holding every one of `texts`. */
async function mailTo(to: string, ...texts: string[]): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = outbox().find((mail) => mail.includes(to) && texts.every((text) => mail.includes(text)));
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as string;
}

function post(url: string, fields: Record<string, string>, cookie = admin) {
  return fetch(`${shop.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: shop.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** A command to the order page's action as its fetcher posts it (the dashboard's way), decoded. */
async function api(fields: Record<string, string> & { orderId: string }) {
  const answer = await postCommand(shop.url, `/admin/commandes/${fields.orderId}`, fields, admin);
  if (answer.location !== null) throw new Error(`l'admin est renvoyée vers ${answer.location}`);
  return { status: answer.status, body: answer.body };
}

async function page(url: string, cookie = admin) {
  const response = await fetch(`${shop.url}${url}`, { headers: { cookie }, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** The page's visible text, roughly: tags and React's text separators removed. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The order's row, its steps and its pieces: what a refused command must leave as it was. */
function orderState(id: string) {
  return queryDatabase(shop.dataDir, async (db) => ({
    order: await db.get("select * from orders where id = ?", id),
    steps: await db.all(
      "select status, admin_id, admin_name, detail from order_events where order_id = ? order by created_at, id",
      id,
    ),
    pieces: await db.all("select id, stock, is_sold from products order by id"),
  }));
}

beforeAll(async () => {
  shop = await startTestShop("commandes-admin");
  admin = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  customer = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await queryDatabase(shop.dataDir, async (db) => {
    adminName = (
      (await db.get("select name from users where email = ?", DEMO_ADMIN.email)) as { name: string }
    ).name;
    const uniques = (await db.all(
      "select id, name, slug, price_cents from products where is_unique = 1 and is_sold = 0 and stock > 0 and price_cents is not null order by name limit 2",
    )) as Piece[];
    [pieces.unique, pieces.otherUnique] = uniques as [Piece, Piece];
    pieces.stocked = (await db.get(
      "select id, name, slug, price_cents from products where is_unique = 0 and is_sold = 0 and stock >= 1 and price_cents is not null order by name limit 1",
    )) as Piece;
    await db.run("update products set stock = 50 where id = ?", pieces.stocked.id);
  });
  expect(adminName).toBeTruthy();
  expect(pieces.unique?.id && pieces.otherUnique?.id && pieces.stocked?.id).toBeTruthy();
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

describe("the seller's orders", () => {
  let older: { id: string; number: string };
  let newer: { id: string; number: string };

  it("lists the orders newest first, filters them by status and searches them", async () => {
    older = await insertOrder({
      name: "Hinano Liste",
      email: "hinano-liste@exemple.fr",
      lines: [{ piece: pieces.stocked, quantity: 2 }],
      createdAt: new Date(Date.now() - 3_600_000),
    });
    newer = await insertOrder({
      name: "Teva Recherche",
      email: "teva-recherche@exemple.fr",
      lines: [{ piece: pieces.stocked, quantity: 1 }],
    });

    const all = await page("/admin/commandes");
    expect(all.status).toBe(200);
    const text = textOf(all.html);
    expect(text.indexOf(newer.number)).toBeGreaterThan(-1);
    expect(text.indexOf(older.number)).toBeGreaterThan(text.indexOf(newer.number));
    expect(text).toContain("Hinano Liste");
    expect(text).toContain("hinano-liste@exemple.fr");
    expect(all.html).toContain(`href="/admin/commandes/${older.id}"`);

    const fresh = textOf((await page("/admin/commandes?statut=nouvelle")).html);
    expect(fresh).toContain(older.number);
    expect(fresh).toContain(newer.number);
    const paid = textOf((await page("/admin/commandes?statut=payee")).html);
    expect(paid).not.toContain(older.number);
    expect(paid).toContain("Aucune commande « Payée » pour le moment.");

    const byName = textOf((await page("/admin/commandes?q=teva")).html);
    expect(byName).toContain(newer.number);
    expect(byName).not.toContain(older.number);
    const byNumber = textOf((await page(`/admin/commandes?q=${older.number.toLowerCase()}`)).html);
    expect(byNumber).toContain(older.number);
    expect(byNumber).not.toContain(newer.number);
    const none = textOf((await page("/admin/commandes?q=introuvable-zz")).html);
    expect(none).toContain("Aucune commande ne correspond à « introuvable-zz ».");
    // An unknown status is 'Toutes'.
    const unknown = await page("/admin/commandes?statut=nimporte");
    expect(unknown.status).toBe(200);
    expect(textOf(unknown.html)).toContain(older.number);
  });

  it("counts the new orders in the dashboard navigation and on the overview", async () => {
    const count = await queryDatabase(
      shop.dataDir,
      async (db) =>
        ((await db.get("select count(*) as n from orders where status = 'nouvelle'")) as { n: number }).n,
    );
    expect(count).toBeGreaterThanOrEqual(2);
    const overview = await page("/admin");
    const nav = textOf(overview.html.slice(overview.html.indexOf('aria-label="Administration"')));
    expect(nav).toMatch(new RegExp(`Commandes ${count} nouvelles`));
    expect(textOf(overview.html)).toContain(`${count} nouvelles commandes`);
    expect(overview.html).toContain('href="/admin/commandes?statut=nouvelle"');
  });

  it("shows everything about an order, and never its private link", async () => {
    const order = await insertOrder({
      name: "Moana Détail",
      email: "moana-detail@exemple.fr",
      lines: [
        { piece: pieces.stocked, quantity: 2 },
        { piece: pieces.otherUnique, quantity: 1 },
      ],
      message: "Un paquet cadeau, s'il vous plaît.",
    });
    const { status, html } = await page(`/admin/commandes/${order.id}`);
    expect(status).toBe(200);
    const text = textOf(html);
    for (const expected of [
      `Commande ${order.number}`,
      "Nouvelle",
      "Moana Détail",
      "moana-detail@exemple.fr",
      "06 12 34 56 78",
      "Commande passée sans compte",
      "Envoi postal",
      "12 rue des Lagons",
      "56170 Quiberon",
      "Un paquet cadeau, s'il vous plaît.",
      pieces.stocked.name,
      pieces.otherUnique.name,
      "Pièces réservées jusqu'au",
      "Historique",
      "Client",
      "Note interne",
      "Envoyer le lien de paiement",
      "Marquer payée",
      "Annuler la commande",
    ])
      expect(text, expected).toContain(expected);
    // Only what the status allows: nothing to ship or deliver yet.
    expect(text).not.toContain("Marquer expédiée");
    expect(text).not.toContain("Marquer livrée");
    expect(html).toContain(`href="mailto:moana-detail@exemple.fr`);
    expect(html).toContain(`href="/catalogue/produit/${pieces.otherUnique.slug}"`);
    const token = await queryDatabase(
      shop.dataDir,
      async (db) =>
        (
          (await db.get("select tracking_token from orders where id = ?", order.id)) as {
            tracking_token: string;
          }
        ).tracking_token,
    );
    expect(html).not.toContain(token);
  });

  it("says when an order's hold has expired", async () => {
    const order = await insertOrder({
      name: "Réservation Passée",
      email: "expiree@exemple.fr",
      lines: [{ piece: pieces.stocked, quantity: 1 }],
      createdAt: new Date(Date.now() - 10 * 86_400_000),
    });
    const text = textOf((await page(`/admin/commandes/${order.id}`)).html);
    expect(text).toContain("Réservation expirée");
    expect(text).not.toContain("Pièces réservées jusqu'au");
  });

  it("takes an order through every step, e-mailing the customer and recording the admin at each", async () => {
    const email = "vaea-etapes@exemple.fr";
    const order = await insertOrder({
      name: "Vaea Étapes",
      email,
      lines: [{ piece: pieces.unique, quantity: 1 }],
      delivery: "main_propre",
    });

    // The payment link, from the page as a plain form post (no JavaScript): the page answers.
    const link = "https://paiement.exemple.fr/p/abc123";
    const sent = await post(`/admin/commandes/${order.id}`, {
      intent: "send-payment-link",
      orderId: order.id,
      paymentUrl: link,
    });
    expect(sent.status).toBe(200);
    const sentPage = textOf(await sent.text());
    expect(sentPage).toContain("Lien de paiement envoyé par email.");
    expect(sentPage).toContain("Lien de paiement envoyé");
    const paymentMail = await mailTo(email, link);
    expect(paymentMail).toContain(order.number);
    expect(paymentMail).toContain(pieces.unique.name);
    expect(paymentMail).toContain("Remise en main propre");

    // A new link may replace the first while the order waits for its payment.
    const second = "https://paiement.exemple.fr/p/def456";
    expect(await api({ intent: "send-payment-link", orderId: order.id, paymentUrl: second })).toEqual({
      status: 200,
      body: { ok: true, message: "Lien de paiement envoyé par email." },
    });
    await mailTo(email, second);

    expect(await api({ intent: "mark-paid", orderId: order.id })).toEqual({
      status: 200,
      body: { ok: true, message: "Commande marquée payée." },
    });
    const sold = await queryDatabase(shop.dataDir, (db) =>
      db.get<{ is_sold: number }>("select is_sold from products where id = ?", pieces.unique.id),
    );
    expect(sold?.is_sold).toBe(1);
    expect((await page("/galerie")).html).toContain(`/galerie/vendu/${pieces.unique.slug}`);
    // The order's line now leads to the piece in the gallery.
    expect((await page(`/admin/commandes/${order.id}`)).html).toContain(
      `href="/galerie/vendu/${pieces.unique.slug}"`,
    );

    const tracking = "LA123456789FR";
    expect(await api({ intent: "mark-shipped", orderId: order.id, trackingNumber: tracking })).toEqual({
      status: 200,
      body: { ok: true, message: "Commande marquée expédiée." },
    });
    await mailTo(email, tracking);

    expect(await api({ intent: "mark-delivered", orderId: order.id })).toEqual({
      status: 200,
      body: { ok: true, message: "Commande marquée livrée." },
    });

    const state = await orderState(order.id);
    expect(state.order).toMatchObject({ status: "livree", payment_url: second, tracking_number: tracking });
    expect(state.steps.map((step) => step.status)).toEqual([
      "nouvelle",
      "lien_envoye",
      "lien_envoye",
      "payee",
      "expediee",
      "livree",
    ]);
    expect(state.steps[0]).toMatchObject({ admin_id: null });
    for (const step of state.steps.slice(1)) expect(step.admin_name).toBe(adminName);

    const shown = textOf((await page(`/admin/commandes/${order.id}`)).html);
    expect(shown).toContain("Cette commande est livrée : aucune étape ne reste.");
    for (const label of ["Lien de paiement envoyé", "Payée", "Expédiée", "Livrée"])
      expect(shown).toContain(label);
    expect(shown).toContain(`Numéro de suivi : ${tracking}`);
    expect(shown.split(adminName).length - 1).toBeGreaterThanOrEqual(5);
  });

  it("refuses the steps an order's status does not allow, with a French 409, changing nothing", async () => {
    const delivered = await insertOrder({
      name: "Refus Livrée",
      email: "refus@exemple.fr",
      lines: [{ piece: pieces.stocked, quantity: 1 }],
    });
    for (const intent of ["mark-paid", "mark-shipped", "mark-delivered"])
      expect((await api({ intent, orderId: delivered.id })).status, intent).toBe(200);
    // The customer's e-mails are queued, not awaited: all three must be written before the outbox
    // is counted, or a late one would pass for a refusal's.
    for (const text of ["bien reçu votre paiement", "est en route", "est livrée"])
      await mailTo("refus@exemple.fr", text);
    const fresh = await insertOrder({
      name: "Refus Nouvelle",
      email: "refus-nouvelle@exemple.fr",
      lines: [{ piece: pieces.stocked, quantity: 1 }],
    });

    const refusals: [string, Record<string, string>, RegExp][] = [
      [delivered.id, { intent: "cancel" }, /« Livrée » ne peut pas passer à « Annulée »/],
      [delivered.id, { intent: "mark-paid" }, /« Livrée » ne peut pas passer à « Payée »/],
      [
        delivered.id,
        { intent: "send-payment-link", paymentUrl: "https://paiement.exemple.fr/x" },
        /ne peut pas passer/,
      ],
      [fresh.id, { intent: "mark-shipped" }, /« Nouvelle » ne peut pas passer à « Expédiée »/],
      [fresh.id, { intent: "mark-delivered" }, /« Nouvelle » ne peut pas passer à « Livrée »/],
    ];
    for (const [id, fields, message] of refusals) {
      const before = await orderState(id);
      const mails = outbox().length;
      const answer = await api({ ...fields, orderId: id });
      expect(answer.status, JSON.stringify(fields)).toBe(409);
      expect(answer.body).toMatchObject({ ok: false, error: expect.stringMatching(message) });
      expect(await orderState(id)).toEqual(before);
      expect(outbox().length).toBe(mails);
    }
    // The page's action refuses the same way, and says so on the page.
    const refused = await post(`/admin/commandes/${delivered.id}`, {
      intent: "cancel",
      orderId: delivered.id,
    });
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain("« Livrée » ne peut pas passer à « Annulée »");
  });

  it("refuses a payment link that is not https with a French 400, changing nothing", async () => {
    const order = await insertOrder({
      name: "Lien Douteux",
      email: "lien@exemple.fr",
      lines: [{ piece: pieces.stocked, quantity: 1 }],
    });
    const before = await orderState(order.id);
    for (const paymentUrl of [
      "http://paiement.exemple.fr/p/1",
      "javascript:alert(1)",
      "https://",
      "paiement.exemple.fr",
      "",
    ]) {
      const answer = await api({ intent: "send-payment-link", orderId: order.id, paymentUrl });
      expect(answer.status, paymentUrl).toBe(400);
      expect(String(answer.body.error)).toMatch(/lien de paiement/i);
      const fromPage = await post(`/admin/commandes/${order.id}`, {
        intent: "send-payment-link",
        orderId: order.id,
        paymentUrl,
      });
      expect(fromPage.status, paymentUrl).toBe(400);
    }
    expect(await orderState(order.id)).toEqual(before);
  });

  it("takes the price of a piece on request (French 400 on bad input), refusing the payment link until then (409)", async () => {
    const email = "poerava-sur-demande@exemple.fr";
    const onRequest = { ...pieces.stocked, price_cents: null };
    const order = await insertOrder({
      name: "Poerava Sur Demande",
      email,
      lines: [{ piece: onRequest, quantity: 2 }],
    });
    const lineId = (
      (await queryDatabase(shop.dataDir, (db) =>
        db.get("select id from order_lines where order_id = ?", order.id),
      )) as { id: string }
    ).id;

    const shown = textOf((await page(`/admin/commandes/${order.id}`)).html);
    expect(shown).toContain("2 × Prix sur demande");
    expect(shown).toContain("Total à confirmer");
    expect(shown).toContain("Prix de la pièce (€)");
    expect(shown).toContain(
      "Une pièce est à prix sur demande : indiquez son prix avant d'envoyer le lien de paiement.",
    );
    expect(textOf((await page("/admin/commandes")).html)).toMatch(
      new RegExp(
        `${order.number} [^€]{0,40}Prix à fixer Nouvelle Poerava Sur Demande \\S+ à confirmer 2 pièces`,
      ),
    );

    // No payment link (nor payment) while a line has no price: a French 409, nothing written or sent.
    const before = await orderState(order.id);
    const mails = outbox().length;
    for (const fields of [
      { intent: "send-payment-link", paymentUrl: "https://paiement.exemple.fr/p/demande" },
      { intent: "mark-paid" },
    ] as Record<string, string>[]) {
      const refused = await api({ ...fields, orderId: order.id });
      expect(refused.status, fields.intent).toBe(409);
    }
    expect(
      (
        await api({
          intent: "send-payment-link",
          orderId: order.id,
          paymentUrl: "https://paiement.exemple.fr/p/demande",
        })
      ).body,
    ).toEqual({ ok: false, error: "Indiquez le prix de chaque pièce avant d'envoyer le lien de paiement." });
    const fromPage = await post(`/admin/commandes/${order.id}`, {
      intent: "send-payment-link",
      orderId: order.id,
      paymentUrl: "https://paiement.exemple.fr/p/demande",
    });
    expect(fromPage.status).toBe(409);
    expect(textOf(await fromPage.text())).toContain(
      "Indiquez le prix de chaque pièce avant d'envoyer le lien de paiement.",
    );

    // Bad prices: a French 400 (checked like a product's price), nothing written.
    for (const [price, message] of [
      ["", "Indiquez le prix de la pièce."],
      ["   ", "Indiquez le prix de la pièce."],
      ["abc", "Le prix doit être un nombre positif, au centime près."],
      ["-5", "Le prix doit être un nombre positif, au centime près."],
      ["12,345", "Le prix doit être un nombre positif, au centime près."],
      ["1e3", "Le prix doit être un nombre positif, au centime près."],
      ["123456789", "Le prix doit être un nombre positif, au centime près."],
    ] as const) {
      const answer = await api({ intent: "set-line-price", orderId: order.id, lineId, price });
      expect(answer.status, price).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, error: message });
    }
    expect(
      (await post(`/admin/commandes/${order.id}`, { intent: "set-line-price", lineId, price: "abc" })).status,
    ).toBe(400);
    const unknownLine = await api({
      intent: "set-line-price",
      orderId: order.id,
      lineId: "inconnue1",
      price: "10",
    });
    expect(unknownLine).toEqual({
      status: 404,
      body: { ok: false, error: "Cette pièce ne fait pas partie de la commande." },
    });
    expect(await orderState(order.id)).toEqual(before);
    expect(outbox().length).toBe(mails);

    // The seller's price: recorded on the line, the order's total known at last.
    expect(await api({ intent: "set-line-price", orderId: order.id, lineId, price: "45,50" })).toEqual({
      status: 200,
      body: { ok: true, message: "Prix de la pièce enregistré." },
    });
    const priced = await queryDatabase(shop.dataDir, async (db) => ({
      line: await db.get("select unit_price_cents from order_lines where id = ?", lineId),
      order: await db.get("select total_cents, status from orders where id = ?", order.id),
    }));
    expect(priced).toEqual({
      line: { unit_price_cents: 4550 },
      order: { total_cents: 9100, status: "nouvelle" },
    });
    expect(await api({ intent: "set-line-price", orderId: order.id, lineId, price: "50" })).toEqual({
      status: 409,
      body: { ok: false, error: "Le prix de cette pièce est déjà fixé." },
    });
    const after = textOf((await page(`/admin/commandes/${order.id}`)).html);
    expect(after).toContain("Livraison offerte");
    expect(after).toContain("Total 91,00 €");
    expect(after).not.toContain("Prix de la pièce (€)");

    const link = "https://paiement.exemple.fr/p/demande-ok";
    expect((await api({ intent: "send-payment-link", orderId: order.id, paymentUrl: link })).status).toBe(
      200,
    );
    const mail = await mailTo(email, link);
    expect(mail).toMatch(/Total : 91,00\s€/);
    expect(mail).not.toContain("à confirmer");
  });

  it("takes the delivery's cost of a zone « sur devis » (French 400 on bad input), refusing the link and the payment until then (409)", async () => {
    const email = "hereiti-sur-devis@exemple.fr";
    const order = await insertOrder({
      name: "Hereiti Sur Devis",
      email,
      lines: [{ piece: pieces.stocked, quantity: 1 }],
      deliveryCents: null,
    });
    const shown = textOf((await page(`/admin/commandes/${order.id}`)).html);
    expect(shown).toContain("Livraison sur devis");
    expect(shown).toContain(
      "La livraison vers cette zone est sur devis : indiquez ses frais avant d'envoyer le lien de paiement.",
    );
    expect(shown).toContain("Frais de livraison (€)");
    expect(textOf((await page("/admin/commandes")).html)).toMatch(
      new RegExp(`${order.number} [^€]{0,60}Livraison à chiffrer`),
    );

    const before = await orderState(order.id);
    const mails = outbox().length;
    expect(
      await api({
        intent: "send-payment-link",
        orderId: order.id,
        paymentUrl: "https://paiement.exemple.fr/p/devis",
      }),
    ).toEqual({
      status: 409,
      body: {
        ok: false,
        error: "Indiquez les frais de livraison (sur devis) avant d'envoyer le lien de paiement.",
      },
    });
    expect(await api({ intent: "mark-paid", orderId: order.id })).toEqual({
      status: 409,
      body: {
        ok: false,
        error: "Indiquez les frais de livraison (sur devis) avant de marquer la commande payée.",
      },
    });
    for (const [deliveryCost, message] of [
      ["", "Indiquez les frais de livraison (0 pour une livraison offerte)."],
      [
        "-5",
        "Les frais de livraison doivent être un montant positif en euros, au centime près, de 500 € au plus.",
      ],
      [
        "abc",
        "Les frais de livraison doivent être un montant positif en euros, au centime près, de 500 € au plus.",
      ],
      [
        "500,01",
        "Les frais de livraison doivent être un montant positif en euros, au centime près, de 500 € au plus.",
      ],
    ] as const) {
      const answer = await api({ intent: "set-delivery-cost", orderId: order.id, deliveryCost });
      expect(answer, deliveryCost).toEqual({ status: 400, body: { ok: false, error: message } });
    }
    expect(await orderState(order.id)).toEqual(before);
    expect(outbox().length).toBe(mails);

    expect(await api({ intent: "set-delivery-cost", orderId: order.id, deliveryCost: "24,50" })).toEqual({
      status: 200,
      body: { ok: true, message: "Frais de livraison enregistrés." },
    });
    expect(
      await queryDatabase(shop.dataDir, (db) =>
        db.get("select delivery_cents, total_cents from orders where id = ?", order.id),
      ),
    ).toEqual({ delivery_cents: 2450, total_cents: (pieces.stocked.price_cents ?? 0) + 2450 });
    expect(await api({ intent: "set-delivery-cost", orderId: order.id, deliveryCost: "10" })).toEqual({
      status: 409,
      body: { ok: false, error: "Les frais de livraison de cette commande sont déjà fixés." },
    });
    const after = textOf((await page(`/admin/commandes/${order.id}`)).html);
    expect(after).not.toContain("Frais de livraison (€)");

    const link = "https://paiement.exemple.fr/p/devis-ok";
    expect((await api({ intent: "send-payment-link", orderId: order.id, paymentUrl: link })).status).toBe(
      200,
    );
    const mail = await mailTo(email, link);
    expect(mail).toMatch(/Frais de livraison : 24,50\s€/);
  });

  it("cancels an order with its pieces back on sale, and keeps the internal note for the shop", async () => {
    const order = await insertOrder({
      name: "Annulation Payée",
      email: "annulation@exemple.fr",
      lines: [{ piece: pieces.stocked, quantity: 2 }],
    });
    const stock = async () =>
      (
        await queryDatabase(shop.dataDir, (db) =>
          db.get<{ stock: number }>("select stock from products where id = ?", pieces.stocked.id),
        )
      )?.stock;
    const initial = await stock();
    expect((await api({ intent: "mark-paid", orderId: order.id })).status).toBe(200);
    expect(await stock()).toBe(Number(initial) - 2);
    expect(await api({ intent: "cancel", orderId: order.id })).toEqual({
      status: 200,
      body: { ok: true, message: "Commande annulée." },
    });
    expect(await stock()).toBe(initial);

    const note = "Cliente fidèle : offrir un écrin.";
    expect(await api({ intent: "save-note", orderId: order.id, note })).toEqual({
      status: 200,
      body: { ok: true, message: "Note interne enregistrée." },
    });
    expect(textOf((await page(`/admin/commandes/${order.id}`)).html)).toContain(note);
    // The customer's e-mails never carry it.
    await mailTo("annulation@exemple.fr", "a été annulée");
    expect(outbox().some((mail) => mail.includes(note))).toBe(false);
  });

  it("answers an unknown order with a French 404, inside the dashboard", async () => {
    const shown = await page("/admin/commandes/inconnue");
    expect(shown.status).toBe(404);
    const text = textOf(shown.html);
    expect(text).toContain("Commande introuvable");
    expect(text).toContain("Cette commande n'existe pas.");
    expect(text).toContain("Tableau de bord");
    for (const intent of ["mark-paid", "cancel", "mark-delivered"]) {
      expect(await api({ intent, orderId: "inconnue" })).toEqual({
        status: 404,
        body: { ok: false, error: "Cette commande n'existe pas." },
      });
    }
    expect(await api({ intent: "save-note", orderId: "inconnue", note: "x" })).toMatchObject({ status: 404 });
    expect(
      (await post("/admin/commandes/inconnue", { intent: "mark-paid", orderId: "inconnue" })).status,
    ).toBe(404);
    expect(await api({ intent: "inconnu", orderId: "inconnue" })).toMatchObject({ status: 400 });
  });

  it("keeps visitors and customers out of every new route", async () => {
    const order = await insertOrder({
      name: "Accès Refusé",
      email: "acces@exemple.fr",
      lines: [{ piece: pieces.stocked, quantity: 1 }],
    });
    const before = await orderState(order.id);
    for (const [who, cookie] of [
      ["visitor", ""],
      ["customer", customer],
    ] as const) {
      for (const url of ["/admin/commandes", `/admin/commandes/${order.id}`]) {
        const read = await page(url, cookie);
        expect(read.status, `${who} GET ${url}`).toBe(302);
        expect(read.location, `${who} GET ${url}`).toMatch(who === "visitor" ? /^\/auth\?/ : /acces=refuse/);
        expect(read.html).not.toContain("acces@exemple.fr");
      }
      const write = await post(
        `/admin/commandes/${order.id}`,
        { intent: "cancel", orderId: order.id },
        cookie,
      );
      expect(write.status, `${who} POST page`).toBe(302);
      const viaFetcher = await postCommand(
        shop.url,
        `/admin/commandes/${order.id}`,
        { intent: "cancel", orderId: order.id },
        cookie,
      );
      expect(viaFetcher.status, `${who} POST fetcher`).toBe(302);
      expect(viaFetcher.location, `${who} POST fetcher`).toMatch(
        who === "visitor" ? /^\/auth\?/ : /acces=refuse/,
      );
    }
    expect(await orderState(order.id)).toEqual(before);
  });
});
