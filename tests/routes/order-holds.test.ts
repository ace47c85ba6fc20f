/**
 * Holds that cannot be hoarded (ADR 022), over HTTP on the demo shop, with the shop's default cap
 * of 3. The attack replayed: one anonymous POST of the order form naming every piece for sale holds
 * three units; the seller releases them and blocks the address in one action from the order's page
 * (the admin only); a client polling /api/disponibilite and ordering everything again from the same
 * network address with fresh addresses never holds more than three. A real two-piece order is
 * unchanged for its customer but for the confirmation link: the link opens a page with a button
 * (opening it changes nothing), only its single-use token confirms, and a confirmed order holds its
 * pieces for the shop's hold length.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "../support/outbox";
import { DEMO_ADMIN, DEMO_CUSTOMER, queryDatabase, signIn } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let adminCookie: string;
let customerCookie: string;
const ATTACKER = "203.0.113.66";
const DAY = 86_400_000;

interface Piece {
  id: string;
  stock: number;
  is_unique: number;
}
let forSale: Piece[] = [];

beforeAll(async () => {
  shop = await startTestShop("order-holds", { TRUST_PROXY: "1" });
  adminCookie = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  customerCookie = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  forSale = await queryDatabase(shop.dataDir, (db) =>
    db.all<Piece>(
      "select id, stock, is_unique from products where is_sold = 0 and price_cents is not null and stock > 0 order by id",
    ),
  );
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

function order(fields: Record<string, string>, address: string, cookie?: string) {
  return fetch(`${shop.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: shop.url,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": address,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({
      "form-name": "commande",
      name: "Client",
      delivery: "main_propre",
      ...fields,
    }),
  });
}

/** Every piece for sale, each with as many units as it has. */
function everything(pieces: Piece[]): Record<string, string> {
  return Object.fromEntries(pieces.map((piece) => [`quantite.${piece.id}`, String(piece.stock)]));
}

/** Units held at this moment by the open orders placed from `address`. */
const heldFrom = (address: string) =>
  queryDatabase(shop.dataDir, async (db) =>
    Number(
      (
        await db.get<{ held: number | null }>(
          `select sum(l.quantity - l.waiting_quantity) as held from order_lines l join orders o on o.id = l.order_id
           where o.client_address = ? and o.status in ('nouvelle', 'lien_envoye') and o.hold_expires_at > ?`,
          address,
          new Date().toISOString(),
        )
      )?.held ?? 0,
    ),
  );

const orderRow = (where: string, value: string) =>
  queryDatabase(shop.dataDir, (db) =>
    db.get<{
      id: string;
      status: string;
      email_confirmed_at: string | null;
      hold_expires_at: string;
      created_at: string;
    }>(
      `select id, status, email_confirmed_at, hold_expires_at, created_at from orders where ${where} = ?`,
      value,
    ),
  );

const trackingTokenOf = (response: Response) =>
  /^\/commande\/([A-Za-z0-9_-]{43})/.exec(response.headers.get("location") ?? "")?.[1] ?? "";

