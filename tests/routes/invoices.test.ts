/**
 * Invoices and credit notes from the pages (docs/product.md §10.25), a route test (the app in this
 * process, over real HTTP): « Marquer payée » on the seller's order page issues the invoice, which
 * the order page offers as a PDF (its text holds the invoice number, the order number and the
 * seller's SIRET); the guest's private link, 'Mes commandes' and the seller download it, nobody
 * else (another customer 404, a visitor to sign in); « Remboursement » issues a credit note up to
 * what is left (beyond: a French 409, nothing written) and e-mails the customer; the seller's yearly
 * export is a ZIP of every PDF with the register, or the register as a CSV; the VAT setting is saved.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "~/features/orders/orders.server";
import { readOutbox } from "../support/outbox";
import { postCommand } from "../support/page-command";
import { DEMO_ADMIN, DEMO_CUSTOMER, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let admin: string;
let customer: string;
let other: string;
let customerId: string;
let rank = 0;

const YEAR = new Date().getFullYear();

async function newPiece(priceCents: number) {
  const id = `facroute${++rank}`;
  await shop.ctx.db
    .insertInto("products")
    .values({ id, slug: id, name: `Bracelet Marée ${rank}`, price_cents: priceCents, stock: 1, is_unique: 1 })
    .execute();
  return id;
}

/**
 * An order as the order form places it, from the demo customer's account or as a guest; handed over,
 * so the amounts here are the piece's (a parcel's cost on the invoice: invoices.server.test.ts).
 */
