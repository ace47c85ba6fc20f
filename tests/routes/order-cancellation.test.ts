/**
 * « Annuler ma commande » and the delivery rates' settings (docs/product.md §10.28, ADR 028), a route
 * test (the app in this process, over real HTTP), posted as a browser without JavaScript: the order's
 * page links to a confirmation page that changes nothing; its form cancels, frees the piece for the
 * next visitor at once and comes back to the order's page; a cancelled or paid order is a French
 * 409; another account's order is a 404 and stays as it was. The « Livraison » settings refuse
 * absurd amounts with a French 400, and what they save is what /contact and the CGV show.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "../support/outbox";
import { postCommand } from "../support/page-command";
import { DEMO_ADMIN, queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let nextAddress = 1;

/** A unique piece for sale that nothing else here orders. */
async function freeUniquePiece(offset: number): Promise<{ id: string; name: string }> {
  return (await queryDatabase(shop.dataDir, (db) =>
    db.get(
      `select id, name from products where is_sold = 0 and is_unique = 1 and stock = 1 and price_cents is not null
         and id not in (select product_id from cart_items where product_id is not null)
       order by id limit 1 offset ?`,
      offset,
    ),
  )) as { id: string; name: string };
}

/** Posts a form as a browser without JavaScript does. */
async function postForm(pathname: string, fields: Record<string, string>, cookie = "") {
  const response = await fetch(`${shop.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: shop.url,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": `10.43.0.${nextAddress++}`,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    response,
    text: await response.text(),
  };
}

function order(productId: string, email: string, cookie = "") {
  return postForm(
    "/contact?commande=panier",
    {
      "form-name": "commande",
      [`quantite.${productId}`]: "1",
      name: "Ariitea Annule",
      email,
      delivery: "main_propre",
    },
    cookie,
  );
}

const statusOf = async (where: string, value: string) =>
  (await queryDatabase(shop.dataDir, (db) =>
    db.get(`select id, status from orders where ${where} = ?`, value),
  )) as {
    id: string;
    status: string;
  };

const page = async (path: string, cookie = "") => {
  const response = await fetch(`${shop.url}${path}`, {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
};

beforeAll(async () => {
  shop = await startTestShop("annulation", { TRUST_PROXY: "1" });
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

describe("« Annuler ma commande »", () => {
  it("from the guest's link: a confirmation first, then cancelled, the piece free for the next visitor at once", async () => {
    const piece = await freeUniquePiece(0);
    const placed = await order(piece.id, "annule-invitee@exemple.fr");
    expect(placed.status, placed.text.slice(0, 300)).toBe(303);
    const tracking = (placed.location ?? "").split("?")[0] as string;
    const token = tracking.split("/")[2] as string;
    expect((await order(piece.id, "suivante@exemple.fr")).status, "held for the first order").toBe(409);

    const orderPage = await page(tracking);
    expect(orderPage.html).toContain(`href="/commande/${token}/annuler"`);
    expect(orderPage.html).toContain("Annuler ma commande");

    // The confirmation page changes nothing.
    const confirm = await page(`/commande/${token}/annuler`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain("Confirmez l&#x27;annulation");
    expect(confirm.html).toMatch(/<form[^>]* method="post"/);
    expect(confirm.html).toContain(">Annuler ma commande</button>");
    expect(confirm.html).toMatch(/<meta name="robots" content="noindex/);
    expect((await statusOf("tracking_token", token)).status).toBe("nouvelle");

    const cancelled = await postForm(`/commande/${token}/annuler`, {});
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(tracking);
    const flash = cancelled.response.headers.getSetCookie().find((c) => c.startsWith("nacre_flash="));
    expect(decodeURIComponent(flash ?? "")).toMatch(/Votre commande NAC-\d{4}-\d{4} est annulée/);
    expect((await statusOf("tracking_token", token)).status).toBe("annulee");
    // Free again at that instant: the next visitor orders it.
    expect((await order(piece.id, "suivante@exemple.fr")).status).toBe(303);
    // The customer's confirmation is on its way (the outbox worker writes it).
    await expect
      .poll(() =>
        readOutbox(shop.dataDir).some(
          (mail) =>
            /^To: .*annule-invitee@exemple\.fr/m.test(mail) &&
            mail.includes("Vous avez annulé votre commande"),
        ),
      )
      .toBe(true);

    const after = await page(tracking);
    expect(after.html).not.toContain(`/commande/${token}/annuler`);
    const again = await postForm(`/commande/${token}/annuler`, {});
    expect(again.status).toBe(409);
    expect(again.text).toContain("Cette commande est déjà annulée.");
  });

  it("an unknown link is a French 404; a paid order is a French 409 and stays paid", async () => {
    for (const token of ["A".repeat(43), "pas-un-jeton"]) {
      expect((await page(`/commande/${token}/annuler`)).status, token).toBe(404);
      expect((await postForm(`/commande/${token}/annuler`, {})).status, token).toBe(404);
    }
    const placed = await order((await freeUniquePiece(1)).id, "payee-annule@exemple.fr");
    const token = (placed.location ?? "").split("?")[0]?.split("/")[2] as string;
    await queryDatabase(shop.dataDir, (db) =>
      db.run("update orders set status = 'payee' where tracking_token = ?", token),
    );
    const confirm = await page(`/commande/${token}/annuler`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain("Annulation impossible");
    expect(confirm.html).not.toContain(">Annuler ma commande</button>");
    const refused = await postForm(`/commande/${token}/annuler`, {});
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(
      "Cette commande est déjà payée : elle ne peut plus être annulée depuis cette page.",
    );
    expect((await statusOf("tracking_token", token)).status).toBe("payee");
  });

  it("from 'Mes commandes': the owner cancels; another account gets a 404 and changes nothing", async () => {
    const owner = await signUp(shop.url, "proprietaire-annule@exemple.fr", "Proprio Annule");
    const stranger = await signUp(shop.url, "etrangere-annule@exemple.fr", "Étrangère");
    const placed = await order((await freeUniquePiece(2)).id, "proprietaire-annule@exemple.fr", owner);
    expect(placed.status, placed.text.slice(0, 300)).toBe(303);
    const { id } = await statusOf("email", "proprietaire-annule@exemple.fr");
    const path = `/mon-compte/commandes/${id}/annuler`;

    expect((await page("/mon-compte", owner)).html).toContain(`href="${path}"`);
    expect((await page(path, stranger)).status).toBe(404);
    expect((await postForm(path, {}, stranger)).status).toBe(404);
    expect((await statusOf("email", "proprietaire-annule@exemple.fr")).status).toBe("nouvelle");
    expect((await page(path)).status, "a visitor is sent to sign in").toBe(302);

    expect((await page(path, owner)).status).toBe(200);
    const cancelled = await postForm(path, {}, owner);
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe("/mon-compte#commandes");
    expect((await statusOf("email", "proprietaire-annule@exemple.fr")).status).toBe("annulee");
  });
});

describe("the « Livraison » settings", () => {
  it("refuse negative or absurd amounts with a French 400; saved rates are what /contact and the CGV show", async () => {
    const admin = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const valid = {
      intent: "save-delivery",
      rateFrance: "5,90",
      rateOutreMer: "13",
      rateUe: "",
      rateMonde: "",
      freeFrom: "120",
    };
    for (const [fields, message] of [
      [
        { rateFrance: "-5" },
        "France métropolitaine : indiquez un montant positif en euros, au centime près (par exemple 6,90), ou laissez vide.",
      ],
      [
        { rateUe: "abc" },
        "Union européenne : indiquez un montant positif en euros, au centime près (par exemple 6,90), ou laissez vide.",
      ],
      [
        { rateOutreMer: "1e3" },
        "Outre-mer : indiquez un montant positif en euros, au centime près (par exemple 6,90), ou laissez vide.",
      ],
      [{ rateMonde: "500,01" }, "Reste du monde : 500 € au plus par envoi."],
      [{ freeFrom: "100000,01" }, "Livraison offerte à partir de : 100 000 € au plus."],
    ] as const) {
      const answer = await postCommand(shop.url, "/admin/parametres", { ...valid, ...fields }, admin);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(answer.body), JSON.stringify(fields)).toContain(message);
    }
    const unchanged = await queryDatabase(shop.dataDir, (db) =>
      db.get("select delivery_france_cents, delivery_free_from_cents from shop_settings where id = 'shop'"),
    );
    expect(unchanged).toEqual({ delivery_france_cents: 690, delivery_free_from_cents: 15000 });
    const customer = await signUp(shop.url, "pas-admin-livraison@exemple.fr");
    expect((await postCommand(shop.url, "/admin/parametres", valid, customer)).location).toMatch(
      /^\/mon-compte/,
    );

    expect(await postCommand(shop.url, "/admin/parametres", valid, admin)).toMatchObject({
      status: 200,
      body: { ok: true, message: "Tarifs de livraison enregistrés." },
    });
    const contact = (await page("/contact")).html.replace(/[\u00a0\u202f]/g, " ").replace(/<!-- -->/g, "");
    expect(contact).toContain(
      "Frais d&#x27;envoi : France métropolitaine 5,90 € ; Outre-mer (DROM-COM) 13,00 € ; Union européenne sur devis ; Reste du monde sur devis ; offerts dès 120,00 € de créations.",
    );
    const cgv = (await page("/cgv")).html.replace(/[\u00a0\u202f]/g, " ");
    expect(cgv).toContain("France métropolitaine : 5,90 €");
    expect(cgv).toContain("offerte dès 120,00 €");
  });
});