describe("the hoarding attack", () => {
  it("one anonymous request naming every piece holds 3 units; released and blocked, a polling client takes back 3 at most", async () => {
    const totalUnits = forSale.reduce((sum, piece) => sum + piece.stock, 0);
    expect(forSale.length).toBeGreaterThan(10);
    const first = await order({ ...everything(forSale), email: "farceur@exemple.fr" }, ATTACKER);
    expect(first.status).toBe(303);
    const token = trackingTokenOf(first);
    expect(await heldFrom(ATTACKER)).toBe(3);
    const placed = await queryDatabase(shop.dataDir, (db) =>
      db.get<{ id: string; units: number }>(
        "select o.id, sum(l.quantity) as units from orders o join order_lines l on l.order_id = o.id where o.tracking_token = ? group by o.id",
        token,
      ),
    );
    // The order keeps every line: what is not held waits for the seller.
    expect(Number(placed?.units)).toBe(totalUnits);
    const orderId = placed?.id as string;

    // Only the admin releases and blocks.
    const release = (cookie?: string) =>
      fetch(`${shop.url}/admin/commandes/${orderId}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: shop.url,
          "content-type": "application/x-www-form-urlencoded",
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams({ intent: "release-and-block" }),
      });
    expect((await release(customerCookie)).status).toBe(302);
    expect((await release()).status).toBe(302);
    expect(await heldFrom(ATTACKER)).toBe(3);
    const page = await fetch(`${shop.url}/admin/commandes/${orderId}`, { headers: { cookie: adminCookie } });
    const html = await page.text();
    expect(html).toContain("Adresse e-mail non confirmée");
    expect(html).toContain("En attente de validation");
    expect(html).toContain("Libérer les pièces et bloquer l&#x27;adresse");
    expect((await release(adminCookie)).status).toBe(200);
    expect((await orderRow("id", orderId))?.status).toBe("annulee");
    expect(await heldFrom(ATTACKER)).toBe(0);

    // The blocked address is refused in French, and told nothing more.
    const blocked = await order({ ...everything(forSale), email: "Farceur+bis@exemple.fr" }, ATTACKER);
    expect(blocked.status).toBe(403);
    expect(await blocked.text()).toContain(
      "Cette adresse e-mail ne peut pas passer commande sur la boutique.",
    );

    // Polling, then ordering everything again with a fresh address each time, from the same network.
    for (let round = 0; round < 3; round++) {
      const ids = forSale.map((piece) => `id=${piece.id}`).join("&");
      const availability = (await (await fetch(`${shop.url}/api/disponibilite?${ids}`)).json()) as {
        availability: Record<string, { availability: string; stock: number }>;
      };
      const free = forSale.filter(
        (piece) => availability.availability[piece.id]?.availability === "available",
      );
      expect(free.length).toBeGreaterThan(0);
      const again = await order(
        {
          ...Object.fromEntries(free.map((piece) => [`quantite.${piece.id}`, "1"])),
          email: `farceur${round}@exemple.fr`,
        },
        ATTACKER,
      );
      expect(again.status).toBe(303);
      expect(await heldFrom(ATTACKER)).toBeLessThanOrEqual(3);
    }
    expect(await heldFrom(ATTACKER)).toBe(3);

    // The seller unblocks the address from the settings (the admin only): it may order again.
    const unblock = (cookie?: string) =>
      fetch(`${shop.url}/admin/parametres`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: shop.url,
          "content-type": "application/x-www-form-urlencoded",
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams({ intent: "unblock-email", emailKey: "farceur@exemple.fr" }),
      });
    expect((await unblock(customerCookie)).status).toBe(302);
    const settings = await (
      await fetch(`${shop.url}/admin/parametres`, { headers: { cookie: adminCookie } })
    ).text();
    expect(settings).toContain("farceur@exemple.fr");
    expect((await unblock(adminCookie)).status).toBe(200);
    const [last] = forSale.slice(-1) as [Piece];
    const unblocked = await order(
      { [`quantite.${last.id}`]: "1", email: "farceur@exemple.fr" },
      "198.51.100.99",
    );
    expect(unblocked.status).toBe(303);
  });
});

describe("a real two-piece order", () => {
  it("holds both pieces, asks for the confirmation by the link, and once confirmed holds them for the shop's hold length", async () => {
    const address = "198.51.100.20";
    const [a, b] = forSale.filter((piece) => piece.is_unique === 0).slice(-2) as [Piece, Piece];
    const placed = await order(
      { [`quantite.${a.id}`]: "1", [`quantite.${b.id}`]: "1", email: "vraie.cliente@exemple.fr" },
      address,
    );
    expect(placed.status).toBe(303);
    const tracking = trackingTokenOf(placed);
    expect(await heldFrom(address)).toBe(2);
    const row = await orderRow("tracking_token", tracking);
    expect(row?.email_confirmed_at).toBeNull();
    expect(Date.parse(row?.hold_expires_at ?? "") - Date.parse(row?.created_at ?? "")).toBe(2 * 3_600_000);

    // The order's page: what to do and until when; nothing waits for the seller.
    const trackingHtml = await (await fetch(`${shop.url}/commande/${tracking}`)).text();
    expect(trackingHtml).toContain("Confirmez votre commande");
    expect(trackingHtml).toContain("ne restent réservées que jusqu");
    expect(trackingHtml).not.toContain("en attente de validation");

    // The e-mail carries the confirmation link (delivered by the outbox worker).
    const deadline = Date.now() + 20_000;
    let mail = "";
    while (!mail && Date.now() < deadline) {
      const sent = await queryDatabase(shop.dataDir, (db) =>
        db.get<{ status: string }>(
          "select status from mail_outbox where recipient = ? and kind = 'confirmation de commande'",
          "vraie.cliente@exemple.fr",
        ),
      );
      if (sent?.status === "sent") {
        // Her own mail: the shop's notice names her in Reply-To, which also ends in "To: <her address>".
        mail = readOutbox(shop.dataDir).find((text) => /^To: vraie\.cliente@exemple\.fr$/m.test(text)) ?? "";
      } else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const text = mail;
    const link = /\/commande\/([A-Za-z0-9_-]{43})\/confirmer/.exec(text);
    expect(link, "lien de confirmation dans l'e-mail").not.toBeNull();
    const confirmToken = link?.[1] as string;
    expect(confirmToken).not.toBe(tracking);
    expect(text).toContain("Sans confirmation, vos pièces ne restent réservées que jusqu");

    // Opening the link changes nothing: a page with a button.
    const opened = await fetch(`${shop.url}/commande/${confirmToken}/confirmer`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toContain("no-store");
    expect(await opened.text()).toContain("Confirmer ma commande");
    expect((await orderRow("tracking_token", tracking))?.email_confirmed_at).toBeNull();

    const confirm = (token: string, cookie?: string) =>
      fetch(`${shop.url}/commande/${token}/confirmer`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: shop.url,
          "content-type": "application/x-www-form-urlencoded",
          ...(cookie ? { cookie } : {}),
        },
        body: "",
      });
    // Holding the tracking link (whoever placed the order has it), being the admin: not the token.
    expect((await confirm(tracking)).status).toBe(404);
    expect((await confirm(tracking, adminCookie)).status).toBe(404);
    expect((await orderRow("tracking_token", tracking))?.email_confirmed_at).toBeNull();

    const confirmed = await confirm(confirmToken);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`/commande/${tracking}`);
    const after = await orderRow("tracking_token", tracking);
    expect(after?.email_confirmed_at).not.toBeNull();
    expect(Date.parse(after?.hold_expires_at ?? "") - Date.parse(after?.created_at ?? "")).toBe(7 * DAY);
    expect(await heldFrom(address)).toBe(2);
    const page = await (await fetch(`${shop.url}/commande/${tracking}`)).text();
    expect(page).not.toContain("Confirmez votre commande");
    expect(page).toContain("Vos pièces vous sont réservées jusqu");
    // Single use.
    expect((await confirm(confirmToken)).status).toBe(404);
  });
});