async function newOrder(priceCents: number, userId: string | null) {
  const placed = await placeOrder(shop.ctx.db, {
    userId,
    form: {
      "form-name": "commande",
      lines: [{ productId: await newPiece(priceCents), quantity: 1 }],
      name: "Cliente Facture",
      email: `cliente-facture-${rank}@exemple.fr`,
      phone: "",
      delivery: "main_propre",
      zone: "france",
      addressLine: "3 rue des Lagons",
      postalCode: "75011",
      city: "Paris",
      eventId: "",
      message: "",
    },
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed;
}

function get(url: string, cookie = "") {
  return fetch(`${shop.url}${url}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

/** A command of the seller's order page, as its fetcher posts it. */
async function command(orderId: string, fields: Record<string, string>, cookie = admin) {
  return postCommand(shop.url, `/admin/commandes/${orderId}`, { orderId, ...fields }, cookie);
}

async function markPaid(orderId: string) {
  const answer = await command(orderId, { intent: "mark-paid" });
  expect(answer).toMatchObject({ status: 200, body: { ok: true } });
  const row = await shop.ctx.db
    .selectFrom("invoices")
    .select("number")
    .where("order_id", "=", orderId)
    .where("kind", "=", "facture")
    .executeTakeFirstOrThrow();
  return row.number;
}

function pdfText(pdf: ArrayBuffer | Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nacre-facture-route-")), "document.pdf");
  fs.writeFileSync(file, new Uint8Array(pdf));
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/[ \t]+/g, " ");
}

async function expectPdf(response: Response, number: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${number}.pdf"`);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return pdfText(await response.arrayBuffer());
}

beforeAll(async () => {
  shop = await startTestShop("factures");
  admin = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  customer = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  other = await signUp(shop.url, "autre-factures@exemple.fr", "Autre Cliente");
  customerId = (
    await shop.ctx.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", DEMO_CUSTOMER.email)
      .executeTakeFirstOrThrow()
  ).id;
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

describe("the invoice of a paid order", () => {
  let order: Awaited<ReturnType<typeof newOrder>>;
  let invoice: string;

  beforeAll(async () => {
    order = await newOrder(8900, customerId);
    invoice = await markPaid(order.id);
  });

  it("is issued by « Marquer payée » and offered as a PDF on the seller's order page", async () => {
    expect(invoice).toMatch(new RegExp(`^FAC-${YEAR}-\\d{4}$`));
    const page = await (await get(`/admin/commandes/${order.id}`, admin)).text();
    expect(page).toContain(`href="/admin/documents/${invoice}"`);
    const text = await expectPdf(await get(`/admin/documents/${invoice}`, admin), invoice);
    for (const expected of [invoice, order.number, "SIRET : 912 345 675 00017", "89,00 €", "Cliente Facture"])
      expect(text).toContain(expected);
    expect(text).toContain("TVA non applicable, art. 293 B du CGI");
  });

  it("the guest's private link downloads it; a link of another order or an unknown number answers 404", async () => {
    const page = await (await get(`/commande/${order.trackingToken}`)).text();
    const href = `/commande/${order.trackingToken}/documents/${invoice}`;
    expect(page).toContain(`href="${href}"`);
    expect(await expectPdf(await get(href), invoice)).toContain(order.number);

    const stranger = await newOrder(1000, null);
    expect((await get(`/commande/${stranger.trackingToken}/documents/${invoice}`)).status).toBe(404);
    expect((await get(`/commande/${order.trackingToken}/documents/FAC-1999-0001`)).status).toBe(404);
    expect((await get(`/commande/${order.trackingToken}/documents/..%2F..%2Fetc`)).status).toBe(404);
    const unknownToken = "A".repeat(43);
    const refused = await get(`/commande/${unknownToken}/documents/${invoice}`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Ce document est introuvable.");
  });

  it("'Mes commandes' offers it to its customer; another customer gets 404, a visitor is sent to sign in", async () => {
    const account = await (await get("/mon-compte", customer)).text();
    expect(account).toContain(`href="/mon-compte/documents/${invoice}"`);
    expect(await expectPdf(await get(`/mon-compte/documents/${invoice}`, customer), invoice)).toContain(
      order.number,
    );

    const others = await get(`/mon-compte/documents/${invoice}`, other);
    expect(others.status).toBe(404);
    expect(others.headers.get("content-type")).not.toContain("pdf");
    const anonymous = await get(`/mon-compte/documents/${invoice}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("the seller's address is the seller's: a customer and a visitor are turned away", async () => {
    for (const cookie of [customer, ""]) {
      const response = await get(`/admin/documents/${invoice}`, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("content-type") ?? "").not.toContain("pdf");
    }
    expect((await get("/admin/documents/FAC-1999-0001", admin)).status).toBe(404);
  });
});

describe("« Remboursement »", () => {
  it("issues a credit note up to what is left of the invoice; beyond, a French 409 and nothing written", async () => {
    const order = await newOrder(6000, customerId);
    const invoice = await markPaid(order.id);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
    const notes = () =>
      shop.ctx.db
        .selectFrom("invoices")
        .select("number")
        .where("invoice_id", "is not", null)
        .where("order_id", "=", order.id)
        .execute();

    const tooMuch = await command(order.id, { intent: "record-refund", amount: "60,01", refundedAt: today });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body?.error).toMatch(
      new RegExp(`^Le remboursement dépasse ce qui reste de la facture ${invoice} : 60,00\\s€ au plus\\.$`),
    );
    expect(await notes()).toEqual([]);
    const badAmount = await command(order.id, {
      intent: "record-refund",
      amount: "beaucoup",
      refundedAt: today,
    });
    expect(badAmount).toMatchObject({
      status: 400,
      body: { error: "Indiquez le montant remboursé, en euros (par exemple 25 ou 25,50)." },
    });
    const badDate = await command(order.id, {
      intent: "record-refund",
      amount: "10",
      refundedAt: "31/12/2026",
    });
    expect(badDate).toMatchObject({
      status: 400,
      body: { error: "Indiquez la date du remboursement (jj/mm/aaaa)." },
    });
    // A customer cannot post the seller's command.
    const forged = await command(
      order.id,
      { intent: "record-refund", amount: "10", refundedAt: today },
      customer,
    );
    expect(forged.location).toMatch(/^\/mon-compte/);
    expect(await notes()).toEqual([]);

    const done = await command(order.id, {
      intent: "record-refund",
      amount: "20",
      refundedAt: today,
      reason: "Fermoir abîmé",
    });
    expect(done.status).toBe(200);
    const [note] = await notes();
    expect(note?.number).toMatch(new RegExp(`^AV-${YEAR}-\\d{4}$`));
    expect(done.body).toEqual({
      ok: true,
      message: `Remboursement enregistré : avoir ${note?.number} émis.`,
    });

    const text = await expectPdf(
      await get(`/commande/${order.trackingToken}/documents/${note?.number}`),
      note?.number ?? "",
    );
    expect(text).toContain(`Facture rectifiée ${invoice}`);
    expect(text).toContain("Fermoir abîmé");
    expect(text).toContain("20,00 €");
    // The seller's page now offers at most what is left; the customer is told where to download it.
    const page = await (await get(`/admin/commandes/${order.id}`, admin)).text();
    expect(page).toContain(`href="/admin/documents/${note?.number}"`);
    expect(page).toContain('value="40,00"');
    await expect
      .poll(() => readOutbox(shop.dataDir).some((mail) => mail.includes(`Avoir : ${note?.number}`)), {
        timeout: 10_000,
      })
      .toBe(true);
  });

  it("an order not paid has nothing to refund: a French 409", async () => {
    const order = await newOrder(1500, null);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
    const answer = await command(order.id, { intent: "record-refund", amount: "5", refundedAt: today });
    expect(answer).toMatchObject({
      status: 409,
      body: { error: "Cette commande n'a pas de facture : seule une commande payée peut être remboursée." },
    });
  });
});

describe("the accountant's yearly export", () => {
  it("is a ZIP of every invoice and credit note of the year with their register, or the register as CSV", async () => {
    const order = await newOrder(4500, null);
    const invoice = await markPaid(order.id);
    const orders = await (await get("/admin/commandes", admin)).text();
    expect(orders).toContain('action="/admin/documents/export"');

    const zip = await get(`/admin/documents/export?annee=${YEAR}&format=zip`, admin);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toBe(`attachment; filename="factures-avoirs-${YEAR}.zip"`);
    expect(zip.headers.get("cache-control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const register = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
      files[`factures-avoirs-${YEAR}.csv`],
    );
    expect(register.startsWith("\ufeffnumero;date;client;commande;total_ttc;tva;")).toBe(true);
    expect(register).toContain(`${invoice};`);
    expect(register).toContain(`;${order.number};45,00;0,00;45,00;franchise;facture;`);
    const pdf = files[`${YEAR}/${invoice}.pdf`];
    expect(pdf).toBeDefined();
    expect(pdfText(pdf as Uint8Array)).toContain(order.number);
    // Every document of the register is in the archive.
    const numbers = register
      .slice(1)
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((row) => row.split(";")[0]);
    expect(
      Object.keys(files)
        .filter((name) => name.endsWith(".pdf"))
        .sort(),
    ).toEqual(numbers.map((number) => `${YEAR}/${number}.pdf`).sort());

    const csv = await get(`/admin/documents/export?annee=${YEAR}&format=csv`, admin);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer())).toBe(register);

    expect((await get("/admin/documents/export?annee=20x6&format=zip", admin)).status).toBe(400);
    expect((await get(`/admin/documents/export?annee=${YEAR}&format=pdf`, admin)).status).toBe(400);
    expect((await get("/admin/documents/export?annee=1999&format=zip", admin)).status).toBe(404);
    expect((await get(`/admin/documents/export?annee=${YEAR}&format=zip`, customer)).status).toBe(302);
  });
});

describe("the VAT setting", () => {
  it("is saved with the legal identity; a rate outside France's is a French 400", async () => {
    const fields = {
      intent: "save-legal",
      ownerName: "Vaimiti Le Gall",
      legalForm: "EI",
      siret: "912 345 675 00017",
      hostName: "",
      hostAddress: "",
      mediatorName: "",
      mediatorAddress: "",
      mediatorUrl: "",
      inactivityMonths: "36",
    };
    const bad = await postCommand(shop.url, "/admin/parametres", { ...fields, vatRate: "1900" }, admin);
    expect(bad).toMatchObject({
      status: 400,
      body: { error: "Choisissez un taux de TVA parmi 20 %, 10 %, 5,5 % et 2,1 %." },
    });
    const off = await postCommand(shop.url, "/admin/parametres", { ...fields, vatRate: "550" }, admin);
    expect(off.status).toBe(200);
    const settings = () =>
      shop.ctx.db
        .selectFrom("shop_settings")
        .select(["vat_franchise", "vat_rate_bp"])
        .executeTakeFirstOrThrow();
    expect(await settings()).toEqual({ vat_franchise: 0, vat_rate_bp: 550 });
    const order = await newOrder(10_550, null);
    const invoice = await markPaid(order.id);
    const text = await expectPdf(await get(`/admin/documents/${invoice}`, admin), invoice);
    expect(text).toMatch(/TVA 5,5 %\s+5,50 €/);
    expect(text).toMatch(/Total HT\s+100,00 €/);

    const on = await postCommand(shop.url, "/admin/parametres", { ...fields, vatFranchise: "on" }, admin);
    expect(on.status).toBe(200);
    expect(await settings()).toEqual({ vat_franchise: 1, vat_rate_bp: 550 });
    const page = await (await get("/admin/parametres", admin)).text();
    expect(page).toContain("Franchise en base de TVA (art. 293 B du CGI)");
  });
});
