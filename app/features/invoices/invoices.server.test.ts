/**
 * Invoices and credit notes (docs/product.md §10.25, ADR 026), on both back ends: the invoice issued
 * with the payment, its gap-free yearly numbering under twenty concurrent payments, a number given
 * back by a payment that rolls back, the reset each year, the snapshot that no later change alters
 * (settings, anonymisation), the VAT wording, the PDF read back with pdftotext, and the credit notes'
 * limits, also under concurrent refunds.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteCustomerAccount } from "~/features/account/account-deletion.server";
import type { OrderForm } from "~/features/orders/order-schema";
import { moveOrder, placeOrder } from "~/features/orders/orders.server";
import { saveLegalSettings } from "~/features/settings/settings-admin.server";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { documentsCsv } from "./invoice-export.server";
import { drawable, renderDocumentPdf } from "./invoice-pdf.server";
import type { CreditNoteDocument, InvoiceDocument } from "./invoice-types";
import {
  documentsOfYear,
  findDocument,
  issueCreditNote,
  REFUND_MESSAGES,
  refundableBalance,
  shopYear,
} from "./invoices.server";

let ctx: AppContext;
const admin = { id: "", name: "Admin Factures" };
let pieceRank = 0;

const LEGAL = {
  ownerName: "Vaimiti Le Gall",
  legalForm: "EI",
  siret: "912 345 675 00017",
  hostName: "",
  hostAddress: "",
  mediatorName: "",
  mediatorAddress: "",
  mediatorUrl: "",
  inactivityMonths: 36,
  vatFranchise: true,
};

beforeAll(async () => {
  ctx = await createTestContext();
  // The admin who marks orders paid is a real account: the history names it.
  admin.id = (
    await ctx.auth.api.signUpEmail({
      body: { email: "admin-factures@exemple.fr", password: "motdepasse-long", name: admin.name },
    })
  ).user.id;
  await ctx.db
    .insertInto("shop_settings")
    .values({
      id: "shop",
      shop_name: "Nacre",
      address_line: "14 rue des Goélands",
      postal_code: "56170",
      city: "Quiberon",
      email: "bonjour@nacre.test",
    })
    .execute();
  await saveLegalSettings(ctx.db, LEGAL);
});

afterAll(async () => {
  await ctx?.close();
});

/** Handed over by default: the amounts below are the pieces'; the tests of a parcel say `envoi`. */
function form(productId: string, extra: Partial<OrderForm> = {}): OrderForm {
  return {
    "form-name": "commande",
    lines: [{ productId, quantity: 1 }],
    name: "Hina Teva",
    email: `hina${pieceRank}@exemple.fr`,
    phone: "",
    delivery: "main_propre",
    zone: "france",
    addressLine: "3 rue des Lagons",
    postalCode: "75011",
    city: "Paris",
    eventId: "",
    message: "",
    ...extra,
  };
}

/** A new order of one new piece at `priceCents`, ready to be paid. */
async function newOrder(priceCents = 5000, extra: Partial<OrderForm> = {}, userId: string | null = null) {
  const id = `fac${++pieceRank}`;
  await ctx.db
    .insertInto("products")
    .values({
      id,
      slug: id,
      name: `Collier Lagon ${pieceRank}`,
      price_cents: priceCents,
      stock: 1,
      is_unique: 1,
    })
    .execute();
  const placed = await placeOrder(ctx.db, { form: form(id, extra), userId });
  if (!placed.ok) throw new Error(placed.message);
  return placed;
}

async function pay(orderId: string, at: Date) {
  const done = await moveOrder(ctx.db, orderId, { to: "payee" }, admin, at);
  if (!done.ok) throw new Error(done.message);
  return done;
}

async function invoiceOf(orderId: string) {
  return ctx.db
    .selectFrom("invoices")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("kind", "=", "facture")
    .executeTakeFirstOrThrow();
}

/** The PDF's text as pdftotext reads it, spaces (no-break ones included) made plain. */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nacre-facture-")), "document.pdf");
  fs.writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/[ \t]+/g, " ");
}

