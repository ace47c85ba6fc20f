/**
 * The withdrawal function and the seller's side (docs/product.md §10.24), a route test (the app in
 * this process, over real HTTP): « Renoncer au contrat ici » on the guest's private page and in
 * 'Mes commandes', the declaration posted as a plain form, the acknowledgement e-mail, the page once
 * the period is over, another customer's order (404), /retractation's neutral answer and its rate
 * limit, and the seller's block: « Retour reçu » puts the piece back on sale, « Remboursée », and the
 * overdue refund flagged in the list and on the overview.
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
let customerId: string;

interface Piece {
  id: string;
  name: string;
  slug: string;
  price_cents: number;
}
let uniques: Piece[] = [];
let stocked: Piece;

const DAY = 86_400_000;
let orderRank = 7000;
let nextAddress = 1;
const newAddress = () => `10.77.0.${nextAddress++}`;

/**
 * An order as the shop would have it after its steps: paid (a unique piece then sold), shipped,
 * delivered `deliveredDaysAgo` days ago when given. Written directly, so this suite does not depend
 * on the order form or the steps' page.
 */
async function insertOrder(options: {
  email: string;
  piece: Piece;
  userId?: string | null;
  status: "nouvelle" | "payee" | "expediee" | "livree";
  deliveredDaysAgo?: number;
}) {
  const id = crypto.randomBytes(8).toString("hex").slice(0, 15);
  const token = crypto.randomBytes(32).toString("base64url");
  const number = `NAC-2026-${++orderRank}`;
  const now = Date.now();
  const created = new Date(now - ((options.deliveredDaysAgo ?? 0) + 5) * DAY).toISOString();
  const lineId = `${id.slice(0, 12)}l0`;
  await queryDatabase(shop.dataDir, async (db) => {
    await db.run(
      `insert into orders (id, number, tracking_token, user_id, status, customer_name, email, phone,
        delivery_method, address_line, postal_code, city, message, delivery_cents, total_cents,
        hold_expires_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'Tiare Retour', ?, '', 'envoi', '12 rue des Lagons', '56170', 'Quiberon', '', 0, ?, ?, ?, ?)`,
      id,
      number,
      token,
      options.userId ?? null,
      options.status,
      options.email,
      options.piece.price_cents,
      created,
      created,
      created,
    );
    await db.run(
      `insert into order_lines (id, order_id, product_id, product_name, product_slug, unit_price_cents, quantity, position)
       values (?, ?, ?, ?, ?, ?, 1, 0)`,
      lineId,
      id,
      options.piece.id,
      options.piece.name,
      options.piece.slug,
      options.piece.price_cents,
    );
    const steps: [string, number][] = [["nouvelle", 5]];
    if (options.status !== "nouvelle") steps.push(["payee", 4]);
    if (options.status === "expediee" || options.status === "livree") steps.push(["expediee", 3]);
    if (options.status === "livree") steps.push(["livree", 0]);
    for (const [index, [status, daysBefore]] of steps.entries())
      await db.run(
        "insert into order_events (id, order_id, status, admin_id, created_at) values (?, ?, ?, null, ?)",
        `${id.slice(0, 12)}e${index}`,
        id,
        status,
        new Date(now - ((options.deliveredDaysAgo ?? 0) + daysBefore) * DAY).toISOString(),
      );
    if (options.status !== "nouvelle")
      await db.run("update products set is_sold = 1 where id = ?", options.piece.id);
  });
  return { id, token, number, lineId };
}

