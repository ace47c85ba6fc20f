/**
 * The order request (docs/product.md §10.19), a route test (the app in this process, over
 * real HTTP): the order form of /contact posted like a browser without JavaScript, by a signed-in
 * customer (lines from the server cart) and by a guest (`quantite.<id>` fields); the redirect to
 * the order's private page and what it shows; the confirmation and shop e-mails; a unique piece
 * held for the first order and refused to the next visitor; the delivery's cost and the total
 * before sending, without JavaScript (ADR 028); bad input, the honeypot and the rate limit; unknown
 * links.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMail, readOutbox } from "../support/outbox";
import { queryDatabase, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let server: TestShop;

interface Piece {
  id: string;
  slug: string;
  name: string;
  price_cents: number;
  stock: number;
}
/** Pieces for sale, each used by one test only, so the holds of one never change another. */
const pieces: { forCustomer: Piece; forGuest: Piece; unique: Piece; forLimit: Piece } = {} as never;

/** Each test posts from its own client address (TRUST_PROXY), so the rate limit counts per test. */
let nextAddress = 1;
const newAddress = () => `10.42.0.${nextAddress++}`;

const frenchPrice = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€`;

/** Text as React writes it into the page. */
const inHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/** Posts a form as a browser without JavaScript does. */
async function postForm(
  pathname: string,
  fields: Record<string, string>,
  options: { cookie?: string; address?: string } = {},
) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": options.address ?? newAddress(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
  return { response, status: response.status, text: await response.text() };
}

/** Every field the order form sends, blank as a browser sends them, with `fields` filled in. */
function orderForm(fields: Record<string, string>): Record<string, string> {
  return {
    "form-name": "commande",
    site_web: "",
    name: "",
    email: "",
    phone: "",
    delivery: "envoi",
    zone: "france",
    addressLine: "",
    postalCode: "",
    city: "",
    eventId: "",
    message: "",
    ...fields,
  };
}

const byPost = {
  delivery: "envoi",
  addressLine: "3 impasse des Embruns",
  postalCode: "56170",
  city: "Quiberon",
};

const orderCount = () =>
  queryDatabase(server.dataDir, async (db) => {
    const row = (await db.get("select count(*) as n from orders")) as { n: number };
    const lines = (await db.get("select count(*) as n from order_lines")) as { n: number };
    const steps = (await db.get("select count(*) as n from order_events")) as { n: number };
    return { orders: row.n, lines: lines.n, steps: steps.n };
  });

/** The order's private path from a redirect's Location (the `?nouvelle` marker left out). */
function trackingPath(location: string | null): string {
  expect(location).toMatch(/^\/commande\/[A-Za-z0-9_-]{43}\?nouvelle$/);
  return (location ?? "").split("?")[0] as string;
}

function outboxMails(): string[] {
  return readOutbox(server.dataDir);
}

async function waitForMail(matches: (mail: string) => boolean): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = outboxMails().find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("aucun e-mail attendu dans l'outbox");
}

beforeAll(async () => {
  server = await startTestShop("commandes", { TRUST_PROXY: "1" });
  const found = await queryDatabase(server.dataDir, async (db) => {
    const inCart = "(select product_id from cart_items where product_id is not null)";
    const multiple = (await db.all(
      `select id, slug, name, price_cents, stock from products
        where is_sold = 0 and is_unique = 0 and price_cents is not null and stock >= 6 and id not in ${inCart}
        order by id`,
    )) as Piece[];
    const unique = (await db.get(
      `select id, slug, name, price_cents, stock from products
        where is_sold = 0 and is_unique = 1 and stock = 1 and price_cents is not null and id not in ${inCart}
        order by id limit 1`,
    )) as Piece;
    return { multiple, unique };
  });
  expect(found.multiple.length).toBeGreaterThanOrEqual(3);
  Object.assign(pieces, {
    forCustomer: found.multiple[0],
    forGuest: found.multiple[1],
    forLimit: found.multiple[2],
    unique: found.unique,
  });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe("ordering from /contact", () => {
  it("a signed-in customer orders the server cart with a plain form post, prefilled from the profile", async () => {
    const email = "commande-sans-js@exemple.fr";
    // The session alone (the sign-up's own flash message left out).
    const cookie = (await signUp(server.url, email, "Maeva Sans Script"))
      .split("; ")
      .filter((part) => !part.startsWith("nacre_flash="))
      .join("; ");
    const piece = pieces.forCustomer;
    const added = await fetch(`${server.url}/api/panier`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ intent: "add", productId: piece.id }),
    });
    expect(added.status).toBe(200);

    // The form as the server draws it: the cart's line and the customer's details.
    const page = await fetch(`${server.url}/contact?commande=panier`, { headers: { cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`name="quantite.${piece.id}"`);
    expect(html).toContain(inHtml(piece.name));
    expect(html).toMatch(/name="name" value="Maeva Sans Script"/);
    expect(html).toMatch(new RegExp(`name="email" value="${email}"`));
    expect(html).toContain('value="main_propre"');
    expect(html).not.toContain("Envoyer le message");

    const posted = await postForm(
      "/contact?commande=panier",
      orderForm({
        [`quantite.${piece.id}`]: "1",
        name: "Maeva Sans Script",
        email,
        phone: "06 11 22 33 44",
        delivery: "main_propre",
      }),
      { cookie },
    );
    expect(posted.status, posted.text.slice(0, 300)).toBe(303);
    const tracking = trackingPath(posted.response.headers.get("location"));
    const flash = posted.response.headers.getSetCookie().find((c) => c.startsWith("nacre_flash="));
    expect(decodeURIComponent(flash ?? "")).toMatch(
      /Merci ! Votre commande NAC-\d{4}-\d{4} est enregistrée\. Un e-mail de confirmation vient de vous être envoyé\./,
    );

    const stored = await queryDatabase(server.dataDir, async (db) => ({
      order: (await db.get(
        `select o.number, o.status, o.total_cents, o.delivery_method, o.phone from orders o
           join users u on u.id = o.user_id where u.email = ?`,
        email,
      )) as Record<string, unknown>,
      cart: (await db.get(
        "select count(*) as n from cart_items c join users u on u.id = c.user_id where u.email = ?",
        email,
      )) as { n: number },
    }));
    expect(stored.order).toMatchObject({
      status: "nouvelle",
      total_cents: piece.price_cents,
      delivery_method: "main_propre",
      phone: "06 11 22 33 44",
    });
    expect(stored.cart.n, "the ordered line left the server cart").toBe(0);

    // The confirmation: the order's page, with the flash the redirect set.
    const confirmation = await fetch(`${server.url}${tracking}?nouvelle`, {
      headers: { cookie: `${cookie}; ${(flash ?? "").split(";")[0]}` },
    });
    const shown = await confirmation.text();
    expect(confirmation.status).toBe(200);
    expect(shown).toContain(`Votre commande ${stored.order.number} est enregistrée`);
    expect(shown).toMatch(new RegExp(`<h1[^>]*>Commande <span[^>]*>${stored.order.number}</span></h1>`));
    expect(shown).toContain("Remise en main propre");
    expect(shown).toContain(inHtml(piece.name));
  });

  it("a guest orders with quantite.<id> fields: the order's page, the confirmation and the shop's e-mails", async () => {
    const piece = pieces.forGuest;
    const before = await orderCount();
    const posted = await postForm(
      "/contact?commande=panier",
      orderForm({
        [`quantite.${piece.id}`]: "2",
        name: "Hina Invitée",
        email: "hina.invitee@exemple.fr",
        message: "Un paquet cadeau, s'il vous plaît.",
        ...byPost,
      }),
    );
    expect(posted.status, posted.text.slice(0, 300)).toBe(303);
    const tracking = trackingPath(posted.response.headers.get("location"));
    expect(await orderCount()).toEqual({
      orders: before.orders + 1,
      lines: before.lines + 1,
      steps: before.steps + 1,
    });

    const order = (await queryDatabase(server.dataDir, (db) =>
      db.get(
        `select o.number, o.user_id, o.status, o.delivery_zone, o.delivery_cents, o.total_cents, l.quantity,
           l.unit_price_cents from orders o join order_lines l on l.order_id = o.id where o.email = ?`,
        "hina.invitee@exemple.fr",
      ),
    )) as { number: string; user_id: string | null; total_cents: number };
    // The total is the server's: the piece's price now, times the quantity asked, and the parcel to
    // France métropolitaine at the demo's rate unless the pieces reach the free threshold (ADR 028).
    const delivery = piece.price_cents * 2 >= 15_000 ? 0 : 690;
    expect(order).toMatchObject({
      user_id: null,
      status: "nouvelle",
      delivery_zone: "france",
      delivery_cents: delivery,
      total_cents: piece.price_cents * 2 + delivery,
      quantity: 2,
      unit_price_cents: piece.price_cents,
    });

    const page = await fetch(`${server.url}${tracking}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    expect(html).toMatch(new RegExp(`<h1[^>]*>Commande <span[^>]*>${order.number}</span></h1>`));
    expect(html).toMatch(/Statut<\/span><span[^>]*>Nouvelle</);
    expect(html).toContain(inHtml(piece.name));
    expect(html).toContain(frenchPrice(piece.price_cents * 2));
    expect(html).toContain(delivery === 0 ? ">offerte<" : `>${frenchPrice(delivery)}<`);
    expect(html).toContain(`Total : <strong>${frenchPrice(piece.price_cents * 2 + delivery)}</strong>`);
    expect(html).toContain("Envoi postal");
    expect(html).toContain("France métropolitaine");
    expect(html).toContain("3 impasse des Embruns");
    // A guest's address is not confirmed yet: a short hold until the e-mailed link (ADR 022).
    expect(html).toMatch(/ne restent réservées que jusqu(&#x27;|')au/);
    // What the customer does not need on a page anyone with the link can open.
    expect(html).not.toContain("hina.invitee@exemple.fr");

    const confirmation = await waitForMail(
      (mail) => /^To: .*hina\.invitee@exemple\.fr/m.test(mail) && mail.includes(order.number),
    );
    expect(confirmation).toContain(`${server.url.replace("127.0.0.1", "localhost")}${tracking}`);
    // Its HTML part (docs/product.md §10.13): the piece with its picture, an absolute link to a
    // served size, named by its alternative text.
    const { html: confirmationHtml } = parseMail(confirmation);
    expect(confirmationHtml).toMatch(/<html[^>]* lang="fr"/);
    expect(confirmationHtml).toMatch(
      new RegExp(
        `<img alt="${inHtml(piece.name)}"[^>]* src="http://localhost:\\d+/images/products/[^"?]+\\?w=thumb"`,
      ),
    );
    const shopMail = await waitForMail(
      (mail) => /^To: .*bonjour@nacre\.test/m.test(mail) && mail.includes(order.number),
    );
    expect(shopMail).toContain("Hina Invitée");
  });

  it("a piece on request is in the cart, ordered with its price unknown and a total « à confirmer » (page and e-mails)", async () => {
    const email = "commande-sur-demande@exemple.fr";
    const cookie = (await signUp(server.url, email, "Tiare Sur Demande"))
      .split("; ")
      .filter((part) => !part.startsWith("nacre_flash="))
      .join("; ");
    // Two pieces no other test uses: one made « Prix sur demande », one with its price.
    const used = Object.values(pieces).map((piece) => piece.id);
    const [onRequest, priced] = await queryDatabase(server.dataDir, async (db) => {
      const free = `is_sold = 0 and price_cents is not null and price_cents < 90000 and stock >= 2
        and id not in (${used.map(() => "?").join(", ")})
        and id not in (select product_id from cart_items where product_id is not null)`;
      const rows = (await db.all(
        `select id, slug, name, price_cents, stock from products where ${free} and is_unique = 0 order by id desc limit 2`,
        ...used,
      )) as Piece[];
      await db.run("update products set price_cents = null where id = ?", rows[0]?.id);
      return rows as [Piece, Piece];
    });
    expect(onRequest && priced).toBeTruthy();
    for (const piece of [onRequest, priced]) {
      const added = await fetch(`${server.url}/api/panier`, {
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": "application/json" },
        body: JSON.stringify({ intent: "add", productId: piece.id }),
      });
      expect(added.status).toBe(200);
    }
    // The cart counts it (docs/product.md §2): the header's count comes from the visitor's endpoint
    // (ADR 036), the account page draws the lines.
    const own = (await (await fetch(`${server.url}/api/moi`, { headers: { cookie } })).json()) as {
      cart: { productId: string; quantity: number }[];
    };
    expect(own.cart.map((line) => [line.productId, line.quantity]).sort()).toEqual(
      [
        [onRequest.id, 1],
        [priced.id, 1],
      ].sort(),
    );
    const home = await (await fetch(`${server.url}/mon-compte`, { headers: { cookie } })).text();
    expect(home).toContain(inHtml(priced.name));
    expect(home).toContain(inHtml(onRequest.name));
    expect(home).toContain("Prix sur demande");
    expect(home).not.toContain("Votre panier est vide.");

    const form = await (await fetch(`${server.url}/contact?commande=panier`, { headers: { cookie } })).text();
    expect(form).toContain(`name="quantite.${onRequest.id}"`);
    expect(form).toContain("Prix sur demande");
    expect(form).toContain(`${frenchPrice(priced.price_cents)} + pièces à prix sur demande (à confirmer)`);

    const posted = await postForm(
      "/contact?commande=panier",
      orderForm({
        [`quantite.${onRequest.id}`]: "1",
        [`quantite.${priced.id}`]: "1",
        name: "Tiare Sur Demande",
        email,
        delivery: "main_propre",
      }),
      { cookie },
    );
    expect(posted.status, posted.text.slice(0, 300)).toBe(303);
    const tracking = trackingPath(posted.response.headers.get("location"));
    const stored = (await queryDatabase(server.dataDir, (db) =>
      db.all(
        `select o.number, o.total_cents, l.product_id, l.unit_price_cents from orders o
           join order_lines l on l.order_id = o.id where o.email = ? order by l.position`,
        email,
      ),
    )) as { number: string; total_cents: number; product_id: string; unit_price_cents: number | null }[];
    // The known prices make the stored total; the piece on request waits for the seller's price.
    expect(stored.map((line) => [line.product_id, line.unit_price_cents, line.total_cents])).toEqual([
      [onRequest.id, null, priced.price_cents],
      [priced.id, priced.price_cents, priced.price_cents],
    ]);
    const number = stored[0]?.number as string;

    const total = `${frenchPrice(priced.price_cents)} + pièces à prix sur demande (à confirmer)`;
    const shown = await (await fetch(`${server.url}${tracking}`)).text();
    expect(shown).toContain(total);
    expect(shown).toContain(
      inHtml(
        "Le prix des pièces sur demande vous sera indiqué par la boutique avant l'envoi du lien de paiement.",
      ),
    );
    const confirmation = await waitForMail(
      (mail) => /^To: .*commande-sur-demande@exemple\.fr/m.test(mail) && mail.includes(number),
    );
    expect(confirmation).toContain(`- ${onRequest.name} × 1 — Prix sur demande`);
    expect(confirmation).toContain(`Total : ${total}`);
    // Handed over: no delivery cost (ADR 028).
    expect(confirmation).toContain("Frais de livraison : offerte");
    expect(confirmation).toContain("avant l'envoi du lien de paiement");
    const shopMail = await waitForMail(
      (mail) => /^To: .*bonjour@nacre\.test/m.test(mail) && mail.includes(number),
    );
    expect(shopMail).toContain(`Total : ${total}`);
  });

  it("holds a unique piece: the next visitor is refused in French (409) and sees it 'Réservée'", async () => {
    const piece = pieces.unique;
    const first = await postForm(
      "/contact?commande=panier",
      orderForm({
        [`quantite.${piece.id}`]: "1",
        name: "Première",
        email: "premiere@exemple.fr",
        ...byPost,
      }),
    );
    expect(first.status).toBe(303);
    const before = await orderCount();

    const second = await postForm(
      "/contact?commande=panier",
      orderForm({
        [`quantite.${piece.id}`]: "1",
        name: "Seconde",
        email: "seconde@exemple.fr",
        ...byPost,
      }),
    );
    expect(second.status).toBe(409);
    expect(second.text).toContain(inHtml(`« ${piece.name} » vient d'être réservée pour une autre commande.`));
    // The refused form comes back with the piece flagged and the visitor's details kept.
    expect(second.text).toContain("Réservée pour une autre commande");
    expect(second.text).toMatch(/name="name" value="Seconde"/);
    expect(await orderCount()).toEqual(before);

    const product = await (await fetch(`${server.url}/catalogue/produit/${piece.slug}`)).text();
    expect(product).toContain("Réservée");
    const price = String(piece.price_cents / 100);
    const listing = await (
      await fetch(`${server.url}/catalogue?prixMin=${price}&prixMax=${price}&tri=name-asc`)
    ).text();
    const card = listing.split("<article").find((article) => article.includes(`>${inHtml(piece.name)}</a>`));
    expect(card, "the piece's card in the catalogue").toBeDefined();
    expect(card).toContain("Réservée");
  });

  it("refuses bad input with a French 4xx and writes nothing", async () => {
    const piece = pieces.forGuest;
    const valid = { [`quantite.${piece.id}`]: "1", name: "Teva", email: "teva@exemple.fr", ...byPost };
    const cases: [string, Record<string, string>, number, string][] = [
      ["no lines", { ...valid, [`quantite.${piece.id}`]: "0" }, 400, "Votre commande est vide"],
      ["quantity abc", { ...valid, [`quantite.${piece.id}`]: "abc" }, 400, "Quantité invalide."],
      ["quantity -1", { ...valid, [`quantite.${piece.id}`]: "-1" }, 400, "Quantité invalide."],
      ["quantity 1000", { ...valid, [`quantite.${piece.id}`]: "1000" }, 400, "99 au plus par création."],
      ["quantity 1.5", { ...valid, [`quantite.${piece.id}`]: "1.5" }, 400, "Quantité invalide."],
      [
        "unknown piece",
        { ...valid, [`quantite.${piece.id}`]: "0", "quantite.zzzzzzzzzzzzzzz": "1" },
        409,
        "n&#x27;existe plus",
      ],
      ["malformed piece id", { ...valid, "quantite.../../etc": "1" }, 400, "Cette création est inconnue."],
      ["event without an event", { ...valid, delivery: "evenement" }, 400, "Choisissez l&#x27;événement"],
      [
        "event that does not exist",
        { ...valid, delivery: "evenement", eventId: "zzzzzzzzzzzzzzz" },
        409,
        "n&#x27;est plus au programme",
      ],
      ["post without an address", { ...valid, addressLine: "" }, 400, "Veuillez indiquer votre adresse."],
      ["post without a postal code", { ...valid, postalCode: "" }, 400, "code postal à 5 chiffres"],
      ["unknown zone", { ...valid, zone: "lune" }, 400, "Choisissez le pays ou la zone de livraison."],
      [
        "an overseas code sent as France métropolitaine",
        { ...valid, postalCode: "98714" },
        400,
        "choisissez « Outre-mer (DROM-COM) »",
      ],
      [
        "a French code sent as overseas",
        { ...valid, zone: "outre_mer", postalCode: "75011" },
        400,
        "commence par 97 ou 98",
      ],
      ["unknown delivery", { ...valid, delivery: "drone" }, 400, "Choisissez un mode de livraison."],
      ["no name", { ...valid, name: "" }, 400, "Veuillez indiquer votre nom."],
      [
        "bad e-mail",
        { ...valid, email: "pas-une-adresse" },
        400,
        "Cette adresse email n&#x27;est pas valide.",
      ],
      ["bad phone", { ...valid, phone: "appelez-moi" }, 400, "Ce numéro de téléphone n&#x27;est pas valide."],
      ["huge message", { ...valid, message: "Bonjour ".repeat(1000) }, 400, "Ce message est trop long"],
      ["control character", { ...valid, name: "Te\u0007va" }, 400, "caractères non autorisés"],
    ];
    const before = await orderCount();
    for (const [label, fields, status, message] of cases) {
      const answer = await postForm("/contact?commande=panier", orderForm(fields));
      expect(answer.status, label).toBe(status);
      expect(answer.text, label).toContain(message);
      expect(answer.text, label).not.toMatch(/Unexpected Server Error|Invalid input|expected/i);
    }
    expect(await orderCount()).toEqual(before);
  });

  it("without JavaScript, shows the delivery's cost and the total for the mode and zone chosen before sending (ADR 028)", async () => {
    const piece = (await queryDatabase(server.dataDir, (db) =>
      db.get(
        `select id, slug, name, price_cents, stock from products
          where is_sold = 0 and is_unique = 0 and price_cents between 1000 and 9000 and stock >= 3
          order by id limit 1 offset 3`,
      ),
    )) as Piece;
    expect(piece).toBeTruthy();
    const before = await orderCount();
    const quote = async (fields: Record<string, string>) => {
      const answer = await postForm(
        "/contact?commande=panier",
        orderForm({
          intent: "calculer",
          [`quantite.${piece.id}`]: "1",
          name: "Moana Sans Script",
          ...byPost,
          ...fields,
        }),
      );
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      return answer.text;
    };
    const cost = (html: string) => html.match(/data-testid="order-delivery-cost">([^<]*)</)?.[1];
    const total = (html: string) => html.match(/data-testid="order-total">([^<]*)</)?.[1];

    // The page as first drawn: a parcel to France métropolitaine, the cheapest default.
    const europe = await quote({ zone: "ue", postalCode: "1000", city: "Bruxelles" });
    expect(europe).toContain("Frais de livraison et total calculés pour le mode et la zone choisis");
    expect(europe).toContain("Envoi postal, Union européenne");
    expect(cost(europe)).toBe(frenchPrice(1290));
    expect(total(europe)).toBe(frenchPrice(piece.price_cents + 1290));
    // What was typed comes back, the zone chosen.
    expect(europe).toMatch(/<option value="ue" selected="">Union européenne<\/option>/);
    expect(europe).toMatch(/name="name" value="Moana Sans Script"/);

    const world = await quote({ zone: "monde", postalCode: "H2X 1Y4", city: "Montréal" });
    expect(cost(world)).toBe("sur devis");
    expect(total(world)).toBe(`${frenchPrice(piece.price_cents)} + livraison sur devis (à confirmer)`);
    expect(world).toContain("La livraison vers cette zone est sur devis");

    const byHand = await quote({ delivery: "main_propre" });
    expect(cost(byHand)).toBe("offerte");
    expect(total(byHand)).toBe(frenchPrice(piece.price_cents));
    expect(await orderCount(), "asking for the figures writes nothing").toEqual(before);

    // Sent: the stored figures are the server's, whatever amounts the form carries.
    const sent = await postForm(
      "/contact?commande=panier",
      orderForm({
        [`quantite.${piece.id}`]: "1",
        name: "Moana Sans Script",
        email: "moana.sans-script@exemple.fr",
        ...byPost,
        zone: "ue",
        postalCode: "1000",
        city: "Bruxelles",
        deliveryCents: "0",
        total: "1",
      }),
    );
    expect(sent.status, sent.text.slice(0, 300)).toBe(303);
    const stored = await queryDatabase(server.dataDir, (db) =>
      db.get(
        "select delivery_zone, delivery_cents, total_cents from orders where email = ?",
        "moana.sans-script@exemple.fr",
      ),
    );
    expect(stored).toEqual({
      delivery_zone: "ue",
      delivery_cents: 1290,
      total_cents: piece.price_cents + 1290,
    });
    const mail = await waitForMail(
      (text) => /^To: .*moana\.sans-script@exemple\.fr/m.test(text) && text.includes("Frais de livraison"),
    );
    expect(mail).toContain(`Frais de livraison : ${frenchPrice(1290)}`);
    expect(mail).toContain(`Total : ${frenchPrice(piece.price_cents + 1290)}`);
  });

  it("answers a bot that fills the honeypot as if all went well, and keeps nothing", async () => {
    const before = await orderCount();
    const answer = await postForm(
      "/contact?commande=panier",
      orderForm({
        [`quantite.${pieces.forGuest.id}`]: "1",
        name: "Robot",
        email: "robot@exemple.fr",
        site_web: "https://spam.example",
        ...byPost,
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Merci ! Votre commande est enregistrée.");
    expect(await orderCount()).toEqual(before);
  });

  it("stops a burst of orders from one address with a French 429", async () => {
    const address = newAddress();
    const piece = pieces.forLimit;
    const order = (n: number) =>
      postForm(
        "/contact?commande=panier",
        orderForm({
          [`quantite.${piece.id}`]: "1",
          name: `Rafale ${n}`,
          email: `rafale-${n}@exemple.fr`,
          delivery: "main_propre",
        }),
        { address },
      );
    for (let n = 1; n <= 5; n++) expect((await order(n)).status, `commande ${n}`).toBe(303);
    const before = await orderCount();
    const refused = await order(6);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain(
      "Vous avez envoyé plusieurs commandes en peu de temps. Réessayez dans quelques minutes.",
    );
    expect(await orderCount()).toEqual(before);
  });
});

describe("the order's private page", () => {
  it("answers an unknown or malformed link with the French 404 page", async () => {
    for (const token of ["A".repeat(43), "pas-un-jeton", "x".repeat(200), "%00%27"]) {
      const response = await fetch(`${server.url}/commande/${token}`);
      expect(response.status, token).toBe(404);
      const html = await response.text();
      expect(html, token).toContain("Cette commande est introuvable");
      expect(html, token).toMatch(/<meta name="robots" content="noindex/);
    }
  });

  it("is never kept by the shared page cache, which does keep public pages", async () => {
    const posted = await postForm(
      "/contact?commande=panier",
      orderForm({
        [`quantite.${pieces.forGuest.id}`]: "1",
        name: "Cache",
        email: "cache@exemple.fr",
        delivery: "main_propre",
      }),
    );
    const tracking = trackingPath(posted.response.headers.get("location"));
    const hit = async (pathname: string) => {
      const response = await fetch(`${server.url}${pathname}`);
      await response.text();
      return response.headers.get("x-page-cache") === "hit";
    };
    // A public page read twice in a row: the second comes from the cache.
    await hit("/cgv");
    expect(await hit("/cgv")).toBe(true);
    await hit(tracking);
    expect(await hit(tracking)).toBe(false);
    expect(await hit(tracking)).toBe(false);
  });
});
