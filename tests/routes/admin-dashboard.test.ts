/**
 * The admin's actions (docs/product.md §6), a route test (the app in this process, over real HTTP):
 * the dashboard pages' commands (ADR 013) for review moderation, users, shop settings and the
 * contact inbox send anonymous visitors to sign in and customers away, whether posted as a form or
 * by the page's fetcher, and nothing changes; the last admin can neither be demoted nor deleted;
 * deleting a customer removes every row of theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCommand, urlEncoded } from "../support/page-command";
import { DEMO_ADMIN, DEMO_CUSTOMER, queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let adminCookie: string;
let customerCookie: string;
let adminId: string;
let customerId: string;
let reviewId: string;

beforeAll(async () => {
  shop = await startTestShop("admin-dashboard");
  adminCookie = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  customerCookie = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await queryDatabase(shop.dataDir, async (db) => {
    const id = async (sql: string, ...params: unknown[]) =>
      ((await db.get(sql, ...params)) as { id: string }).id;
    adminId = await id("select id from users where email = ?", DEMO_ADMIN.email);
    customerId = await id("select id from users where email = ?", DEMO_CUSTOMER.email);
    reviewId = await id("select id from reviews where is_approved = 0 limit 1");
  });
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

/** A dashboard command as the page's fetcher sends it, its answer decoded (tests/support/page-command.ts). */
function command(path: string, fields: Record<string, string>, cookie = "") {
  return postCommand(shop.url, path, fields, cookie);
}

async function sendContact(fields: Record<string, string>) {
  return fetch(`${shop.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.url },
    body: new URLSearchParams({ "form-name": "contact", ...fields }),
  });
}

const snapshot = () =>
  queryDatabase(shop.dataDir, async (db) => ({
    reviews: await db.all("select id, is_approved from reviews order by id"),
    users: await db.all("select id, role, email_visibility from users order by id"),
    settings: await db.all("select * from shop_settings order by id"),
    contacts: await db.all("select id, is_read from contact_messages order by id"),
  }));

const SETTINGS = {
  intent: "save",
  shopName: "Intrus",
  addressLine: "1 rue du Port",
  postalCode: "29200",
  city: "Brest",
  phone: "01 02 03 04 05",
  email: "intrus@example.com",
  instagramUrl: "",
  facebookUrl: "",
  tiktokUrl: "",
  mapQuery: "",
  mapLatitude: "",
  mapLongitude: "",
  openingHours: "jamais",
};

describe("admin actions refuse everyone but an admin", () => {
  it("sends anonymous visitors to sign in and customers away, and changes nothing", async () => {
    expect((await sendContact({ name: "Léa", email: "lea@example.com", message: "Bonjour" })).status).toBe(
      200,
    );
    const contactId = await queryDatabase(
      shop.dataDir,
      async (db) => ((await db.get("select id from contact_messages limit 1")) as { id: string }).id,
    );
    const actions: [string, Record<string, string>][] = [
      ["/admin/avis", { intent: "approve", id: reviewId }],
      ["/admin/avis", { intent: "delete", id: reviewId }],
      ["/admin/utilisateurs", { intent: "set-role", id: customerId, role: "admin" }],
      ["/admin/utilisateurs", { intent: "set-role", id: adminId, role: "user" }],
      ["/admin/utilisateurs", { intent: "set-email-visibility", id: customerId, visible: "false" }],
      ["/admin/utilisateurs", { intent: "delete", id: adminId }],
      ["/admin/utilisateurs", { intent: "delete", id: customerId }],
      ["/admin/parametres", SETTINGS],
      ["/admin/contacts", { intent: "set-read", id: contactId, read: "true" }],
      ["/admin/contacts", { intent: "delete", id: contactId }],
    ];
    const before = await snapshot();
    for (const [path, fields] of actions) {
      for (const [who, cookie, location] of [
        ["anonyme", "", `/auth?redirectTo=${encodeURIComponent(path)}`],
        ["cliente", customerCookie, "/mon-compte?acces=refuse"],
      ] as const) {
        const label = `${path} ${fields.intent} ${who}`;
        // A form posted without JavaScript, then the page's fetcher: the same redirect, nothing run.
        const page = await fetch(`${shop.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: shop.url, ...(cookie ? { cookie } : {}) },
          body: urlEncoded(fields),
        });
        expect(page.status, label).toBe(302);
        expect(page.headers.get("location"), label).toBe(location);
        expect(await command(path, fields, cookie), label).toEqual({ status: 302, body: null, location });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses the admin pages' profile action to a customer (redirect, nothing written)", async () => {
    const before = await snapshot();
    const body = new FormData();
    body.append("intent", "profile");
    body.append("username", "intrus");
    body.append("name", "Intrus");
    const response = await fetch(`${shop.url}/admin/mon-compte`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: shop.url, cookie: customerCookie },
      body,
    });
    expect([302, 303, 403]).toContain(response.status);
    expect(await snapshot()).toEqual(before);
    const name = await queryDatabase(
      shop.dataDir,
      async (db) => ((await db.get("select name from users where id = ?", adminId)) as { name: string }).name,
    );
    expect(name).not.toBe("Intrus");
  });
});

