/**
 * The contract on a durable medium (docs/product.md §10.26, ADR 029), a route test (the app in this
 * process, over real HTTP): the seller sends the payment link and marks the order paid → the
 * customer's confirmation e-mail carries the contract's essentials (L221-5), the CGV of that day as
 * `CGV-vN.pdf` and the Code's withdrawal form as `formulaire-retractation.pdf` (both read back with
 * pdftotext); the order keeps that version, which its page and 'Mes commandes' open as HTML and PDF;
 * a later change of the settings publishes a new version on /cgv without touching the order's;
 * malformed or unknown versions are French 404s.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ParsedMail, parseMail } from "../support/outbox";
import { postCommand } from "../support/page-command";
import { pdfText } from "../support/pdf-text";
import { DEMO_ADMIN, DEMO_CUSTOMER, queryDatabase, signIn } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let admin: string;
let customer: string;
let customerId: string;
let piece: { id: string; name: string; slug: string; price_cents: number };

/** An order as the order form places it, written directly (this suite is about what follows). */
async function insertOrder(email: string, userId: string | null = null) {
  const id = crypto.randomBytes(8).toString("hex").slice(0, 15);
  const token = crypto.randomBytes(32).toString("base64url");
  const number = `NAC-2026-${8000 + Math.floor(Math.random() * 999)}`;
  const at = new Date().toISOString();
  const hold = new Date(Date.now() + 7 * 86_400_000).toISOString();
  await queryDatabase(shop.dataDir, async (db) => {
    await db.run(
      `insert into orders (id, number, tracking_token, user_id, status, customer_name, email, phone,
        delivery_method, address_line, postal_code, city, message, delivery_cents, total_cents,
        hold_expires_at, created_at, updated_at)
       values (?, ?, ?, ?, 'nouvelle', 'Heiata Contrat', ?, '06 12 34 56 78', 'envoi', '12 rue des Lagons',
        '56170', 'Quiberon', '', 690, ?, ?, ?, ?)`,
      id,
      number,
      token,
      userId,
      email,
      piece.price_cents + 690,
      hold,
      at,
      at,
    );
    await db.run(
      `insert into order_lines (id, order_id, product_id, product_name, product_slug, unit_price_cents, quantity, position)
       values (?, ?, ?, ?, ?, ?, 1, 0)`,
      `${id.slice(0, 12)}l0`,
      id,
      piece.id,
      piece.name,
      piece.slug,
      piece.price_cents,
    );
    await db.run(
      "insert into order_events (id, order_id, status, admin_id, created_at) values (?, ?, 'nouvelle', null, ?)",
      `${id.slice(0, 12)}e0`,
      id,
      at,
    );
  });
  return { id, number, token };
}