describe("numbering", () => {
  it("twenty concurrent payments of twenty orders get FAC-2031-0001 to 0020: no gap, no duplicate", async () => {
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await newOrder());
    const paidAt = new Date("2031-03-14T10:00:00Z");
    await Promise.all(orders.map((order) => pay(order.id, paidAt)));
    const numbers = (
      await ctx.db.selectFrom("invoices").select("number").where("year", "=", 2031).execute()
    ).map((row) => row.number);
    expect(numbers.sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `FAC-2031-${String(i + 1).padStart(4, "0")}`),
    );
    // One invoice per order, each order's own.
    const byOrder = await ctx.db.selectFrom("invoices").select("order_id").where("year", "=", 2031).execute();
    expect(new Set(byOrder.map((row) => row.order_id))).toEqual(new Set(orders.map((order) => order.id)));
  });

  it("a payment that rolls back gives its number back: the next payment takes it", async () => {
    const failing = await newOrder();
    const next = await newOrder();
    const at = new Date("2034-05-02T09:00:00Z");
    await expect(
      moveOrder(ctx.db, failing.id, { to: "payee" }, admin, at, async () => {
        throw new Error("coupure pendant le paiement");
      }),
    ).rejects.toThrow("coupure");
    expect(
      await ctx.db.selectFrom("invoices").select("id").where("order_id", "=", failing.id).execute(),
    ).toEqual([]);
    await pay(next.id, at);
    expect((await invoiceOf(next.id)).number).toBe("FAC-2034-0001");
    await pay(failing.id, at);
    expect((await invoiceOf(failing.id)).number).toBe("FAC-2034-0002");
  });

  it("restarts at 0001 each year of the shop's time zone, invoices and credit notes apart", async () => {
    const june = await newOrder();
    const newYearsEve = await newOrder();
    await pay(june.id, new Date("2032-06-01T10:00:00Z"));
    // 23:30 in London on 31 December is already 1 January in Paris: the invoice is dated and numbered 2033.
    await pay(newYearsEve.id, new Date("2032-12-31T23:30:00Z"));
    expect((await invoiceOf(june.id)).number).toBe("FAC-2032-0001");
    expect((await invoiceOf(newYearsEve.id)).number).toBe("FAC-2033-0001");
    expect(shopYear(new Date("2032-12-31T23:30:00Z"))).toBe(2033);
    const note = await ctx.db.transaction().execute((trx) =>
      issueCreditNote(trx, {
        orderId: newYearsEve.id,
        amountCents: 1000,
        reason: "",
        refundedAt: "2033-01-03",
        now: new Date("2033-01-03T10:00:00Z"),
      }),
    );
    expect(note).toMatchObject({ ok: true, number: "AV-2033-0001", invoiceNumber: "FAC-2033-0001" });
    const again = await newOrder();
    await pay(again.id, new Date("2033-02-01T10:00:00Z"));
    expect((await invoiceOf(again.id)).number).toBe("FAC-2033-0002");
  });
});