describe("admin moderation, settings and inbox", () => {
  it("approves then deletes a review", async () => {
    let response = await command("/admin/avis", { intent: "approve", id: reviewId }, adminCookie);
    expect(response.status).toBe(200);
    expect(
      await queryDatabase(shop.dataDir, (db) =>
        db.get("select is_approved from reviews where id = ?", reviewId),
      ),
    ).toEqual({ is_approved: 1 });
    response = await command("/admin/avis", { intent: "delete", id: reviewId }, adminCookie);
    expect(response.status).toBe(200);
    response = await command("/admin/avis", { intent: "delete", id: reviewId }, adminCookie);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ ok: false, error: "Cet avis n'existe plus." });
    response = await command("/admin/avis", { intent: "approve", id: "../x" }, adminCookie);
    expect(response.status).toBe(400);
  });

  it("saves the shop settings, refuses bad ones in French, and the footer shows the new phone", async () => {
    let response = await command("/admin/parametres", { ...SETTINGS, shopName: "" }, adminCookie);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ ok: false, error: "Le nom de la boutique est obligatoire." });
    response = await command(
      "/admin/parametres",
      { ...SETTINGS, instagramUrl: "javascript:alert(1)" },
      adminCookie,
    );
    expect(response.status).toBe(400);
    response = await command(
      "/admin/parametres",
      { ...SETTINGS, shopName: "Nacre", phone: "06 11 22 33 44" },
      adminCookie,
    );
    expect(response.status).toBe(200);
    const html = await (await fetch(`${shop.url}/mentions-legales`)).text();
    expect(html).toContain("06 11 22 33 44");
    expect(html).toContain("tel:+33611223344");
  });

  it("keeps the order sent with a contact message, and marks it read then deletes it", async () => {
    const order = JSON.stringify([{ name: "Collier Lagon", priceCents: 12900, quantity: 2 }]);
    expect(
      (await sendContact({ name: "Maeva", email: "maeva@example.com", message: "Je commande", order }))
        .status,
    ).toBe(200);
    const row = await queryDatabase(
      shop.dataDir,
      async (db) =>
        (await db.get("select id, order_details from contact_messages where name = 'Maeva'")) as {
          id: string;
          order_details: string;
        },
    );
    expect(JSON.parse(row.order_details)).toEqual([
      { name: "Collier Lagon", priceCents: 12900, quantity: 2 },
    ]);
    expect(
      (await command("/admin/contacts", { intent: "set-read", id: row.id, read: "true" }, adminCookie))
        .status,
    ).toBe(200);
    expect(
      await queryDatabase(shop.dataDir, (db) =>
        db.get("select is_read from contact_messages where id = ?", row.id),
      ),
    ).toEqual({ is_read: 1 });
    expect((await command("/admin/contacts", { intent: "delete", id: row.id }, adminCookie)).status).toBe(
      200,
    );
    expect(
      await queryDatabase(shop.dataDir, (db) =>
        db.get("select count(*) as n from contact_messages where id = ?", row.id),
      ),
    ).toEqual({ n: 0 });
  });
});

