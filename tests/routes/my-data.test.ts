/**
 * 'Mes données' (docs/product.md §10.21), a route test (the app in this process, over
 * real HTTP): a customer downloads everything the shop holds about them (their own data only, no
 * secret), and deletes their account with their password: afterwards they cannot sign in, their old
 * session is useless, their avatar answers 404, and their paid order is kept anonymised. The admin
 * exports a customer's data; nobody else may.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCommand } from "../support/page-command";
import { DEMO_ADMIN, queryDatabase, signIn, signUp, storedOriginals } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

const PASSWORD = "Motdepasse-2026";
const HINA = {
  email: "hina-donnees@exemple.fr",
  name: "Hina Données",
  chat: "Bonjour, ma perle est-elle disponible en 9 mm ?",
  review: "Des bijoux superbes, livrés avec soin.",
  phone: "0611223399",
};
const OTHER = {
  email: "autre-donnees@exemple.fr",
  name: "Tama Autre",
  chat: "message-prive-de-tama",
  review: "avis-prive-de-tama-tres-content",
};
const ADMIN_REPLY = "Oui, elle est disponible !";
const INTERNAL_NOTE = "note-interne-secrete-du-vendeur";

let shop: TestShop;
let adminCookie = "";
let hinaCookie = "";
let otherCookie = "";
const hina = { id: "", avatar: "", order: "", orderId: "", token: "" };

function post(path: string, cookie: string, body: URLSearchParams | FormData | Record<string, unknown>) {
  const json = !(body instanceof URLSearchParams || body instanceof FormData);
  return fetch(`${shop.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: shop.url,
      cookie,
      ...(json ? { "content-type": "application/json" } : {}),
    },
    body: json ? JSON.stringify(body) : body,
  });
}

async function png() {
  const buffer = await sharp({ create: { width: 120, height: 120, channels: 3, background: "#1f7a8c" } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: "image/png" });
}

const userRow = async (email: string) =>
  (await queryDatabase(shop.dataDir, (db) =>
    db.get("select id, username, image from users where email = ?", email),
  )) as { id: string; username: string; image: string | null } | undefined;

/** A customer's traces: chat message, review, cart line and favourite. */
async function leaveTraces(cookie: string, who: { chat: string; review: string }, productId: string) {
  expect((await post("/api/panier", cookie, { intent: "add", productId })).status).toBe(200);
  expect((await post("/api/panier", cookie, { intent: "favorite", productId })).status).toBe(200);
  const opened = await post("/api/chat", cookie, { intent: "open" });
  expect(opened.status).toBe(200);
  const chatId = (await opened.json()).chat.id as string;
  expect((await post("/api/chat", cookie, { intent: "send", content: who.chat })).status).toBe(200);
  const review = await post(
    "/mon-compte",
    cookie,
    new URLSearchParams({ intent: "review", rating: "5", comment: who.review }),
  );
  expect(review.status).toBe(200);
  return chatId;
}

function download(path: string, cookie: string) {
  return fetch(`${shop.url}${path}`, { redirect: "manual", headers: { cookie } });
}

function closeAccount(cookie: string, password: string) {
  return post("/mon-compte", cookie, new URLSearchParams({ intent: "delete-account", password }));
}