async function step(orderId: string, fields: Record<string, string>) {
  const answer = await postCommand(shop.url, `/admin/commandes/${orderId}`, { orderId, ...fields }, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** Every message of the shop's outbox, parsed (text part, attachments). */
function outboxMails(): ParsedMail[] {
  const dir = path.join(shop.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => parseMail(fs.readFileSync(path.join(dir, name), "utf8")));
}

/** Waits for the mail to `to` whose subject or text holds `text`. */
async function mailTo(to: string, text: string) {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = outboxMails().find(
          (mail) => mail.to.includes(to) && (mail.subject.includes(text) || mail.text.includes(text)),
        );
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as ParsedMail;
}

async function get(pathname: string, cookie = "") {
  const response = await fetch(`${shop.url}${pathname}`, { headers: cookie ? { cookie } : {} });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    disposition: response.headers.get("content-disposition") ?? "",
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** The page's visible text, roughly: tags and React's text separators removed. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/[\s\u00a0\u202f]+/g, " ");
}

const cgvVersions = () =>
  queryDatabase(shop.dataDir, (db) =>
    db.all<{ number: number; markdown: string }>("select number, markdown from cgv_versions order by number"),
  );

beforeAll(async () => {
  shop = await startTestShop("contrat");
  admin = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  customer = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await queryDatabase(shop.dataDir, async (db) => {
    customerId = (
      (await db.get("select id from users where email = ?", DEMO_CUSTOMER.email)) as { id: string }
    ).id;
    piece = (await db.get(
      `select id, name, slug, price_cents from products
        where is_unique = 1 and is_sold = 0 and stock > 0 and price_cents is not null
          and id in (select product_id from product_materials)
        order by name limit 1`,
    )) as typeof piece;
  });
  expect(piece?.id).toBeTruthy();
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

describe("the contract on a durable medium", () => {
  let order: { id: string; number: string; token: string };
  let version: number;

  it("e-mails the confirmation with the contract's essentials, the CGV PDF and the withdrawal form when the order is paid", async () => {
    const email = "heiata-contrat@exemple.fr";
    order = await insertOrder(email, customerId);
    await step(order.id, {
      intent: "send-payment-link",
      paymentUrl: "https://paiement.exemple.fr/p/contrat",
    });
    const paymentMail = await mailTo(email, "https://paiement.exemple.fr/p/contrat");
    expect(paymentMail.text).toContain(
      `En payant, vous acceptez nos conditions générales de vente : ${shop.ctx.env.PUBLIC_URL}/cgv`,
    );
    await step(order.id, { intent: "mark-paid" });

    const mail = await mailTo(email, `Confirmation de votre commande ${order.number}`);
    expect(mail.subject).toBe(`Confirmation de votre commande ${order.number}`);
    const [settings, materials, row] = await queryDatabase(shop.dataDir, async (db) => [
      (await db.get("select * from shop_settings where id = 'shop'")) as Record<string, string>,
      (await db.all(
        "select m.name from product_materials pm join materials m on m.id = pm.material_id where pm.product_id = ?",
        piece.id,
      )) as { name: string }[],
      (await db.get("select cgv_version from orders where id = ?", order.id)) as { cgv_version: number },
    ]);
    version = Number(row.cgv_version);
    expect(version).toBeGreaterThanOrEqual(1);
    const text = mail.text.replace(/[\u00a0\u202f]/g, " ");
    for (const expected of [
      "Nous avons bien reçu votre paiement, merci !",
      "article L221-13 du Code de la consommation",
      // The seller's identity and contacts (L221-5, L111-1).
      `Vendeur : ${settings.shop_name}`,
      `SIRET : ${settings.siret}`,
      `Adresse : ${settings.address_line}, ${settings.postal_code} ${settings.city}`,
      `E-mail : ${settings.email}`,
      `Téléphone : ${settings.phone}`,
      // The piece, its main characteristics, its price.
      `- ${piece.name} × 1 — ${(piece.price_cents / 100).toFixed(2).replace(".", ",")} € TTC`,
      `Matière : ${materials
        .map((m) => m.name)
        .sort((a, b) => a.localeCompare(b))
        .join(", ")}`.slice(0, 20),
      // Delivery, its cost, its date; the payment.
      "Mode : Envoi postal — 12 rue des Lagons, 56170 Quiberon (France métropolitaine)",
      "Frais de livraison : 6,90 €",
      `Total payé, livraison comprise : ${((piece.price_cents + 690) / 100).toFixed(2).replace(".", ",")} € TTC`,
      "Date de livraison prévue : expédition sous 48 heures ouvrées après le paiement, livraison au plus tard le",
      "Paiement reçu le",
      // The withdrawal right, its conditions, where its function is.
      "Vous disposez de 14 jours à compter du jour où vous",
      "article L221-18",
      "les frais de renvoi sont à votre charge",
      "« Renoncer au contrat ici » sur la page de votre commande",
      `${shop.ctx.env.PUBLIC_URL}/commande/${order.token}`,
      `${shop.ctx.env.PUBLIC_URL}/retractation`,
      // The legal guarantees.
      "Garantie légale de conformité : deux ans à compter de la délivrance des pièces (articles L217-3 et suivants du Code de la consommation)",
      "Garantie des vices cachés : deux ans à compter de la découverte du vice (articles 1641 et suivants du Code civil)",
      `conditions générales de vente, version ${version}`,
      `${shop.ctx.env.PUBLIC_URL}/cgv/versions/${version}`,
    ])
      expect(text, expected).toContain(expected);

    // The HTML part says the same (one description of the mail, docs/product.md §10.13).
    expect(mail.html).toContain("Votre commande est confirmée");
    expect(mail.html).toContain(`href="${shop.ctx.env.PUBLIC_URL}/commande/${order.token}"`);
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`CGV-v${version}.pdf`, "application/pdf"],
      ["formulaire-retractation.pdf", "application/pdf"],
    ]);
    const cgv = pdfText(mail.attachments[0]?.content as Buffer);
    expect(cgv).toContain("Conditions Générales de Vente");
    expect(cgv).toMatch(new RegExp(`Version ${version}, en vigueur depuis le \\d+ \\S+ \\d{4}`));
    expect(cgv).toContain(`SIRET : ${settings.siret}`);
    expect(cgv).toContain("Article 8 — Droit de rétractation");
    const form = pdfText(mail.attachments[1]?.content as Buffer);
    expect(form).toContain("MODÈLE DE FORMULAIRE DE RÉTRACTATION");
    expect(form).toContain(
      `À l'attention de ${settings.owner_name} (${settings.shop_name}), ${settings.address_line}`,
    );
    expect(form).toContain(
      "Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat",
    );
  });

  it("opens the order's CGV version and the form from the order's page and from 'Mes commandes'", async () => {
    const tracking = await get(`/commande/${order.token}`);
    expect(tracking.status).toBe(200);
    const html = tracking.body.toString("utf8");
    expect(textOf(html)).toContain("Documents du contrat");
    expect(html).toContain(`href="/cgv/versions/${version}"`);
    expect(html).toContain(`href="/cgv/versions/${version}/pdf"`);
    expect(html).toContain(`href="/cgv/versions/${version}#annexe-1"`);
    expect(html).toContain('href="/formulaire-retractation.pdf"');
    const account = (await get("/mon-compte", customer)).body.toString("utf8");
    expect(account).toContain(`href="/cgv/versions/${version}/pdf"`);

    const page = await get(`/cgv/versions/${version}`);
    expect(page.status).toBe(200);
    expect(textOf(page.body.toString("utf8"))).toMatch(
      new RegExp(`Version ${version}, en vigueur depuis le`),
    );
    const pdf = await get(`/cgv/versions/${version}/pdf`);
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf" });
    expect(pdf.disposition).toContain(`filename="CGV-v${version}.pdf"`);
    expect(pdfText(pdf.body)).toContain("Annexe 1 — Formulaire de rétractation");
    const form = await get("/formulaire-retractation.pdf");
    expect(form).toMatchObject({ status: 200, type: "application/pdf" });
    expect(pdfText(form.body)).toContain("(*) Rayez la mention inutile.");
  });

  it("publishes a new version on /cgv when a setting changes it, and the paid order keeps its own", async () => {
    const siret = "732829320 00074";
    const saved = await postCommand(
      shop.url,
      "/admin/parametres",
      {
        intent: "save-legal",
        ownerName: "Maïana Contrat",
        legalForm: "Entreprise individuelle",
        siret,
        hostName: "Hébergeur du Lagon SAS",
        hostAddress: "3 quai des Perles, 98714 Papeete",
        mediatorName: "",
        mediatorAddress: "",
        mediatorUrl: "",
        inactivityMonths: "36",
      },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The settings store the number as they normalise it.
    const stored = await queryDatabase(shop.dataDir, (db) =>
      db.get<{ siret: string }>("select siret from shop_settings where id = 'shop'"),
    );
    expect(stored?.siret.replace(/\s/g, "")).toBe(siret.replace(/\s/g, ""));
    const current = textOf((await get("/cgv")).body.toString("utf8"));
    expect(current).toContain(`Version ${version + 1}, en vigueur depuis le`);
    expect(current).toContain(`SIRET : ${stored?.siret}`);
    const kept = textOf((await get(`/cgv/versions/${version}`)).body.toString("utf8"));
    expect(kept).not.toContain(`SIRET : ${stored?.siret}`);
    const versions = await cgvVersions();
    expect(versions.map((row) => Number(row.number))).toEqual(
      Array.from({ length: version + 1 }, (_, index) => index + 1),
    );
    expect((await get(`/commande/${order.token}`)).body.toString("utf8")).toContain(
      `href="/cgv/versions/${version}"`,
    );
  });

  it("answers an unknown or malformed version with a French 404, and a POST to a download with a French 405", async () => {
    for (const path of [
      "/cgv/versions/999999",
      "/cgv/versions/abc",
      "/cgv/versions/0",
      "/cgv/versions/1e3",
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(textOf(answer.body.toString("utf8"))).toContain(
        "Cette version des conditions générales de vente n'existe pas.",
      );
    }
    for (const path of ["/cgv/versions/1/pdf", "/formulaire-retractation.pdf"]) {
      const posted = await fetch(`${shop.url}${path}`, { method: "POST", headers: { origin: shop.url } });
      expect(posted.status, path).toBe(405);
      expect(await posted.text()).toBe("Méthode non autorisée.");
    }
    for (const path of ["/cgv/versions/999999/pdf", "/cgv/versions/-1/pdf"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString("utf8")).toBe(
        "Cette version des conditions générales de vente n'existe pas.",
      );
    }
  });
});