/** Posts a form as a browser without JavaScript does (repeated fields as pairs). */
async function postForm(
  pathname: string,
  fields: [string, string][],
  options: { cookie?: string; address?: string } = {},
) {
  const response = await fetch(`${shop.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: shop.url,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": options.address ?? newAddress(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

async function page(url: string, cookie = "") {
  const response = await fetch(`${shop.url}${url}`, {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
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

/** Waits for the delivered e-mail to `to` holding every one of `texts`. */
async function mailTo(to: string, ...texts: string[]): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = readOutbox(shop.dataDir).find(
          (mail) => mail.includes(to) && texts.every((t) => mail.includes(t)),
        );
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as string;
}

const withdrawals = (orderId: string) =>
  queryDatabase(shop.dataDir, (db) => db.all("select * from order_withdrawals where order_id = ?", orderId));

beforeAll(async () => {
  shop = await startTestShop("retractation", { TRUST_PROXY: "1" });
  admin = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  customer = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await queryDatabase(shop.dataDir, async (db) => {
    customerId = (
      (await db.get("select id from users where email = ?", DEMO_CUSTOMER.email)) as { id: string }
    ).id;
    uniques = (await db.all(
      "select id, name, slug, price_cents from products where is_unique = 1 and is_sold = 0 and price_cents is not null order by name limit 6",
    )) as Piece[];
    stocked = (await db.get(
      "select id, name, slug, price_cents from products where is_unique = 0 and is_sold = 0 and price_cents is not null order by name limit 1",
    )) as Piece;
    await db.run("update shop_settings set email = 'boutique-retractation@exemple.fr' where id = 'shop'");
  });
  expect(uniques).toHaveLength(6);
  expect(stocked?.id).toBeTruthy();
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

describe("the customer's withdrawal function", () => {
  it("shipped, delivered, « Renoncer au contrat ici », « Confirmer la rétractation », the acknowledgement", async () => {
    const email = "tiare-retour@exemple.fr";
    const order = await insertOrder({
      email,
      piece: uniques[0] as Piece,
      status: "livree",
      deliveredDaysAgo: 2,
    });
    const tracking = await page(`/commande/${order.token}`);
    expect(tracking.status).toBe(200);
    expect(textOf(tracking.html)).toContain("Renoncer au contrat ici");
    expect(tracking.html).toContain(`href="/commande/${order.token}/retractation"`);

    const form = await page(`/commande/${order.token}/retractation`);
    expect(form.status).toBe(200);
    const text = textOf(form.html);
    for (const expected of [
      "Déclaration de rétractation",
      order.number,
      "Confirmer la rétractation",
      (uniques[0] as Piece).name,
    ])
      expect(text, expected).toContain(expected);
    expect(form.html).toContain('value="Tiare Retour"');
    expect(form.html).toContain(`value="${email}"`);
    const checkbox = form.html.match(new RegExp(`<input[^>]*value="${order.lineId}"[^>]*>`))?.[0] ?? "";
    expect(checkbox).toContain('name="pieces"');
    expect(checkbox).toContain('checked=""');

    // No piece ticked: refused, nothing written.
    const none = await postForm(`/commande/${order.token}/retractation`, [
      ["intent", "declarer"],
      ["name", "Tiare Retour"],
      ["email", email],
    ]);
    expect(none.status).toBe(400);
    expect(textOf(none.html)).toContain("Cochez au moins une pièce.");
    expect(await withdrawals(order.id)).toHaveLength(0);

    const done = await postForm(`/commande/${order.token}/retractation`, [
      ["intent", "declarer"],
      ["name", "Tiare Retour"],
      ["email", email],
      ["pieces", order.lineId],
      ["reason", "Trop grand pour moi."],
    ]);
    expect(done.status, done.html.slice(0, 300)).toBe(303);
    expect(done.location).toBe(`/commande/${order.token}`);
    // The subject is encoded in the mail's headers: the body says the same.
    const mail = await mailTo(email, "Nous avons bien reçu votre rétractation", order.number);
    expect(mail).toMatch(/Nous avons bien reçu votre rétractation le \d{1,2} \S+ 2\d{3} à \d{2} h \d{2}/);
    expect(mail).toContain("Motif : Trop grand pour moi.");
    await mailTo("boutique-retractation@exemple.fr", "de rétractation du site", order.number);

    const after = textOf((await page(`/commande/${order.token}`)).html);
    expect(after).toContain("Vous vous êtes rétracté(e) de cette commande le");
    expect(after).not.toContain("Renoncer au contrat ici");
    // A second declaration is refused.
    const again = await postForm(`/commande/${order.token}/retractation`, [
      ["name", "Tiare Retour"],
      ["email", email],
      ["pieces", order.lineId],
    ]);
    expect(again.status).toBe(409);
    expect(textOf(again.html)).toContain("Vous vous êtes déjà rétracté(e) de cette commande");
    expect(await withdrawals(order.id)).toHaveLength(1);
  });

  it("says why once the period is over, with no control, and refuses a late declaration", async () => {
    const order = await insertOrder({
      email: "tard@exemple.fr",
      piece: uniques[1] as Piece,
      status: "livree",
      deliveredDaysAgo: 20,
    });
    const text = textOf((await page(`/commande/${order.token}`)).html);
    expect(text).toMatch(/Le délai de rétractation de 14 jours a pris fin le \d{1,2} \S+ 2\d{3}\./);
    expect(text).not.toContain("Renoncer au contrat ici");
    const late = await postForm(`/commande/${order.token}/retractation`, [
      ["name", "Tard"],
      ["email", "tard@exemple.fr"],
      ["pieces", order.lineId],
    ]);
    expect(late.status).toBe(409);
    expect(textOf(late.html)).toContain("a pris fin le");
    expect(await withdrawals(order.id)).toHaveLength(0);
  });

  it("offers nothing for an unpaid order", async () => {
    const order = await insertOrder({ email: "pas-payee@exemple.fr", piece: stocked, status: "nouvelle" });
    const text = textOf((await page(`/commande/${order.token}`)).html);
    expect(text).not.toContain("Renoncer au contrat ici");
    expect(text).not.toContain("Droit de rétractation");
  });

  it("is in 'Mes commandes', and another customer's order is not found", async () => {
    const own = await insertOrder({
      email: DEMO_CUSTOMER.email,
      piece: uniques[2] as Piece,
      status: "expediee",
      userId: customerId,
    });
    const account = await page("/mon-compte", customer);
    expect(account.status).toBe(200);
    expect(account.html).toContain(`href="/mon-compte/commandes/${own.id}/retractation"`);
    expect(textOf(account.html)).toContain("Renoncer au contrat ici");

    const someoneElse = await insertOrder({
      email: "autre-client@exemple.fr",
      piece: uniques[3] as Piece,
      status: "payee",
    });
    expect((await page(`/mon-compte/commandes/${someoneElse.id}/retractation`, customer)).status).toBe(404);
    const forged = await postForm(
      `/mon-compte/commandes/${someoneElse.id}/retractation`,
      [
        ["name", "Intrus"],
        ["email", "intrus@exemple.fr"],
        ["pieces", someoneElse.lineId],
      ],
      { cookie: customer },
    );
    expect(forged.status).toBe(404);
    expect(await withdrawals(someoneElse.id)).toHaveLength(0);
    // Signed out: to the login page.
    expect((await page(`/mon-compte/commandes/${own.id}/retractation`)).location).toMatch(/^\/auth/);

    const done = await postForm(
      `/mon-compte/commandes/${own.id}/retractation`,
      [
        ["name", "Cliente Démo"],
        ["email", DEMO_CUSTOMER.email],
        ["pieces", own.lineId],
      ],
      { cookie: customer },
    );
    expect(done.status).toBe(303);
    expect(done.location).toBe("/mon-compte#commandes");
    expect(await withdrawals(own.id)).toHaveLength(1);
  });
});

describe("/retractation", () => {
  it("is linked from the footer of every page", async () => {
    const home = await page("/");
    expect(home.html).toMatch(/href="\/retractation"[^>]*>Rétractation</);
    const form = textOf((await page("/retractation")).html);
    expect(form).toContain("Numéro de commande");
    expect(form).toContain("Adresse e-mail de la commande");
  });

  it("answers alike for an unknown number and a wrong address, and shows the form when both match", async () => {
    const order = await insertOrder({
      email: "Vaiana@Exemple.fr",
      piece: uniques[4] as Piece,
      status: "payee",
    });
    const address = newAddress();
    const lookup = (number: string, orderEmail: string) =>
      postForm(
        "/retractation",
        [
          ["intent", "trouver"],
          ["number", number],
          ["orderEmail", orderEmail],
        ],
        { address },
      );
    const unknown = await lookup("NAC-2026-9999", "vaiana@exemple.fr");
    const wrongEmail = await lookup(order.number, "quelquun@exemple.fr");
    expect(unknown.status).toBe(wrongEmail.status);
    const neutral = (html: string) => textOf(html).match(/Aucune commande[^.]+\./)?.[0];
    expect(neutral(unknown.html)).toBeTruthy();
    expect(neutral(unknown.html)).toBe(neutral(wrongEmail.html));
    expect(textOf(wrongEmail.html)).not.toContain("Confirmer la rétractation");

    const found = await lookup(order.number.toLowerCase(), "vaiana@exemple.fr");
    expect(found.status).toBe(200);
    expect(textOf(found.html)).toContain("Confirmer la rétractation");
    expect(found.html).toContain(`name="number" value="${order.number}"`);

    // Declared with the proof sent back: the number and the e-mail are checked again.
    const forged = await postForm(
      "/retractation",
      [
        ["intent", "declarer"],
        ["number", order.number],
        ["orderEmail", "intrus@exemple.fr"],
        ["name", "Intrus"],
        ["email", "intrus@exemple.fr"],
        ["pieces", order.lineId],
      ],
      { address },
    );
    expect(textOf(forged.html)).toContain("Aucune commande");
    expect(await withdrawals(order.id)).toHaveLength(0);
    const declared = await postForm(
      "/retractation",
      [
        ["intent", "declarer"],
        ["number", order.number],
        ["orderEmail", "vaiana@exemple.fr"],
        ["name", "Vaiana"],
        ["email", "vaiana@exemple.fr"],
        ["pieces", order.lineId],
      ],
      { address },
    );
    expect(declared.status).toBe(303);
    expect(declared.location).toBe("/retractation");
    await mailTo("vaiana@exemple.fr", "Nous avons bien reçu votre rétractation", order.number);
  });

  it("stops a client after ten tries in ten minutes with a French 429", async () => {
    const address = newAddress();
    const tries = [];
    for (let i = 0; i < 11; i++)
      tries.push(
        await postForm(
          "/retractation",
          [
            ["number", `NAC-2026-${String(5000 + i)}`],
            ["orderEmail", "devine@exemple.fr"],
          ],
          { address },
        ),
      );
    expect(tries.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    const refused = tries[10];
    expect(refused?.status).toBe(429);
    expect(textOf(refused?.html ?? "")).toContain("Vous avez fait beaucoup d'essais en peu de temps");
  });
});

describe("the seller's side", () => {
  it("shows the withdrawal, takes the return (the piece is for sale again) and the refund", async () => {
    const piece = uniques[5] as Piece;
    const order = await insertOrder({
      email: "hei-retour@exemple.fr",
      piece,
      status: "livree",
      deliveredDaysAgo: 1,
    });
    const declared = await postForm(`/commande/${order.token}/retractation`, [
      ["name", "Hei Retour"],
      ["email", "hei-retour@exemple.fr"],
      ["pieces", order.lineId],
    ]);
    expect(declared.status).toBe(303);
    // Sold: the piece is in the gallery.
    expect((await page(`/catalogue/produit/${piece.slug}`)).location).toContain(
      `/galerie/vendu/${piece.slug}`,
    );

    const adminPage = textOf((await page(`/admin/commandes/${order.id}`, admin)).html);
    for (const expected of [
      "Rétractation",
      "Déclarée le",
      piece.name,
      "À rembourser au plus tard le",
      "Retour reçu",
      "Remboursée",
    ])
      expect(adminPage, expected).toContain(expected);

    // A customer cannot take the seller's steps.
    const byCustomer = await postCommand(
      shop.url,
      `/admin/commandes/${order.id}`,
      { intent: "withdrawal-return-received", orderId: order.id },
      customer,
    );
    expect(byCustomer.location).toMatch(/^\/mon-compte/);

    const received = await postCommand(
      shop.url,
      `/admin/commandes/${order.id}`,
      { intent: "withdrawal-return-received", orderId: order.id },
      admin,
    );
    expect(received.body).toEqual({
      ok: true,
      message: "Retour enregistré : les pièces sont de nouveau en vente.",
    });
    // Anonymous pages may come from the one-second page cache (ADR 008).
    await expect
      .poll(async () => (await page(`/catalogue/produit/${piece.slug}`)).status, { timeout: 5_000 })
      .toBe(200);
    expect((await page(`/galerie/vendu/${piece.slug}`)).location).toContain(
      `/catalogue/produit/${piece.slug}`,
    );
    const twice = await postCommand(
      shop.url,
      `/admin/commandes/${order.id}`,
      { intent: "withdrawal-return-received", orderId: order.id },
      admin,
    );
    expect(twice.status).toBe(409);

    const badAmount = await postCommand(
      shop.url,
      `/admin/commandes/${order.id}`,
      { intent: "withdrawal-refunded", orderId: order.id, amount: "douze", refundedOn: "2026-01-01" },
      admin,
    );
    expect(badAmount.status).toBe(400);
    expect(badAmount.body).toMatchObject({ ok: false });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
    const refunded = await postCommand(
      shop.url,
      `/admin/commandes/${order.id}`,
      {
        intent: "withdrawal-refunded",
        orderId: order.id,
        amount: (piece.price_cents / 100).toFixed(2),
        refundedOn: today,
      },
      admin,
    );
    expect(refunded.body).toEqual({ ok: true, message: "Remboursement enregistré." });
    const row = (await withdrawals(order.id))[0] as {
      refund_cents: number;
      refunded_at: string;
      return_received_at: string;
    };
    expect(row.refund_cents).toBe(piece.price_cents);
    expect(row.refunded_at).toBe(`${today}T12:00:00.000Z`);
    expect(row.return_received_at).toBeTruthy();
  });

  it("flags a refund past its deadline in the list and on the overview", async () => {
    const order = await insertOrder({
      email: "en-retard@exemple.fr",
      piece: stocked,
      status: "livree",
      deliveredDaysAgo: 3,
    });
    await queryDatabase(shop.dataDir, (db) =>
      db.run(
        `insert into order_withdrawals (id, order_id, line_ids, customer_name, email, reason, declared_at)
         values (?, ?, ?, 'En Retard', 'en-retard@exemple.fr', '', ?)`,
        `w${order.id.slice(0, 14)}`,
        order.id,
        JSON.stringify([order.lineId]),
        new Date(Date.now() - 16 * DAY).toISOString(),
      ),
    );
    const list = await page("/admin/commandes", admin);
    const row = textOf(list.html.slice(list.html.indexOf(order.number)));
    expect(row.slice(0, 200)).toContain("Remboursement en retard");
    expect(list.html).toContain('href="/admin/commandes?retractation=en-retard"');
    const overdueOnly = textOf((await page("/admin/commandes?retractation=en-retard", admin)).html);
    expect(overdueOnly).toContain(order.number);
    expect(overdueOnly).not.toContain("NAC-2026-7001");
    const overview = textOf((await page("/admin", admin)).html);
    expect(overview).toMatch(/\d+ remboursements? en retard après une rétractation/);
  });
});