beforeAll(async () => {
  shop = await startTestShop("mes-donnees");
  adminCookie = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  hinaCookie = await signUp(shop.url, HINA.email, HINA.name);
  otherCookie = await signUp(shop.url, OTHER.email, OTHER.name);
  const products = (await queryDatabase(shop.dataDir, (db) =>
    db.all<{ id: string }>(
      "select id from products where is_sold = 0 and stock > 0 and price_cents is not null order by id limit 2",
    ),
  )) as { id: string }[];
  const [first, second] = products.map((product) => product.id) as [string, string];

  const row = await userRow(HINA.email);
  hina.id = row?.id ?? "";
  const profile = new FormData();
  for (const [key, value] of Object.entries({
    intent: "profile",
    username: row?.username ?? "",
    name: HINA.name,
    phoneNumber: HINA.phone,
    postalCode: "98714",
  }))
    profile.append(key, value);
  profile.append("avatar", await png(), "moi.png");
  expect((await post("/mon-compte", hinaCookie, profile)).status).toBe(200);
  hina.avatar = (await userRow(HINA.email))?.image ?? "";
  expect(hina.avatar).toMatch(/\.webp$/);

  const hinaChat = await leaveTraces(hinaCookie, HINA, first);
  await leaveTraces(otherCookie, OTHER, first);
  // The shop answers Hina: the export says 'boutique', never the admin's name.
  expect(
    (await post("/api/chat", adminCookie, { intent: "send", chatId: hinaChat, content: ADMIN_REPLY })).status,
  ).toBe(200);

  // Hina orders the second piece from her account; the seller marks it paid and notes something.
  const ordered = await post(
    "/contact?commande=panier",
    hinaCookie,
    new URLSearchParams({
      "form-name": "commande",
      [`quantite.${second}`]: "1",
      name: HINA.name,
      email: HINA.email,
      phone: HINA.phone,
      delivery: "envoi",
      // Papeete: overseas, the zone its postal code calls for (ADR 028).
      zone: "outre_mer",
      addressLine: "12 rue du Lagon",
      postalCode: "98714",
      city: "Papeete",
      message: "Pour l'anniversaire de ma mère",
    }),
  );
  expect(ordered.status).toBe(303);
  const order = (await queryDatabase(shop.dataDir, (db) =>
    db.get("select id, number, tracking_token from orders where user_id = ?", hina.id),
  )) as { id: string; number: string; tracking_token: string };
  Object.assign(hina, { orderId: order.id, order: order.number, token: order.tracking_token });
  const orderPage = `/admin/commandes/${order.id}`;
  const paid = await postCommand(
    shop.url,
    orderPage,
    { intent: "mark-paid", orderId: order.id },
    adminCookie,
  );
  expect(paid.status).toBe(200);
  const noted = await postCommand(
    shop.url,
    orderPage,
    { intent: "save-note", orderId: order.id, note: INTERNAL_NOTE },
    adminCookie,
  );
  expect(noted.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

describe("Télécharger mes données", () => {
  it("is a dated JSON attachment, never cached, of the customer's own data", async () => {
    const response = await download("/mon-compte/mes-donnees", hinaCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="nacre-mes-donnees-${today}.json"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    const data = JSON.parse(text);

    expect(data.compte).toMatchObject({
      id: hina.id,
      nom: HINA.name,
      email: HINA.email,
      telephone: HINA.phone,
      code_postal: "98714",
      role: "client",
      email_visible: true,
      avatar: hina.avatar,
    });
    expect(data.compte.cree_le).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data.compte.modifie_le).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data.compte).toHaveProperty("derniere_activite_le");
    expect(data.exporte_le.slice(0, 10)).toBe(today);
    expect(data.panier).toHaveLength(1);
    expect(data.panier[0]).toMatchObject({ quantite: 1 });
    expect(data.favoris).toHaveLength(1);
    expect(data.avis).toMatchObject({ note: 5, commentaire: HINA.review, approuve: false });
    expect(data.messages).toEqual([
      expect.objectContaining({ expediteur: "moi", texte: HINA.chat }),
      expect.objectContaining({ expediteur: "boutique", texte: ADMIN_REPLY }),
    ]);
    expect(data.commandes).toHaveLength(1);
    expect(data.commandes[0]).toMatchObject({
      numero: hina.order,
      statut: "payee",
      client: { nom: HINA.name, email: HINA.email, telephone: HINA.phone },
      livraison: {
        mode: "envoi",
        adresse: "12 rue du Lagon",
        ville: "Papeete",
        zone: "Outre-mer (DROM-COM)",
      },
    });
    expect(data.commandes[0].lignes).toHaveLength(1);
    expect(data.commandes[0].etapes.map((step: { statut: string }) => step.statut)).toEqual([
      "nouvelle",
      "payee",
    ]);
    // The order form's message to the shop is a contact message linked to the account, or none.
    expect(Array.isArray(data.messages_de_contact)).toBe(true);

    // Nothing of another customer, of the admin, nor any secret.
    const secrets = await queryDatabase(shop.dataDir, async (db) => ({
      hash: (
        await db.get<{ password: string }>(
          "select password from accounts where user_id = ? and provider_id = 'credential'",
          hina.id,
        )
      )?.password,
      sessions: (
        await db.all<{ token: string }>("select token from sessions where user_id = ?", hina.id)
      ).map((row) => row.token),
      adminName: (await db.get<{ name: string }>("select name from users where email = ?", DEMO_ADMIN.email))
        ?.name,
    }));
    expect(secrets.hash).toBeTruthy();
    expect(secrets.sessions.length).toBeGreaterThan(0);
    for (const forbidden of [
      OTHER.email,
      OTHER.name,
      OTHER.chat,
      OTHER.review,
      DEMO_ADMIN.email,
      secrets.adminName as string,
      secrets.hash as string,
      ...secrets.sessions,
      hina.token,
      INTERNAL_NOTE,
    ]) {
      expect(text, `l'export contient « ${forbidden} »`).not.toContain(forbidden);
    }
    expect(text).not.toMatch(/password|mot_de_passe|token|jeton/i);
  });

  it("refuses a visitor with a French 401", async () => {
    const response = await download("/mon-compte/mes-donnees", "");
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe("Veuillez vous connecter.");
  });
});

describe("the admin's export", () => {
  it("gives the admin the same document as an attachment", async () => {
    const response = await download(`/api/admin/utilisateurs/${hina.id}/donnees`, adminCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="nacre-mes-donnees-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const data = await response.json();
    expect(data.compte.email).toBe(HINA.email);
    expect(data.messages.map((message: { texte: string }) => message.texte)).toContain(HINA.chat);
    expect(data.avis.commentaire).toBe(HINA.review);
  });

  it("answers a French 404 for an unknown account", async () => {
    const response = await download("/api/admin/utilisateurs/inconnu/donnees", adminCookie);
    expect(response.status).toBe(404);
    expect((await response.json()).error).toBe("Cet utilisateur n'existe plus.");
  });

  it("is refused to customers and visitors", async () => {
    for (const cookie of [otherCookie, ""]) {
      const response = await download(`/api/admin/utilisateurs/${hina.id}/donnees`, cookie);
      expect(response.status).toBe(403);
      const text = await response.text();
      expect(text).not.toContain(HINA.email);
      expect(text).not.toContain(HINA.chat);
    }
  });
});

describe("Supprimer mon compte", () => {
  it("refuses a wrong password with a French 400 and changes nothing", async () => {
    const response = await closeAccount(hinaCookie, "pas-le-bon-mot-de-passe");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Mot de passe incorrect : votre compte n'a pas été supprimé.");
    expect(await userRow(HINA.email)).toMatchObject({ id: hina.id, image: hina.avatar });
    expect((await download("/mon-compte/mes-donnees", hinaCookie)).status).toBe(200);
    const empty = await closeAccount(hinaCookie, "");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Saisissez votre mot de passe pour confirmer la suppression.");
    expect(await userRow(HINA.email)).toBeTruthy();
  });

  it("limits the attempts per account with a French 429, even with the right password after", async () => {
    const email = "essais-donnees@exemple.fr";
    const cookie = await signUp(shop.url, email, "Essais Répétés");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await closeAccount(cookie, `faux-${attempt}`)).status).toBe(400);
    }
    const limited = await closeAccount(cookie, PASSWORD);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Trop de tentatives de suppression.");
    expect(await userRow(email)).toBeTruthy();
  });

  it("refuses an admin with a French 409: the user manager is their path", async () => {
    const response = await closeAccount(adminCookie, DEMO_ADMIN.password);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Un compte administrateur ne peut pas être supprimé ainsi.");
    expect(await userRow(DEMO_ADMIN.email)).toBeTruthy();
  });

  it("with the right password: the account goes, signed out, its avatar 404, its paid order kept anonymised", async () => {
    const avatarUrl = `${shop.url}/images/avatars/${hina.avatar}?w=thumb`;
    const before = await fetch(avatarUrl);
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toContain("private");
    const etag = before.headers.get("etag") as string;

    const response = await closeAccount(hinaCookie, PASSWORD);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => /session_token=;/.test(cookie) && /Max-Age=0/i.test(cookie))).toBe(true);
    const flash = cookies.find((cookie) => cookie.startsWith("nacre_flash="));
    expect(decodeURIComponent(flash?.split(";")[0]?.slice("nacre_flash=".length) ?? "")).toBe(
      "Votre compte a été supprimé.",
    );

    expect(await userRow(HINA.email)).toBeUndefined();
    // The old session cookie opens nothing any more.
    expect((await download("/mon-compte/mes-donnees", hinaCookie)).status).toBe(401);
    const account = await download("/mon-compte", hinaCookie);
    expect(account.status).toBe(302);
    expect(account.headers.get("location")).toMatch(/^\/auth/);
    // Signing in again fails.
    await expect(signIn(shop.url, HINA.email, PASSWORD)).rejects.toThrow(/connexion refusée/);
    // The avatar answers 404 at once, revalidated or not.
    expect((await fetch(avatarUrl)).status).toBe(404);
    expect((await fetch(avatarUrl, { headers: { "if-none-match": etag } })).status).toBe(404);
    expect(await storedOriginals(shop.dataDir, "avatars")).not.toContain(hina.avatar);

    const left = await queryDatabase(shop.dataDir, async (db) => ({
      order: await db.get("select * from orders where id = ?", hina.orderId),
      chats: await db.all("select id from chats where user_id = ?", hina.id),
      messages: await db.all("select id from chat_messages where content = ?", HINA.chat),
      reviews: await db.all("select id from reviews where user_id = ?", hina.id),
      sessions: await db.all("select id from sessions where user_id = ?", hina.id),
    }));
    expect(left.order).toMatchObject({
      user_id: null,
      customer_name: "Client supprimé",
      email: "",
      phone: "",
      address_line: "",
      message: "",
      internal_note: "",
      status: "payee",
    });
    expect((left.order as { tracking_token: string }).tracking_token).not.toBe(hina.token);
    expect(left.chats).toEqual([]);
    expect(left.messages).toEqual([]);
    expect(left.reviews).toEqual([]);
    expect(left.sessions).toEqual([]);
    // The other customer's data stays.
    expect(await userRow(OTHER.email)).toBeTruthy();
  });

  it("refuses a visitor: the account page's guard sends them to sign in", async () => {
    const response = await closeAccount("", PASSWORD);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("deleting from the user manager", () => {
  it("goes the same way: the paid order is kept anonymised", async () => {
    const email = "gestion-donnees@exemple.fr";
    const cookie = await signUp(shop.url, email, "Moana Gestion");
    const userId = (await userRow(email))?.id as string;
    const piece = (await queryDatabase(shop.dataDir, (db) =>
      db.get<{ id: string }>(
        "select id from products where is_sold = 0 and stock > 0 and price_cents is not null order by id desc limit 1",
      ),
    )) as { id: string };
    const ordered = await post(
      "/contact?commande=panier",
      cookie,
      new URLSearchParams({
        "form-name": "commande",
        [`quantite.${piece.id}`]: "1",
        name: "Moana Gestion",
        email,
        phone: "0622334455",
        delivery: "main_propre",
        message: "Merci !",
      }),
    );
    expect(ordered.status).toBe(303);
    const order = (await queryDatabase(shop.dataDir, (db) =>
      db.get<{ id: string }>("select id from orders where user_id = ?", userId),
    )) as { id: string };
    expect(
      (
        await postCommand(
          shop.url,
          `/admin/commandes/${order.id}`,
          { intent: "mark-paid", orderId: order.id },
          adminCookie,
        )
      ).status,
    ).toBe(200);

    const deleted = await postCommand(
      shop.url,
      "/admin/utilisateurs",
      { intent: "delete", id: userId },
      adminCookie,
    );
    expect(deleted.status).toBe(200);
    expect(await userRow(email)).toBeUndefined();
    const kept = await queryDatabase(shop.dataDir, (db) =>
      db.get("select * from orders where id = ?", order.id),
    );
    expect(kept).toMatchObject({
      user_id: null,
      customer_name: "Client supprimé",
      email: "",
      phone: "",
      message: "",
      status: "payee",
    });
  });
});
