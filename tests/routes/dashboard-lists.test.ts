/**
 * The dashboard's lists and guards as the admin uses them (docs/product.md §2 "Admin dashboard", §6, §8):
 * categories and the three attribute lists created, renamed and deleted through their pages' own
 * actions (a deleted category leaves its pieces, detached), the event form's required fields, the
 * user manager's e-mail switch and search, the overview's cards, and the role notices and redirects
 * a customer and the admin meet.
 */
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { element, getPage, links, pageHtml, textOf } from "../support/page-html";
import { DEMO_ADMIN, DEMO_CUSTOMER, queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop("dashboard-lists");
  admin = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

/** Urlencoded, as a fetcher sends a form without a file (multipart is for uploads only). */
function formOf(fields: Record<string, string>) {
  return new URLSearchParams(fields);
}

/** A page command as its fetcher posts it (`.data`, React Router's single fetch): its status and data. */
async function command(path: string, fields: Record<string, string>) {
  const response = await fetch(`${shop.url}${path}.data`, {
    method: "POST",
    headers: { origin: shop.url, cookie: admin },
    body: formOf(fields),
  });
  const decoded = await decodeViaTurboStream(response.body as ReadableStream<Uint8Array>, globalThis);
  await decoded.done;
  const { data } = decoded.value as { data?: { ok: boolean; message?: string; error?: string } };
  return { status: response.status, ...data };
}

const one = <T>(sql: string, ...params: unknown[]) =>
  queryDatabase(shop.dataDir, (db) => db.get<T>(sql, ...params)) as Promise<T>;

describe("categories and attributes", () => {
  it("a category is created, renamed and deleted from /admin/categories; its pieces stay, without it", async () => {
    expect(
      await command("/admin/categories", { intent: "create", kind: "categories", name: "   " }),
    ).toMatchObject({
      status: 400,
      ok: false,
      error: "Le nom ne peut pas être vide.",
    });
    expect(
      await command("/admin/categories", { intent: "create", kind: "categories", name: "Broches" }),
    ).toEqual({
      status: 200,
      ok: true,
      message: "Catégorie ajoutée !",
    });
    const { id } = await one<{ id: string }>("select id from categories where name = 'Broches'");
    const piece = await one<{ id: string }>("select id from products order by name limit 1");
    await queryDatabase(shop.dataDir, (db) =>
      db.run("insert into product_categories (product_id, category_id) values (?, ?)", piece.id, id),
    );
    expect(textOf(await pageHtml(shop.url, "/admin/categories", admin))).toContain("Broches");

    expect(
      await command("/admin/categories", { intent: "rename", kind: "categories", id, name: "Broches fines" }),
    ).toMatchObject({ ok: true, message: "Catégorie mise à jour !" });
    expect(await one("select name from categories where id = ?", id)).toEqual({ name: "Broches fines" });

    const linksBefore = await one<{ n: number }>(
      "select count(*) as n from product_categories where product_id = ?",
      piece.id,
    );
    expect(await command("/admin/categories", { intent: "delete", kind: "categories", id })).toMatchObject({
      ok: true,
      message: "Catégorie supprimée.",
    });
    expect(await one("select count(*) as n from categories where id = ?", id)).toEqual({ n: 0 });
    expect(await one("select count(*) as n from products where id = ?", piece.id)).toEqual({ n: 1 });
    expect(await one("select count(*) as n from product_categories where product_id = ?", piece.id)).toEqual({
      n: linksBefore.n - 1,
    });
  });

  it.each([
    ["colors", ["Couleur ajoutée !", "Couleur mise à jour !", "Couleur supprimée."]],
    ["materials", ["Matière ajoutée !", "Matière mise à jour !", "Matière supprimée."]],
    ["pearl_types", ["Type de perle ajouté !", "Type de perle mis à jour !", "Type de perle supprimé."]],
  ] as const)(
    "/admin/filtres adds, renames and deletes an entry of %s, each with its message",
    async (kind, [added, updated, deleted]) => {
      const name = `Essai ${kind}`;
      expect(await command("/admin/filtres", { intent: "create", kind, name: "" })).toMatchObject({
        status: 400,
        error: "Le nom ne peut pas être vide.",
      });
      expect(await command("/admin/filtres", { intent: "create", kind, name })).toMatchObject({
        message: added,
      });
      const { id } = await one<{ id: string }>(`select id from ${kind} where name = ?`, name);
      expect(textOf(await pageHtml(shop.url, "/admin/filtres", admin))).toContain(name);
      expect(
        await command("/admin/filtres", { intent: "rename", kind, id, name: `${name} bis` }),
      ).toMatchObject({
        message: updated,
      });
      expect(await one(`select name from ${kind} where id = ?`, id)).toEqual({ name: `${name} bis` });
      expect(await command("/admin/filtres", { intent: "delete", kind, id })).toMatchObject({
        message: deleted,
      });
      expect(await one(`select count(*) as n from ${kind} where id = ?`, id)).toEqual({ n: 0 });
    },
  );
});

describe("the events", () => {
  it("are listed newest first in /admin/agenda (docs/product.md §7: -start_date)", async () => {
    const html = await pageHtml(shop.url, "/admin/agenda", admin);
    const shown = [...element(html, "<tbody").matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((match) =>
      textOf(match[1] ?? ""),
    );
    const expected = await queryDatabase(shop.dataDir, (db) =>
      db.all<{ title: string }>("select title from events order by start_date desc, id"),
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(shown).toEqual(expected.map((event) => event.title));
  });

  it("requires a title and a start date, and an end after the start, in French", async () => {
    const save = async (fields: Record<string, string>) => {
      const response = await fetch(`${shop.url}/api/admin/evenements`, {
        method: "POST",
        headers: { origin: shop.url, cookie: admin },
        // Multipart, as the event editor sends it (its picture goes with it).
        body: Object.entries({ intent: "save", ...fields }).reduce((data, [key, value]) => {
          data.append(key, value);
          return data;
        }, new FormData()),
      });
      return { status: response.status, ...((await response.json()) as { ok: boolean; error?: string }) };
    };
    const before = await one<{ n: number }>("select count(*) as n from events");
    expect(await save({ title: "", startDate: "2030-05-01T10:00" })).toEqual({
      status: 400,
      ok: false,
      error: "Le titre est obligatoire.",
    });
    expect(await save({ title: "Marché des perles", startDate: "" })).toMatchObject({
      status: 400,
      error: "La date de début est obligatoire.",
    });
    expect(
      await save({ title: "Marché des perles", startDate: "2030-05-01T10:00", endDate: "2030-05-01T09:00" }),
    ).toMatchObject({ status: 400, error: "La date de fin doit être postérieure à la date de début." });
    expect(await one("select count(*) as n from events")).toEqual(before);
  });
});

describe("the user manager", () => {
  it("finds a customer by e-mail and switches their e-mail's visibility", async () => {
    await signUp(shop.url, "visible-ou-pas@exemple.fr", "Teva Visible");
    const { id } = await one<{ id: string }>(
      "select id from users where email = 'visible-ou-pas@exemple.fr'",
    );
    const found = await pageHtml(shop.url, "/admin/utilisateurs?q=visible-ou-pas%40exemple.fr", admin);
    const list = element(found, 'aria-label="Utilisateurs"');
    expect(list.match(/<article[\s>]/g)).toHaveLength(1);
    expect(textOf(list)).toContain("visible-ou-pas@exemple.fr");
    expect(
      await command("/admin/utilisateurs", { intent: "set-email-visibility", id, visible: "false" }),
    ).toMatchObject({ ok: true });
    expect(await one("select email_visibility as v from users where id = ?", id)).toEqual({ v: 0 });
  });
});

describe("the overview", () => {
  it("shows a card per section with its count and 'Gérer', and what waits", async () => {
    const html = await pageHtml(shop.url, "/admin", admin);
    const counts = await queryDatabase(shop.dataDir, async (db) => {
      const n = async (sql: string) => ((await db.get(sql)) as { n: number }).n;
      return {
        Catégories: await n("select count(*) as n from categories"),
        Avis: await n("select count(*) as n from reviews"),
        Conversations: await n("select count(*) as n from chats"),
        Utilisateurs: await n("select count(*) as n from users"),
        pending: await n("select count(*) as n from reviews where is_approved = 0"),
      };
    });
    const cards = [...html.matchAll(/<article[^>]*>([\s\S]*?)<\/article>/g)].map((match) => match[1] ?? "");
    for (const title of ["Catégories", "Avis", "Conversations", "Utilisateurs"] as const) {
      const card = cards.find((found) => textOf(/<h2[^>]*>[\s\S]*?<\/h2>/.exec(found)?.[0] ?? "") === title);
      expect(card, title).toBeDefined();
      expect(textOf(card as string)).toContain(String(counts[title]));
      expect(card).toContain(`aria-label="Gérer : ${title}"`);
    }
    expect(textOf(html)).toContain("Couleurs, matières, types de perles");
    expect(textOf(element(html, 'aria-label="En attente"'))).toContain(`${counts.pending} avis en attente`);
    expect(links(html)).toContainEqual({ href: "/admin/agenda", text: "Gérer" });
  });
});

/** The dashboard's live stream, as its page reads it: the raw text until `stop()`. */
function listen(cookie: string) {
  const controller = new AbortController();
  let text = "";
  void fetch(`${shop.url}/api/chat/flux`, { headers: { cookie }, signal: controller.signal }).then(
    async (response) => {
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      if (!reader) return;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += value;
        }
      } catch {
        // aborted by stop()
      }
    },
  );
  return {
    text: () => text,
    stop: () => controller.abort(),
    async waitFor(needle: string) {
      const deadline = Date.now() + 5000;
      while (!text.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`« ${needle} » n'est pas arrivé :\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

describe("the count of new orders", () => {
  it("reaches the admins' open pages live as orders arrive and leave 'Nouvelle', and never a customer's", async () => {
    const customer = await signUp(shop.url, "flux-commandes@exemple.fr", "Moana Flux");
    const seller = listen(admin);
    const other = listen(customer);
    try {
      // Subscribed once the stream has sent its first sync: an order before it would go unseen.
      await seller.waitFor("event: sync");
      await other.waitFor("event: sync");
      const piece = await one<{ id: string }>(
        "select id from products where is_sold = 0 and stock >= 2 and price_cents is not null order by id limit 1",
      );
      const waiting = async () =>
        (await one<{ n: number }>("select count(*) as n from orders where status = 'nouvelle'")).n;
      const before = await waiting();
      const ordered = await fetch(`${shop.url}/contact?commande=panier`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: shop.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          "form-name": "commande",
          [`quantite.${piece.id}`]: "1",
          name: "Moana Flux",
          email: "flux-commandes@exemple.fr",
          delivery: "main_propre",
        }),
      });
      expect(ordered.status).toBe(303);
      await seller.waitFor(`"newOrders":${before + 1}`);
      const { id } = await one<{ id: string }>(
        "select id from orders where email = 'flux-commandes@exemple.fr'",
      );
      expect(
        await command(`/admin/commandes/${id}`, {
          intent: "send-payment-link",
          orderId: id,
          paymentUrl: "https://paiement.exemple.fr/p/flux",
        }),
      ).toMatchObject({ ok: true });
      expect(await waiting()).toBe(before);
      await seller.waitFor(`"newOrders":${before}}`);
      expect(other.text()).not.toContain("newOrders");
    } finally {
      seller.stop();
      other.stop();
    }
  });
});

describe("roles", () => {
  it("a customer is sent from /auth to their account, and from the dashboard back with 'Accès non autorisé.'", async () => {
    const customer = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await getPage(shop.url, "/auth", customer)).location).toBe("/mon-compte");
    expect((await getPage(shop.url, "/admin/produits", customer)).location).toBe("/mon-compte?acces=refuse");
    const refused = await pageHtml(shop.url, "/mon-compte?acces=refuse", customer);
    expect(refused).toMatch(/role="alert"[^>]*>Accès non autorisé\.</);
    expect(element(await pageHtml(shop.url, "/", customer), "<header")).toMatch(
      /<a title="Mon Compte"[^>]*href="\/mon-compte"/,
    );
  });

  it("the admin signs in to /admin, whose page lists the dashboard and leaves out the shop's widgets", async () => {
    const login = await fetch(`${shop.url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.url },
      body: new URLSearchParams({ intent: "login", email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    expect(login.headers.get("location")).toBe("/admin");
    expect((await getPage(shop.url, "/auth", admin)).location).toBe("/admin");
    const home = await pageHtml(shop.url, "/", admin);
    expect(element(home, "<header")).toMatch(/<a title="Tableau de bord"[^>]*href="\/admin"/);
    expect(home).toContain("Afficher le numéro de téléphone");
    const dashboard = await pageHtml(shop.url, "/admin", admin);
    expect(textOf(element(dashboard, "<h1"))).toBe("Vue d'ensemble");
    expect(links(element(dashboard, 'aria-label="Administration"')).map((link) => link.text)).toEqual([
      "Vue d'ensemble",
      "Commandes",
      "Statistiques",
      "Produits",
      "Catégories",
      "Filtres",
      "Agenda",
      "Avis",
      "Messages",
      "Contacts",
      "Utilisateurs",
      "Mon compte",
      "Paramètres",
    ]);
    expect(dashboard).not.toContain("Afficher le numéro de téléphone");
  });
});
