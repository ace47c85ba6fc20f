/**
 * The seller's e-mails (docs/product.md §10.20), a route test (the app in this process, over real
 * HTTP): the 'Commandes et notifications' settings (French 400s for a bad hold, nothing changed),
 * the seller's e-mails in the outbox honouring their switches (contact message, review awaiting
 * approval, chat message while no admin is around; a new order's e-mail is tested with the orders'
 * flow in app/features/settings/seller-notifications.server.test.ts), and 'Mes commandes': a
 * customer sees their own orders with status, payment link, tracking number and history, never
 * another customer's.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMail } from "../support/outbox";
import { postCommand } from "../support/page-command";
import { DEMO_ADMIN, queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

const SHOP_EMAIL = "boutique-notifications@exemple.fr";

let server: TestShop;
let admin: string;

function post(pathname: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

function postJson(pathname: string, cookie: string, body: unknown) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

// --- The outbox: one .eml file per message (app/server/mail.server.ts).

interface Mail {
  to: string;
  text: string;
}

function outbox(): Mail[] {
  const dir = path.join(server.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => parseMail(fs.readFileSync(path.join(dir, name), "utf8")));
}

/** The shop's mails that carry `marker`, once at least one has arrived (or none after `ms`). */
async function shopMailsWith(marker: string, ms = 5000): Promise<Mail[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = outbox().filter((mail) => mail.to === SHOP_EMAIL && mail.text.includes(marker));
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const marker = (label: string) => `${label}-${crypto.randomBytes(4).toString("hex")}`;

function settingsRow() {
  return queryDatabase(server.dataDir, (db) =>
    db.get<Record<string, unknown>>(
      "select hold_days, notify_new_order, notify_contact, notify_review, notify_chat from shop_settings where id = 'shop'",
    ),
  );
}

/** The settings page's 'Commandes et notifications' form, as its fetcher posts it (decoded). */
function saveOrderSettings(fields: Record<string, string>, cookie = admin) {
  return postCommand(server.url, "/admin/parametres", { intent: "save-orders", ...fields }, cookie);
}

const ALL_ON = { notifyNewOrder: "on", notifyContact: "on", notifyReview: "on", notifyChat: "on" };

beforeAll(async () => {
  server = await startTestShop("notifications");
  admin = await signIn(server.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await queryDatabase(server.dataDir, (db) =>
    db.run("update shop_settings set email = ? where id = 'shop'", SHOP_EMAIL),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

// First of all: this instance records an admin's visit at most once a minute, so the visit this
// test makes must be the first admin page the shop serves.
describe("a customer's chat message while no admin is around", () => {
  it("chat: one e-mail per absence, none while an admin has the dashboard open, none when off", async () => {
    const customer = await signUp(server.url, "chat-absence@exemple.fr", "Hina Chat");
    const chat = (await (await postJson("/api/chat", customer, { intent: "open" })).json()) as {
      chat: { id: string };
    };
    const chatId = chat.chat.id;
    const send = async (content: string) => {
      const response = await postJson("/api/chat", customer, { intent: "send", content });
      expect(response.status, content).toBe(200);
    };
    const setPresence = (seenMinutesAgo: number | null, notifiedMinutesAgo: number | null) => {
      const ago = (minutes: number | null) =>
        minutes === null ? null : new Date(Date.now() - minutes * 60_000).toISOString();
      return queryDatabase(server.dataDir, async (db) => {
        await db.run("update shop_settings set admin_seen_at = ? where id = 'shop'", ago(seenMinutesAgo));
        await db.run("update chats set admin_notified_at = ? where id = ?", ago(notifiedMinutesAgo), chatId);
      });
    };

    // No admin for 11 minutes: the first message is e-mailed, the next one is not.
    await setPresence(11, null);
    const first = marker("chat-premier");
    const second = marker("chat-second");
    await send(`Bonjour ${first}`);
    await send(`Encore moi ${second}`);
    const mails = await shopMailsWith(first);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Hina Chat vous a écrit sur le chat");
    expect(mails[0]?.text).toContain("/admin/messages");

    // An admin opens the dashboard: their visit is recorded, and the messages wait for them.
    await setPresence(null, 30);
    expect((await fetch(`${server.url}/admin`, { headers: { cookie: admin } })).status).toBe(200);
    const deadline = Date.now() + 5000;
    let seen: string | null = null;
    while (!seen && Date.now() < deadline) {
      seen = (
        await queryDatabase(server.dataDir, (db) =>
          db.get<{ admin_seen_at: string | null }>(
            "select admin_seen_at from shop_settings where id = 'shop'",
          ),
        )
      )?.admin_seen_at as string | null;
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(Date.now() - Date.parse(seen ?? "")).toBeLessThan(60_000);
    const present = marker("chat-present");
    await send(`Vous êtes là ? ${present}`);

    // The admin left 11 minutes ago after the last e-mail: a new absence, a new e-mail.
    await setPresence(11, 20);
    const back = marker("chat-nouvelle-absence");
    await send(`Re-bonjour ${back}`);
    expect(await shopMailsWith(back)).toHaveLength(1);

    // Switched off: nothing, even in a new absence.
    const { notifyChat: _off, ...withoutChat } = ALL_ON;
    expect((await saveOrderSettings({ holdDays: "7", ...withoutChat })).status).toBe(200);
    await setPresence(11, 20);
    const off = marker("chat-coupe");
    await send(`Silence ${off}`);
    expect((await saveOrderSettings({ holdDays: "7", ...ALL_ON })).status).toBe(200);
    await setPresence(11, 20);
    const last = marker("chat-dernier");
    await send(`Dernier ${last}`);
    expect(await shopMailsWith(last)).toHaveLength(1);
    expect(await shopMailsWith(second, 0)).toEqual([]);
    expect(await shopMailsWith(present, 0)).toEqual([]);
    expect(await shopMailsWith(off, 0)).toEqual([]);
  });
});

describe("the 'Commandes et notifications' settings", () => {
  it("refuses a hold of 0, 61 or 'abc' days (and other bad values) with a French 400, nothing changed", async () => {
    const before = await settingsRow();
    const cases: [Record<string, string>, string][] = [
      [{ holdDays: "0" }, "La durée de réservation est d'au moins 1 jour."],
      [{ holdDays: "61" }, "La durée de réservation est de 60 jours au plus."],
      [{ holdDays: "abc" }, "La durée de réservation doit être un nombre entier de jours."],
      [{ holdDays: "" }, "La durée de réservation doit être un nombre entier de jours."],
      [{ holdDays: "-3" }, "La durée de réservation doit être un nombre entier de jours."],
      [{ holdDays: "7.5" }, "La durée de réservation doit être un nombre entier de jours."],
      [{ holdDays: "1e1" }, "La durée de réservation doit être un nombre entier de jours."],
      [{ holdDays: "99999999999999999999" }, "La durée de réservation doit être un nombre entier de jours."],
      [{ holdDays: "٣" }, "La durée de réservation doit être un nombre entier de jours."],
      [{ holdDays: "7", notifyChat: "oui" }, "Case à cocher invalide."],
    ];
    for (const [fields, message] of cases) {
      const response = await saveOrderSettings({ ...ALL_ON, ...fields });
      const label = JSON.stringify(fields);
      expect(response.status, label).toBe(400);
      expect(response.body, label).toEqual({ ok: false, error: message });
    }
    expect(await settingsRow()).toEqual(before);
  });

  it("refuses a form without the hold", async () => {
    const response = await postCommand(
      server.url,
      "/admin/parametres",
      { intent: "save-orders", ...ALL_ON },
      admin,
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      ok: false,
      error: "La durée de réservation doit être un nombre entier de jours.",
    });
  });

  it("saves the hold and the switches (an unticked box is off), and the page shows them", async () => {
    const response = await saveOrderSettings({ holdDays: "12", notifyNewOrder: "on", notifyReview: "on" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ok: true,
      message: "Réglages des commandes et notifications enregistrés.",
    });
    expect(await settingsRow()).toEqual({
      hold_days: 12,
      notify_new_order: 1,
      notify_contact: 0,
      notify_review: 1,
      notify_chat: 0,
    });
    const page = await fetch(`${server.url}/admin/parametres`, { headers: { cookie: admin } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of [
      "Commandes et notifications",
      "Durée de réservation des pièces (jours)",
      "Nouvelle commande",
      "Nouveau message de contact",
      "Nouvel avis à valider",
      "Message du chat sans admin connecté depuis 10 minutes",
    ])
      expect(html).toContain(label);
    expect(html).toMatch(/name="holdDays"[^>]*value="12"/);
    expect(html).toMatch(/name="notifyNewOrder"[^>]*checked/);
    expect(html).not.toMatch(/name="notifyContact"[^>]*checked/);
    // The same command posted as a plain form (without JavaScript).
    const own = await post("/admin/parametres", admin, { intent: "save-orders", holdDays: "7", ...ALL_ON });
    expect(own.status).toBe(200);
    expect(await settingsRow()).toEqual({
      hold_days: 7,
      notify_new_order: 1,
      notify_contact: 1,
      notify_review: 1,
      notify_chat: 1,
    });
  });

  it("is the admin's only: a customer is refused and nothing changes", async () => {
    const customer = await signUp(server.url, "reglages-cliente@exemple.fr", "Cliente réglages");
    const before = await settingsRow();
    expect(await saveOrderSettings({ holdDays: "30" }, customer)).toEqual({
      status: 302,
      body: null,
      location: "/mon-compte?acces=refuse",
    });
    const page = await post("/admin/parametres", customer, { intent: "save-orders", holdDays: "30" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/mon-compte?acces=refuse");
    expect(await settingsRow()).toEqual(before);
  });
});

describe("the seller's e-mails honour their switches", () => {
  it("contact message: stored either way, e-mailed only when on", async () => {
    const contact = (message: string) =>
      post("/contact", "", {
        "form-name": "contact",
        name: "Teva Contact",
        email: "teva-contact@exemple.fr",
        message,
      });
    const off = marker("contact-coupe");
    const on = marker("contact-ouvert");
    const { notifyContact: _off, ...withoutContact } = ALL_ON;
    expect((await saveOrderSettings({ holdDays: "7", ...withoutContact })).status).toBe(200);
    expect((await contact(`Bonjour ${off}`)).status).toBe(200);
    expect((await saveOrderSettings({ holdDays: "7", ...ALL_ON })).status).toBe(200);
    expect((await contact(`Bonjour ${on}`)).status).toBe(200);

    const mails = await shopMailsWith(on);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("De : Teva Contact <teva-contact@exemple.fr>");
    expect(await shopMailsWith(off, 0)).toEqual([]);
    const stored = await queryDatabase(server.dataDir, (db) =>
      db.all<{ message: string }>(
        "select message from contact_messages where email = 'teva-contact@exemple.fr'",
      ),
    );
    expect(stored.map((row) => row.message).sort()).toEqual([`Bonjour ${off}`, `Bonjour ${on}`].sort());
  });

  it("review awaiting approval: e-mailed with the name, rating, comment and link when on", async () => {
    const { notifyReview: _off, ...withoutReview } = ALL_ON;
    const off = marker("avis-coupe");
    const on = marker("avis-ouvert");
    const first = await signUp(server.url, "avis-coupe@exemple.fr", "Moana Sans Mail");
    const second = await signUp(server.url, "avis-ouvert@exemple.fr", "Vaimiti Avis");
    expect((await saveOrderSettings({ holdDays: "7", ...withoutReview })).status).toBe(200);
    expect(
      (await post("/mon-compte", first, { intent: "review", rating: "4", comment: `Belle ${off}` })).status,
    ).toBe(200);
    expect((await saveOrderSettings({ holdDays: "7", ...ALL_ON })).status).toBe(200);
    expect(
      (await post("/mon-compte", second, { intent: "review", rating: "5", comment: `Superbe ${on}` })).status,
    ).toBe(200);

    const mails = await shopMailsWith(on);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Vaimiti Avis a laissé un avis : 5/5.");
    expect(mails[0]?.text).toContain(`${server.url.replace("127.0.0.1", "localhost")}/admin/avis`);
    expect(await shopMailsWith(off, 0)).toEqual([]);
    const pending = await queryDatabase(server.dataDir, (db) =>
      db.get<{ n: number }>(
        "select count(*) as n from reviews r join users u on u.id = r.user_id where u.email in ('avis-coupe@exemple.fr', 'avis-ouvert@exemple.fr') and r.is_approved = 0",
      ),
    );
    expect(pending?.n).toBe(2);
  });
});

describe("'Mes commandes' in /mon-compte", () => {
  let alice: string;
  let bruno: string;

  /** An order written as the shop would have, with its lines and steps. */
  async function order(input: {
    userId: string;
    number: string;
    status: string;
    piece: string;
    steps: [string, string, string?][];
    paymentUrl?: string;
    trackingNumber?: string;
  }) {
    const id = crypto.randomUUID();
    const created = input.steps[0]?.[1] ?? "2026-11-23T10:00:00.000Z";
    await queryDatabase(server.dataDir, async (db) => {
      await db.run(
        `insert into orders (id, number, tracking_token, user_id, status, customer_name, email,
           delivery_method, address_line, postal_code, city, delivery_cents, total_cents, hold_expires_at,
           payment_url, tracking_number, internal_note, created_at, updated_at)
         values (?, ?, ?, ?, ?, 'Client', 'client@exemple.fr', 'envoi', '3 rue des Lagons', '75011', 'Paris',
           0, ?, ?, ?, ?, 'Note interne secrète', ?, ?)`,
        id,
        input.number,
        crypto.randomBytes(32).toString("base64url"),
        input.userId,
        input.status,
        2 * 4550 + 12000,
        "2026-12-30T10:00:00.000Z",
        input.paymentUrl ?? null,
        input.trackingNumber ?? null,
        created,
        created,
      );
      await db.run(
        `insert into order_lines (id, order_id, product_id, product_name, product_slug, unit_price_cents, quantity, position)
         values (?, ?, null, ?, 'piece', 4550, 2, 0), (?, ?, null, 'Collier Lagon', 'collier', 12000, 1, 1)`,
        crypto.randomUUID(),
        id,
        input.piece,
        crypto.randomUUID(),
        id,
      );
      for (const [status, at, detail] of input.steps)
        await db.run(
          "insert into order_events (id, order_id, status, admin_name, detail, created_at) values (?, ?, ?, ?, ?, ?)",
          crypto.randomUUID(),
          id,
          status,
          status === "nouvelle" ? "" : "Admin Secrète",
          detail ?? "",
          at,
        );
    });
  }

  const userId = (email: string) =>
    queryDatabase(server.dataDir, async (db) =>
      String((await db.get<{ id: string }>("select id from users where email = ?", email))?.id),
    );

  beforeAll(async () => {
    alice = await signUp(server.url, "alice-commandes@exemple.fr", "Alice Commandes");
    bruno = await signUp(server.url, "bruno-commandes@exemple.fr", "Bruno Commandes");
    const aliceId = await userId("alice-commandes@exemple.fr");
    const brunoId = await userId("bruno-commandes@exemple.fr");
    await order({
      userId: aliceId,
      number: "NAC-2026-0801",
      status: "lien_envoye",
      piece: "Bague Alice Lien",
      paymentUrl: "https://paiement.exemple.fr/alice-0801",
      steps: [
        ["nouvelle", "2026-11-23T10:00:00.000Z"],
        ["lien_envoye", "2026-11-24T15:05:00.000Z", "https://paiement.exemple.fr/alice-0801"],
      ],
    });
    await order({
      userId: aliceId,
      number: "NAC-2026-0802",
      status: "expediee",
      piece: "Boucles Alice Suivi",
      trackingNumber: "6A12345678901",
      steps: [
        ["nouvelle", "2026-11-25T09:00:00.000Z"],
        ["payee", "2026-11-25T18:30:00.000Z"],
        ["expediee", "2026-11-26T08:15:00.000Z", "6A12345678901"],
      ],
    });
    await order({
      userId: brunoId,
      number: "NAC-2026-0803",
      status: "nouvelle",
      piece: "Pendentif Bruno Secret",
      steps: [["nouvelle", "2026-11-27T10:00:00.000Z"]],
    });
  });

  async function accountPage(cookie: string) {
    const response = await fetch(`${server.url}/mon-compte`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return response.text();
  }

  it("shows the customer's own orders, newest first, with status, payment link, tracking and history", async () => {
    const html = await accountPage(alice);
    expect(html).toContain("Mes commandes");
    expect(html).toContain('href="#commandes"');
    const newer = html.indexOf("NAC-2026-0802");
    const older = html.indexOf("NAC-2026-0801");
    expect(newer).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newer);
    expect(html).toContain("Lien de paiement envoyé");
    expect(html).toContain("Expédiée");
    expect(html).toContain('href="https://paiement.exemple.fr/alice-0801"');
    expect(html).toContain("Payer ma commande");
    expect(html).toContain("6A12345678901");
    expect(html).toContain("Bague Alice Lien");
    // The delivery's cost beside the total (ADR 028), and « Annuler ma commande » for the unpaid one only.
    expect(html).toContain("Frais de livraison : <strong>offerte</strong>");
    expect(html).toMatch(
      /href="\/mon-compte\/commandes\/[^"]+\/annuler"[^>]*>Annuler ma commande<span class="visually-hidden"> (<!-- -->)?NAC-2026-0801</,
    );
    expect(html).not.toMatch(/Annuler ma commande<span class="visually-hidden"> (<!-- -->)?NAC-2026-0802</);
    expect(html).toContain("Envoi postal — 3 rue des Lagons, 75011 Paris");
    // The history, in French, in the shop's time zone (Paris is UTC+1 in November).
    expect(html).toContain("lundi 23 novembre 2026 à 11h00");
    expect(html).toContain("mardi 24 novembre 2026 à 16h05");
    expect(html).toContain("jeudi 26 novembre 2026 à 09h15");
    expect(html).toContain("N° de suivi : 6A12345678901");
    // What only the shop sees stays out.
    expect(html).not.toContain("Note interne secrète");
    expect(html).not.toContain("Admin Secrète");
    // Never another customer's.
    expect(html).not.toContain("NAC-2026-0803");
    expect(html).not.toContain("Pendentif Bruno Secret");
  });

  it("shows Bruno his order and nothing of Alice's", async () => {
    const html = await accountPage(bruno);
    expect(html).toContain("NAC-2026-0803");
    expect(html).toContain("Pendentif Bruno Secret");
    expect(html).toContain("Nouvelle");
    for (const secret of [
      "NAC-2026-0801",
      "NAC-2026-0802",
      "Bague Alice Lien",
      "alice-0801",
      "6A12345678901",
    ])
      expect(html).not.toContain(secret);
    // No payment button while the order has no link.
    expect(html).not.toContain("Payer ma commande");
  });

  it("tells a customer without orders, with a link to the catalogue", async () => {
    const newcomer = await signUp(server.url, "sans-commande@exemple.fr", "Sans Commande");
    const html = await accountPage(newcomer);
    expect(html).toContain("Vous n&#x27;avez pas encore passé de commande.");
    expect(html).toMatch(/href="\/catalogue"[^>]*>Découvrir le catalogue/);
  });
});