describe("user manager", () => {
  it("protects the last admin: no demotion, no deletion, not even of oneself", async () => {
    let response = await command(
      "/admin/utilisateurs",
      { intent: "set-role", id: adminId, role: "user" },
      adminCookie,
    );
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      ok: false,
      error: "Impossible : c'est le dernier administrateur de la boutique.",
    });
    response = await command("/admin/utilisateurs", { intent: "delete", id: adminId }, adminCookie);
    expect(response.status).toBe(409);
    expect(
      await queryDatabase(shop.dataDir, (db) => db.get("select role from users where id = ?", adminId)),
    ).toEqual({ role: "admin" });
  });

  it("promotes a customer to admin and back; then the first admin can be demoted only while another remains", async () => {
    const cookie = await signUp(shop.url, "second-admin@example.com", "Seconde");
    const secondId = await queryDatabase(
      shop.dataDir,
      async (db) =>
        ((await db.get("select id from users where email = ?", "second-admin@example.com")) as { id: string })
          .id,
    );
    expect(
      (await command("/admin/utilisateurs", { intent: "set-role", id: secondId, role: "admin" }, adminCookie))
        .status,
    ).toBe(200);
    // The new admin may now act; two concurrent demotions leave one admin, never zero.
    const results = await Promise.all([
      command("/admin/utilisateurs", { intent: "set-role", id: adminId, role: "user" }, cookie),
      command("/admin/utilisateurs", { intent: "set-role", id: secondId, role: "user" }, adminCookie),
    ]);
    const statuses = results.map((r) => r.status).sort();
    const admins = await queryDatabase(shop.dataDir, (db) =>
      db.get("select count(*) as n from users where role = 'admin'"),
    );
    expect(admins).toEqual({ n: 1 });
    expect(statuses[0]).toBe(200);
    // Put things back: the demo admin is the admin again.
    const remaining = await queryDatabase(
      shop.dataDir,
      async (db) => ((await db.get("select id from users where role = 'admin'")) as { id: string }).id,
    );
    if (remaining !== adminId) {
      const fromSecond = await command(
        "/admin/utilisateurs",
        { intent: "set-role", id: adminId, role: "admin" },
        cookie,
      );
      expect(fromSecond.status).toBe(200);
      expect(
        (
          await command(
            "/admin/utilisateurs",
            { intent: "set-role", id: secondId, role: "user" },
            adminCookie,
          )
        ).status,
      ).toBe(200);
    }
    expect(
      await queryDatabase(shop.dataDir, (db) => db.get("select role from users where id = ?", adminId)),
    ).toEqual({ role: "admin" });
  });

  it("deletes a customer with every row of theirs, in one go", async () => {
    const cookie = await signUp(shop.url, "a-supprimer@example.com", "À supprimer");
    const id = await queryDatabase(
      shop.dataDir,
      async (db) =>
        ((await db.get("select id from users where email = ?", "a-supprimer@example.com")) as { id: string })
          .id,
    );
    const productId = await queryDatabase(
      shop.dataDir,
      async (db) =>
        ((await db.get("select id from products where is_sold = 0 and stock > 0 limit 1")) as { id: string })
          .id,
    );
    const json = (path: string, body: unknown) =>
      fetch(`${shop.url}${path}`, {
        method: "POST",
        headers: { origin: shop.url, cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await json("/api/panier", { intent: "add", productId })).status).toBeLessThan(300);
    expect((await json("/api/panier", { intent: "favorite", productId })).status).toBeLessThan(300);
    const review = await fetch(`${shop.url}/mon-compte`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: shop.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "review", rating: "5", comment: "Superbe !" }),
    });
    expect(review.status).toBeLessThan(300);
    expect((await json("/api/chat", { intent: "open" })).status).toBe(200);
    expect((await json("/api/chat", { intent: "send", content: "Bonjour" })).status).toBe(200);

    const rowsOf = () =>
      queryDatabase(shop.dataDir, async (db) => {
        const n = async (sql: string) => ((await db.get(sql, id)) as { n: number }).n;
        return {
          users: await n("select count(*) as n from users where id = ?"),
          sessions: await n("select count(*) as n from sessions where user_id = ?"),
          accounts: await n("select count(*) as n from accounts where user_id = ?"),
          reviews: await n("select count(*) as n from reviews where user_id = ?"),
          cart: await n("select count(*) as n from cart_items where user_id = ?"),
          favorites: await n("select count(*) as n from user_favorites where user_id = ?"),
          chats: await n("select count(*) as n from chats where user_id = ?"),
          messages: await n("select count(*) as n from chat_messages where sender_id = ?"),
        };
      });
    expect(await rowsOf()).toEqual({
      users: 1,
      sessions: 1,
      accounts: 1,
      reviews: 1,
      cart: 1,
      favorites: 1,
      chats: 1,
      messages: 1,
    });
    const response = await command("/admin/utilisateurs", { intent: "delete", id }, adminCookie);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ok: true,
      message: "Utilisateur et toutes ses données supprimés avec succès !",
    });
    expect(await rowsOf()).toEqual({
      users: 0,
      sessions: 0,
      accounts: 0,
      reviews: 0,
      cart: 0,
      favorites: 0,
      chats: 0,
      messages: 0,
    });
    // The deleted customer's session no longer opens their account.
    const after = await fetch(`${shop.url}/mon-compte`, { redirect: "manual", headers: { cookie } });
    expect(after.status).toBe(302);
  });
});