describe("the invoice", () => {
  it("is a snapshot: later settings, the order's anonymisation and the account's deletion leave it as issued", async () => {
    const { user } = await ctx.auth.api.signUpEmail({
      body: { email: "facture-compte@exemple.fr", password: "motdepasse-long", name: "Hina Compte" },
    });
    const order = await newOrder(
      4200,
      { name: "Hina Compte", email: "facture-compte@exemple.fr", delivery: "envoi" },
      user.id,
    );
    await pay(order.id, new Date("2035-04-10T08:00:00Z"));
    const before = await findDocument(ctx.db, "FAC-2035-0001", { admin: true });

    await saveLegalSettings(ctx.db, {
      ...LEGAL,
      ownerName: "Autre Exploitante",
      siret: "732 829 320 00074",
      vatFranchise: false,
    });
    expect(await deleteCustomerAccount(ctx, user.id)).toEqual({ ok: true });
    await saveLegalSettings(ctx.db, LEGAL);

    const after = await findDocument(ctx.db, "FAC-2035-0001", { admin: true });
    expect(after).toEqual(before);
    expect(after).toMatchObject({
      seller: { name: "Vaimiti Le Gall", siret: "912 345 675 00017", legalForm: "EI" },
      customer: { name: "Hina Compte", addressLine: "3 rue des Lagons", postalCode: "75011", city: "Paris" },
      vat: { franchise: true },
    });
    // The order itself is anonymised (ADR 023); the invoice stays with it, and the customer's own
    // access went with the account.
    const kept = await ctx.db
      .selectFrom("orders")
      .select(["customer_name", "user_id"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ customer_name: "Client supprimé", user_id: null });
    expect(await findDocument(ctx.db, "FAC-2035-0001", { userId: user.id })).toBeNull();
    // And an order with an invoice cannot be deleted: the database refuses.
    await expect(ctx.db.deleteFrom("orders").where("id", "=", order.id).execute()).rejects.toThrow();
  });

  it("its PDF holds the mandatory mentions: number, order, seller and SIRET, lines, delivery, total, VAT mention, payment date", async () => {
    // A parcel to France métropolitaine at the shop's default rate (6,90 €, ADR 028).
    const order = await newOrder(12_550, { delivery: "envoi" });
    await pay(order.id, new Date("2036-11-26T15:00:00Z"));
    const document = (await findDocument(ctx.db, "FAC-2036-0001", { admin: true })) as InvoiceDocument;
    const text = pdfText(await renderDocumentPdf(document));
    for (const expected of [
      "FACTURE",
      "FAC-2036-0001",
      order.number,
      "Vaimiti Le Gall, EI",
      "SIRET : 912 345 675 00017",
      "14 rue des Goélands",
      "56170 Quiberon",
      "Hina Teva",
      "3 rue des Lagons",
      "75011 Paris",
      `Collier Lagon ${pieceRank}`,
      "125,50 €",
      "Frais de livraison",
      "6,90 €",
      "132,40 €",
      "TVA non applicable, art. 293 B du CGI",
      "Date de paiement 26 novembre 2036",
      "Date de la facture 26 novembre 2036",
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/TVA 20/);
    // The same snapshot, the same bytes: a document downloaded twice is one file.
    expect((await renderDocumentPdf(document)).equals(await renderDocumentPdf(document))).toBe(true);
  });

  it("without the franchise, shows the amount without tax, the VAT at the set rate and the total with it", async () => {
    await saveLegalSettings(ctx.db, { ...LEGAL, vatFranchise: false, vatRate: 2000 });
    const order = await newOrder(12_000);
    await pay(order.id, new Date("2037-02-02T10:00:00Z"));
    await saveLegalSettings(ctx.db, LEGAL);
    const document = (await findDocument(ctx.db, "FAC-2037-0001", { admin: true })) as InvoiceDocument;
    expect(document.vat).toEqual({
      franchise: false,
      rates: [{ rateBp: 2000, baseCents: 10_000, vatCents: 2000, totalCents: 12_000 }],
    });
    expect((await invoiceOf(order.id)).vat_cents).toBe(2000);
    const text = pdfText(await renderDocumentPdf(document));
    expect(text).toMatch(/Total HT\s+100,00 €/);
    expect(text).toMatch(/TVA 20 %\s+20,00 €/);
    expect(text).toMatch(/Total TTC\s+120,00 €/);
    expect(text).not.toContain("293 B");
  });

  it("draws a name in letters the built-in font lacks without garbling the line", () => {
    expect(drawable("Łódź Ŝarah 名 — 12\u202f345,00\u00a0€")).toBe("Lódz Sarah ? — 12\u00a0345,00\u00a0€");
  });
});

describe("credit notes", () => {
  it("refund up to the invoice's total less earlier refunds; beyond it, a French 409 and nothing written", async () => {
    const order = await newOrder(5000);
    await pay(order.id, new Date("2038-03-01T10:00:00Z"));
    const now = new Date("2038-03-05T10:00:00Z");
    const refund = (amountCents: number, refundedAt = "2038-03-04") =>
      ctx.db.transaction().execute((trx) =>
        issueCreditNote(trx, {
          orderId: order.id,
          amountCents,
          reason: "Retour d'une pièce",
          refundedAt,
          now,
        }),
      );

    expect(await refund(3000)).toMatchObject({
      ok: true,
      number: "AV-2038-0001",
      invoiceNumber: "FAC-2038-0001",
    });
    expect(await refund(2500)).toEqual({
      ok: false,
      status: 409,
      message: REFUND_MESSAGES.tooMuch("FAC-2038-0001", 2000),
    });
    expect(REFUND_MESSAGES.tooMuch("FAC-2038-0001", 2000)).toMatch(/20,00\s€ au plus/);
    expect(await refund(0)).toMatchObject({ ok: false, status: 400, message: REFUND_MESSAGES.notPositive });
    expect(await refund(100, "2038-02-28")).toMatchObject({
      status: 400,
      message: REFUND_MESSAGES.beforePayment,
    });
    expect(await refund(100, "2038-03-06")).toMatchObject({ status: 400, message: REFUND_MESSAGES.inFuture });
    expect(await refund(100, "2038-02-30")).toMatchObject({ status: 400, message: REFUND_MESSAGES.badDate });
    expect(await refund(2000)).toMatchObject({ ok: true, number: "AV-2038-0002" });
    expect(await refund(1)).toEqual({
      ok: false,
      status: 409,
      message: REFUND_MESSAGES.fullyRefunded("FAC-2038-0001"),
    });
    expect(await refundableBalance(ctx.db, order.id)).toMatchObject({
      invoicedCents: 5000,
      refundedCents: 5000,
      remainingCents: 0,
    });
    // The refused ones took no number.
    expect((await documentsOfYear(ctx.db, 2038)).map((d) => d.number)).toEqual([
      "FAC-2038-0001",
      "AV-2038-0001",
      "AV-2038-0002",
    ]);

    const note = (await findDocument(ctx.db, "AV-2038-0001", { admin: true })) as CreditNoteDocument;
    const text = pdfText(await renderDocumentPdf(note));
    for (const expected of [
      "AVOIR",
      "AV-2038-0001",
      "Facture rectifiée FAC-2038-0001 du 1 mars 2038",
      order.number,
      "Retour d'une pièce",
      "30,00 €",
      "Date du remboursement 4 mars 2038",
      "SIRET : 912 345 675 00017",
      "TVA non applicable, art. 293 B du CGI",
    ])
      expect(text).toContain(expected);
  });

  it("an order never paid has no invoice to refund: a French 409", async () => {
    const order = await newOrder();
    const answer = await ctx.db
      .transaction()
      .execute((trx) =>
        issueCreditNote(trx, { orderId: order.id, amountCents: 100, reason: "", refundedAt: "2026-01-01" }),
      );
    expect(answer).toEqual({ ok: false, status: 409, message: REFUND_MESSAGES.notInvoiced });
  });

  it("five concurrent refunds of 30 € on a 100 € invoice: three credit notes, two refusals", async () => {
    const order = await newOrder(10_000);
    await pay(order.id, new Date("2039-01-10T10:00:00Z"));
    const now = new Date("2039-01-11T10:00:00Z");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.db.transaction().execute((trx) =>
          issueCreditNote(trx, {
            orderId: order.id,
            amountCents: 3000,
            reason: "",
            refundedAt: "2039-01-11",
            now,
          }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(3);
    expect(answers.filter((answer) => !answer.ok).map((answer) => !answer.ok && answer.status)).toEqual([
      409, 409,
    ]);
    expect(await refundableBalance(ctx.db, order.id)).toMatchObject({
      refundedCents: 9000,
      remainingCents: 1000,
    });
  });
});

describe("the accountant's register", () => {
  it("is UTF-8 with a BOM, `;`-separated, credit notes negative, formulas defused", async () => {
    const order = await newOrder(2500, { name: '=HYPERLINK("x"); Hina' });
    await pay(order.id, new Date("2040-07-14T10:00:00Z"));
    await ctx.db.transaction().execute((trx) =>
      issueCreditNote(trx, {
        orderId: order.id,
        amountCents: 500,
        reason: "Geste commercial",
        refundedAt: "2040-07-15",
        now: new Date("2040-07-16T10:00:00Z"),
      }),
    );
    const csv = documentsCsv(await documentsOfYear(ctx.db, 2040));
    expect(csv.startsWith("\ufeffnumero;date;client;commande;total_ttc;tva;")).toBe(true);
    const rows = csv.slice(1).trimEnd().split("\r\n");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toBe(
      `FAC-2040-0001;14/07/2040;"'=HYPERLINK(""x""); Hina";${order.number};25,00;0,00;25,00;franchise;facture;;14/07/2040;`,
    );
    expect(rows[2]).toBe(
      `AV-2040-0001;16/07/2040;"'=HYPERLINK(""x""); Hina";${order.number};-5,00;0,00;-5,00;franchise;avoir;FAC-2040-0001;15/07/2040;Geste commercial`,
    );
  });
});
