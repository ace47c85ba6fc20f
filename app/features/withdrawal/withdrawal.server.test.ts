/**
 * The withdrawal function and the seller's side of a withdrawal (docs/product.md §10.24), on both
 * back ends: the period in Paris calendar days with an injected clock, the declaration's rules, its
 * acknowledgement and the seller's notice recorded in the outbox with it, the return that puts the
 * pieces back on sale, the refund and the overdue flag.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_CUSTOMER_NAME, deleteCustomerAccount } from "~/features/account/account-deletion.server";
import { exportUserData } from "~/features/account/data-export.server";
import { moveOrder, placeOrder, WITHDRAWN_ORDER_CANNOT_BE_CANCELLED } from "~/features/orders/orders.server";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import {
  declareWithdrawal,
  findAdminWithdrawal,
  loadDeclarationPage,
  markReturnReceived,
  orderIdByNumberAndEmail,
  overdueRefunds,
  ownOrderId,
  recordWithdrawalRefund,
  WITHDRAWAL_REFUSALS,
  withdrawalFlags,
  withdrawalNotices,
} from "./withdrawal.server";
import { declarationMoment } from "./withdrawal-mails.server";
import { declarationSchema, lookupSchema, PIECES_FIELD, withdrawalCommandSchema } from "./withdrawal-schema";
import { lastWithdrawalDay, refundDeadlineDay, withdrawalPeriod } from "./withdrawal-types";

let ctx: AppContext;
let customerId: string;
let otherCustomerId: string;
const admin = { id: "", name: "Admin Rétractation" };
let rank = 0;

async function piece(values: { stock: number; unique?: boolean; price?: number }) {
  const id = `retract${++rank}`;
  await ctx.db
    .insertInto("products")
    .values({
      id,
      slug: id,
      name: `Pièce ${id}`,
      price_cents: values.price ?? 5000,
      stock: values.stock,
      is_unique: values.unique ? 1 : 0,
    })
    .execute();
  return id;
}

/** An order paid, shipped and delivered at the given instants (the steps' own clock). */
async function order(
  lines: { productId: string; quantity: number }[],
  steps: { paid?: string; shipped?: string; delivered?: string } = {},
  email = "hina@exemple.fr",
  userId = customerId,
) {
  const placed = await placeOrder(ctx.db, {
    form: {
      "form-name": "commande",
      lines,
      name: "Hina Client",
      email,
      phone: "",
      delivery: "envoi",
      zone: "france",
      addressLine: "3 rue des Lagons",
      postalCode: "75011",
      city: "Paris",
      eventId: "",
      message: "",
    },
    userId,
    now: new Date(steps.paid ? Date.parse(steps.paid) - 3_600_000 : Date.now()),
  });
  if (!placed.ok) throw new Error(placed.message);
  for (const [to, at] of [
    ["payee", steps.paid],
    ["expediee", steps.shipped],
    ["livree", steps.delivered],
  ] as const) {
    if (!at) continue;
    const request = to === "expediee" ? { to, trackingNumber: "" } : { to };
    const moved = await moveOrder(ctx.db, placed.id, request, admin, new Date(at));
    if (!moved.ok) throw new Error(moved.message);
  }
  const lineIds = (
    await ctx.db
      .selectFrom("order_lines")
      .select("id")
      .where("order_id", "=", placed.id)
      .orderBy("position")
      .execute()
  ).map((line) => line.id);
  return { id: placed.id, number: placed.number, lineIds };
}

const declaration = (
  pieces: string[],
  extra: Partial<{ name: string; email: string; reason: string }> = {},
) => ({
  name: "Hina Client",
  email: "hina@exemple.fr",
  reason: "",
  [PIECES_FIELD]: pieces,
  ...extra,
});

async function mailsAbout(number: string) {
  const rows = await ctx.db
    .selectFrom("mail_outbox")
    .select(["kind", "recipient", "subject", "message"])
    .where("subject", "like", `%${number}%`)
    .execute();
  return rows.map((row) => ({ ...row, text: (JSON.parse(row.message) as { text: string }).text }));
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db
    .insertInto("shop_settings")
    .values({
      id: "shop",
      shop_name: "Nacre",
      email: "boutique@exemple.fr",
      address_line: "1 quai des Perles",
      postal_code: "56170",
      city: "Quiberon",
      hold_cap: 50,
    })
    .execute();
  const signUp = async (email: string) =>
    (await ctx.auth.api.signUpEmail({ body: { email, password: "motdepasse-long", name: email } })).user.id;
  customerId = await signUp("retractation-client@exemple.fr");
  otherCustomerId = await signUp("retractation-autre@exemple.fr");
  admin.id = await signUp("retractation-admin@exemple.fr");
});

afterAll(async () => {
  await ctx?.close();
});

describe("the withdrawal period (L221-18), in Paris calendar days", () => {
  const delivered = (at: string) => ({ status: "livree", deliveredAt: at });

  it("runs until the end of the 14th day after delivery, and is gone on the 15th", () => {
    // Delivered 1 March at 11:00 in Paris (10:00 UTC, winter time): the last day is 15 March.
    const order = delivered("2026-03-01T10:00:00.000Z");
    expect(lastWithdrawalDay(order.deliveredAt)).toBe("2026-03-15");
    expect(withdrawalPeriod(order, new Date("2026-03-15T22:59:59.000Z"))).toEqual({
      open: true,
      lastDay: "2026-03-15",
    });
    // 16 March, 00:00 in Paris.
    expect(withdrawalPeriod(order, new Date("2026-03-15T23:00:00.000Z"))).toEqual({
      open: false,
      reason: "expired",
      lastDay: "2026-03-15",
    });
  });

  it("counts the Paris day of delivery, not the UTC one, across the change to summer time", () => {
    // 20 March 23:30 UTC is already 21 March in Paris: the last day is 4 April, in summer time (UTC+2).
    const order = delivered("2026-03-20T23:30:00.000Z");
    expect(lastWithdrawalDay(order.deliveredAt)).toBe("2026-04-04");
    expect(withdrawalPeriod(order, new Date("2026-04-04T21:59:00.000Z")).open).toBe(true);
    expect(withdrawalPeriod(order, new Date("2026-04-04T22:00:00.000Z")).open).toBe(false);
    // Autumn: delivered 20 October (summer time), last day 3 November (winter time, UTC+1).
    const autumn = delivered("2026-10-20T09:00:00.000Z");
    expect(lastWithdrawalDay(autumn.deliveredAt)).toBe("2026-11-03");
    expect(withdrawalPeriod(autumn, new Date("2026-11-03T22:59:00.000Z")).open).toBe(true);
    expect(withdrawalPeriod(autumn, new Date("2026-11-03T23:00:00.000Z")).open).toBe(false);
  });

  it("is open from payment until delivery, and does not exist before payment or once cancelled", () => {
    const now = new Date("2027-01-01T00:00:00Z");
    expect(withdrawalPeriod({ status: "payee", deliveredAt: null }, now)).toEqual({
      open: true,
      lastDay: null,
    });
    expect(withdrawalPeriod({ status: "expediee", deliveredAt: null }, now)).toEqual({
      open: true,
      lastDay: null,
    });
    for (const status of ["nouvelle", "lien_envoye", "annulee"])
      expect(withdrawalPeriod({ status, deliveredAt: null }, now)).toEqual({
        open: false,
        reason: "no-contract",
      });
  });

  it("gives the refund 14 days from the declaration's Paris day (L221-24)", () => {
    expect(refundDeadlineDay("2026-11-26T20:34:00.000Z")).toBe("2026-12-10");
    expect(refundDeadlineDay("2026-11-26T23:30:00.000Z")).toBe("2026-12-11");
  });
});

describe("the declaration's form", () => {
  it("needs a name, a valid e-mail and at least one piece; the reason is optional and bounded", () => {
    expect(declarationSchema.safeParse(declaration(["abc"])).success).toBe(true);
    const issues = (input: unknown) =>
      declarationSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues(declaration([]))).toContain("Cochez au moins une pièce.");
    expect(issues({ name: "Hina", email: "hina@exemple.fr" })).toContain("Cochez au moins une pièce.");
    expect(issues(declaration(["abc"], { email: "pas-une-adresse" }))).toContain(
      "Cette adresse e-mail n'est pas valide.",
    );
    expect(issues(declaration(["abc"], { name: "  " }))).toContain("Indiquez votre nom.");
    expect(issues(declaration(["abc"], { reason: "x".repeat(1001) }))).toContain(
      "Ce motif est trop long (1 000 caractères au plus).",
    );
    expect(issues(declaration(["../etc"]))).toContain("Cette pièce ne fait pas partie de la commande.");
  });

  it("reads an order number in any case, and refuses one of the wrong shape", () => {
    expect(lookupSchema.parse({ number: " nac-2026-0042 ", orderEmail: "a@b.fr" }).number).toBe(
      "NAC-2026-0042",
    );
    expect(lookupSchema.safeParse({ number: "42", orderEmail: "a@b.fr" }).success).toBe(false);
  });

  it("takes a refund's amount to the cent and a real calendar day", () => {
    const refund = (amount: string, refundedOn: string) =>
      withdrawalCommandSchema.safeParse({ intent: "withdrawal-refunded", orderId: "x", amount, refundedOn });
    expect(refund("12,50", "2026-11-26").data).toMatchObject({ amount: 1250, refundedOn: "2026-11-26" });
    expect(refund("0", "2026-11-26").success).toBe(false);
    expect(refund("-3", "2026-11-26").success).toBe(false);
    expect(refund("12", "2026-02-30").success).toBe(false);
    expect(refund("12", "hier").success).toBe(false);
  });
});

describe("declaring a withdrawal", () => {
  it("is offered on day 14 after delivery and gone on day 15, with the page saying why", async () => {
    const unique = await piece({ stock: 1, unique: true });
    const placed = await order([{ productId: unique, quantity: 1 }], {
      paid: "2026-02-25T10:00:00.000Z",
      shipped: "2026-02-27T10:00:00.000Z",
      delivered: "2026-03-01T10:00:00.000Z",
    });
    const href = () => "/ici";
    const day14 = new Date("2026-03-15T20:00:00.000Z");
    const day15 = new Date("2026-03-16T08:00:00.000Z");
    expect(
      (await withdrawalNotices(ctx.db, [{ id: placed.id, status: "livree" }], day14, href)).get(placed.id),
    ).toEqual({
      kind: "open",
      lastDay: "2026-03-15",
      href: "/ici",
    });
    expect(
      (await withdrawalNotices(ctx.db, [{ id: placed.id, status: "livree" }], day15, href)).get(placed.id),
    ).toEqual({
      kind: "expired",
      lastDay: "2026-03-15",
      message: "Le délai de rétractation de 14 jours a pris fin le 15 mars 2026.",
    });
    expect(await loadDeclarationPage(ctx.db, placed.id, day15)).toEqual({
      state: "closed",
      number: placed.number,
      message: "Le délai de rétractation de 14 jours a pris fin le 15 mars 2026.",
    });
    const late = await declareWithdrawal(ctx, placed.id, declaration(placed.lineIds), day15);
    expect(late).toEqual({
      ok: false,
      status: 409,
      message: "Le délai de rétractation de 14 jours a pris fin le 15 mars 2026.",
    });
    expect(await findAdminWithdrawal(ctx.db, placed.id, day15)).toBeNull();

    const inTime = await declareWithdrawal(ctx, placed.id, declaration(placed.lineIds), day14);
    expect(inTime).toMatchObject({ ok: true, number: placed.number, declaredAt: day14.toISOString() });
    expect(
      (await withdrawalNotices(ctx.db, [{ id: placed.id, status: "livree" }], day15, href)).get(placed.id),
    ).toEqual({
      kind: "declared",
      declaredAt: day14.toISOString(),
    });
  });

  it("records the declaration with its acknowledgement (content, date and time) and the seller's notice", async () => {
    const ring = await piece({ stock: 5, price: 4550 });
    const necklace = await piece({ stock: 1, unique: true, price: 12000 });
    const placed = await order(
      [
        { productId: ring, quantity: 2 },
        { productId: necklace, quantity: 1 },
      ],
      { paid: "2026-11-20T10:00:00.000Z", shipped: "2026-11-21T10:00:00.000Z" },
    );
    // Shipped, not delivered yet: the function is there (docs/product.md §10.24).
    const page = await loadDeclarationPage(ctx.db, placed.id, new Date("2026-11-26T20:34:00.000Z"));
    expect(page).toMatchObject({
      state: "open",
      draft: { number: placed.number, customerName: "Hina Client", email: "hina@exemple.fr", lastDay: null },
    });
    const at = new Date("2026-11-26T20:34:00.000Z"); // 21 h 34 in Paris
    const done = await declareWithdrawal(
      ctx,
      placed.id,
      declaration([placed.lineIds[1] as string], {
        email: "hina.perso@exemple.fr",
        reason: "La couleur ne me va pas.",
      }),
      at,
    );
    expect(done).toEqual({
      ok: true,
      number: placed.number,
      declaredAt: at.toISOString(),
      email: "hina.perso@exemple.fr",
    });
    expect(declarationMoment(at.toISOString())).toBe("le 26 novembre 2026 à 21 h 34");

    const mails = await mailsAbout(placed.number);
    const acknowledgements = mails.filter((mail) => mail.kind === "accusé de réception de rétractation");
    // To the address given, and a copy to the order's own address.
    expect(acknowledgements.map((mail) => mail.recipient).sort()).toEqual([
      "hina.perso@exemple.fr",
      "hina@exemple.fr",
    ]);
    const ack = acknowledgements[0];
    expect(ack?.subject).toBe(`Accusé de réception de votre rétractation – commande ${placed.number}`);
    for (const expected of [
      "Nous avons bien reçu votre rétractation le 26 novembre 2026 à 21 h 34",
      "Nom : Hina Client",
      `Commande : ${placed.number}`,
      "Pièce retract",
      "× 1 — 120,00",
      "Adresse e-mail de l'accusé de réception : hina.perso@exemple.fr",
      "Motif : La couleur ne me va pas.",
      "au plus tard le 10 décembre 2026",
      "1 quai des Perles, 56170 Quiberon",
      "L221-21",
      "L221-24",
    ])
      expect(ack?.text, expected).toContain(expected);
    // Only the piece ticked.
    expect(ack?.text).not.toContain("× 2");

    const seller = mails.find((mail) => mail.kind === "rétractation");
    expect(seller?.recipient).toBe("boutique@exemple.fr");
    expect(seller?.subject).toBe(`Nacre — rétractation pour la commande ${placed.number}`);
    expect(seller?.text).toContain("le 26 novembre 2026 à 21 h 34");
    expect(seller?.text).toContain(`/admin/commandes/${placed.id}`);
    expect(seller?.text).toContain("jeudi 10 décembre 2026");

    const recorded = await findAdminWithdrawal(ctx.db, placed.id, at);
    expect(recorded).toMatchObject({
      customerName: "Hina Client",
      email: "hina.perso@exemple.fr",
      reason: "La couleur ne me va pas.",
      refundDeadline: "2026-12-10",
      overdue: false,
      defaultRefundCents: 12000,
      returnReceivedAt: null,
      refundedAt: null,
    });
    expect(recorded?.lines.map((line) => line.id)).toEqual([placed.lineIds[1]]);
  });

  it("refuses a second declaration, a piece of another order and an order without a contract, writing nothing", async () => {
    const stocked = await piece({ stock: 10 });
    const placed = await order([{ productId: stocked, quantity: 1 }], { paid: "2026-11-20T10:00:00.000Z" });
    const other = await order([{ productId: stocked, quantity: 1 }], { paid: "2026-11-20T11:00:00.000Z" });
    const unpaid = await order([{ productId: stocked, quantity: 1 }]);
    const now = new Date("2026-11-22T10:00:00.000Z");
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom("mail_outbox")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirst()
        )?.n,
      );
    const mailsBefore = await count();

    expect(await declareWithdrawal(ctx, placed.id, declaration(other.lineIds), now)).toEqual({
      ok: false,
      status: 400,
      message: WITHDRAWAL_REFUSALS.unknownPiece,
    });
    expect(await declareWithdrawal(ctx, unpaid.id, declaration(unpaid.lineIds), now)).toEqual({
      ok: false,
      status: 409,
      message: WITHDRAWAL_REFUSALS.noContract,
    });
    expect(await declareWithdrawal(ctx, "inconnue", declaration(placed.lineIds), now)).toMatchObject({
      status: 404,
    });
    expect(await count()).toBe(mailsBefore);

    expect((await declareWithdrawal(ctx, placed.id, declaration(placed.lineIds), now)).ok).toBe(true);
    // Paid, not shipped: cancelling it would put returned pieces on sale a second time.
    expect(await moveOrder(ctx.db, placed.id, { to: "annulee" }, admin, now)).toMatchObject({
      ok: false,
      status: 409,
      message: WITHDRAWN_ORDER_CANNOT_BE_CANCELLED,
    });
    const afterFirst = await count();
    expect(await declareWithdrawal(ctx, placed.id, declaration(placed.lineIds), now)).toEqual({
      ok: false,
      status: 409,
      message: WITHDRAWAL_REFUSALS.already,
    });
    expect(await count()).toBe(afterFirst);

    // Two declarations at once: exactly one is recorded.
    const race = await Promise.all(
      [0, 1, 2].map(() => declareWithdrawal(ctx, other.id, declaration(other.lineIds), now)),
    );
    expect(race.filter((result) => result.ok)).toHaveLength(1);
    const rows = await ctx.db
      .selectFrom("order_withdrawals")
      .select("id")
      .where("order_id", "=", other.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("finds an order by number and e-mail only when both match, and a customer's own orders only", async () => {
    const stocked = await piece({ stock: 3 });
    const placed = await order([{ productId: stocked, quantity: 1 }], {}, "Moana.Casse@exemple.fr");
    expect(
      await orderIdByNumberAndEmail(ctx.db, { number: placed.number, orderEmail: "moana.casse@exemple.fr" }),
    ).toBe(placed.id);
    expect(
      await orderIdByNumberAndEmail(ctx.db, { number: placed.number, orderEmail: "autre@exemple.fr" }),
    ).toBeNull();
    expect(
      await orderIdByNumberAndEmail(ctx.db, {
        number: "NAC-1999-0001",
        orderEmail: "moana.casse@exemple.fr",
      }),
    ).toBeNull();
    expect(await ownOrderId(ctx.db, customerId, placed.id)).toBe(placed.id);
    expect(await ownOrderId(ctx.db, otherCustomerId, placed.id)).toBeNull();
  });
});

describe("the seller's side", () => {
  it("puts the pieces back on sale when the return is received: a unique piece leaves the gallery", async () => {
    const unique = await piece({ stock: 1, unique: true, price: 9000 });
    const stocked = await piece({ stock: 4, price: 2000 });
    const placed = await order(
      [
        { productId: unique, quantity: 1 },
        { productId: stocked, quantity: 3 },
      ],
      {
        paid: "2026-11-10T10:00:00.000Z",
        shipped: "2026-11-11T10:00:00.000Z",
        delivered: "2026-11-12T10:00:00.000Z",
      },
    );
    const state = async () =>
      ctx.db
        .selectFrom("products")
        .select(["id", "is_sold", "stock"])
        .where("id", "in", [unique, stocked])
        .orderBy("id")
        .execute();
    // Paid: the unique piece is sold (in the gallery), the stock went down.
    expect(await state()).toEqual([
      { id: unique, is_sold: 1, stock: 1 },
      { id: stocked, is_sold: 0, stock: 1 },
    ]);
    const now = new Date("2026-11-20T10:00:00.000Z");
    expect((await declareWithdrawal(ctx, placed.id, declaration(placed.lineIds), now)).ok).toBe(true);

    expect(await markReturnReceived(ctx.db, placed.id, new Date("2026-11-24T10:00:00.000Z"))).toEqual({
      ok: true,
    });
    expect(await state()).toEqual([
      { id: unique, is_sold: 0, stock: 1 },
      { id: stocked, is_sold: 0, stock: 4 },
    ]);
    expect(await markReturnReceived(ctx.db, placed.id, now)).toEqual({
      ok: false,
      status: 409,
      message: WITHDRAWAL_REFUSALS.returnAlready,
    });
    expect(await state()).toEqual([
      { id: unique, is_sold: 0, stock: 1 },
      { id: stocked, is_sold: 0, stock: 4 },
    ]);
    expect((await findAdminWithdrawal(ctx.db, placed.id, now))?.returnReceivedAt).toBe(
      "2026-11-24T10:00:00.000Z",
    );
  });

  it("flags a refund past its deadline until it is recorded, with its amount and day", async () => {
    const stocked = await piece({ stock: 5, price: 3000 });
    const placed = await order([{ productId: stocked, quantity: 2 }], { paid: "2026-06-01T10:00:00.000Z" });
    const declaredAt = new Date("2026-06-02T10:00:00.000Z");
    expect((await declareWithdrawal(ctx, placed.id, declaration(placed.lineIds), declaredAt)).ok).toBe(true);
    const lastDay = new Date("2026-06-16T21:00:00.000Z"); // 16 June, 23:00 in Paris
    const dayAfter = new Date("2026-06-16T22:00:00.000Z"); // 17 June, 00:00 in Paris
    expect((await overdueRefunds(ctx.db, lastDay)).map((refund) => refund.orderId)).not.toContain(placed.id);
    expect(await overdueRefunds(ctx.db, dayAfter)).toContainEqual({
      orderId: placed.id,
      number: placed.number,
      deadline: "2026-06-16",
    });
    expect((await withdrawalFlags(ctx.db, [placed.id], dayAfter)).get(placed.id)).toBe("en-retard");
    expect((await withdrawalFlags(ctx.db, [placed.id], lastDay)).get(placed.id)).toBe("en-cours");
    expect((await findAdminWithdrawal(ctx.db, placed.id, dayAfter))?.overdue).toBe(true);

    // The day lies between the declaration and today.
    for (const refundedOn of ["2026-06-01", "2026-06-18"])
      expect(
        await recordWithdrawalRefund(ctx.db, placed.id, { amountCents: 6000, refundedOn }, dayAfter),
      ).toEqual({
        ok: false,
        status: 400,
        message: WITHDRAWAL_REFUSALS.refundDate,
      });
    expect(
      await recordWithdrawalRefund(
        ctx.db,
        placed.id,
        { amountCents: 6000, refundedOn: "2026-06-17" },
        dayAfter,
      ),
    ).toEqual({ ok: true });
    // The refund issued its credit note against the order's invoice (docs/product.md §10.25).
    expect(
      await ctx.db
        .selectFrom("invoices as a")
        .innerJoin("invoices as f", "f.id", "a.invoice_id")
        .select(["a.total_cents", "a.settled_at", "f.order_id"])
        .where("a.order_id", "=", placed.id)
        .execute(),
    ).toEqual([{ total_cents: 6000, settled_at: "2026-06-17", order_id: placed.id }]);
    expect(
      await recordWithdrawalRefund(ctx.db, placed.id, { amountCents: 1, refundedOn: "2026-06-17" }, dayAfter),
    ).toMatchObject({ ok: false, status: 409 });
    expect((await overdueRefunds(ctx.db, dayAfter)).map((refund) => refund.orderId)).not.toContain(placed.id);
    expect((await withdrawalFlags(ctx.db, [placed.id], dayAfter)).get(placed.id)).toBe("remboursee");
    expect(await findAdminWithdrawal(ctx.db, placed.id, dayAfter)).toMatchObject({
      overdue: false,
      refundCents: 6000,
      refundedAt: "2026-06-17T12:00:00.000Z",
    });
  });

  it("offers to refund the delivery too when the whole order is withdrawn (L221-24), the pieces alone for a part", async () => {
    const first = await piece({ stock: 4, price: 4000 });
    const second = await piece({ stock: 4, price: 2500 });
    const lines = [
      { productId: first, quantity: 1 },
      { productId: second, quantity: 1 },
    ];
    const paid = { paid: "2026-11-10T10:00:00.000Z" };
    const whole = await order(lines, paid);
    const part = await order(lines, paid);
    // 65 € of pieces to France métropolitaine: a 6,90 € parcel, paid with them.
    expect(
      await ctx.db
        .selectFrom("orders")
        .select(["delivery_cents", "total_cents"])
        .where("id", "=", whole.id)
        .executeTakeFirst(),
    ).toEqual({ delivery_cents: 690, total_cents: 7190 });
    const now = new Date("2026-11-12T10:00:00.000Z");
    expect((await declareWithdrawal(ctx, whole.id, declaration(whole.lineIds), now)).ok).toBe(true);
    expect((await declareWithdrawal(ctx, part.id, declaration([part.lineIds[1] as string]), now)).ok).toBe(
      true,
    );

    expect(await findAdminWithdrawal(ctx.db, whole.id, now)).toMatchObject({
      defaultRefundCents: 7190,
      deliveryRefundCents: 690,
    });
    expect(await findAdminWithdrawal(ctx.db, part.id, now)).toMatchObject({
      defaultRefundCents: 2500,
      deliveryRefundCents: 0,
    });
    // The whole of it fits the invoice: its credit note gives back all that was paid.
    expect(
      await recordWithdrawalRefund(ctx.db, whole.id, { amountCents: 7190, refundedOn: "2026-11-12" }, now),
    ).toEqual({ ok: true });
    expect(
      await ctx.db
        .selectFrom("invoices")
        .select(["kind", "total_cents"])
        .where("order_id", "=", whole.id)
        .orderBy("kind", "desc")
        .execute(),
    ).toEqual([
      { kind: "facture", total_cents: 7190 },
      { kind: "avoir", total_cents: 7190 },
    ]);
  });

  it("refuses the steps on an order without a withdrawal", async () => {
    const stocked = await piece({ stock: 2 });
    const placed = await order([{ productId: stocked, quantity: 1 }], { paid: "2026-11-20T10:00:00.000Z" });
    const now = new Date("2026-11-21T10:00:00.000Z");
    expect(await markReturnReceived(ctx.db, placed.id, now)).toMatchObject({ status: 404 });
    expect(
      await recordWithdrawalRefund(ctx.db, placed.id, { amountCents: 100, refundedOn: "2026-11-21" }, now),
    ).toMatchObject({ status: 404 });
  });
});

describe("an account's withdrawals", () => {
  it("are in the customer's data export, and an anonymised order keeps only what the accounts need", async () => {
    const userId = (
      await ctx.auth.api.signUpEmail({
        body: { email: "retractation-depart@exemple.fr", password: "motdepasse-long", name: "Départ" },
      })
    ).user.id;
    const stocked = await piece({ stock: 3, price: 2500 });
    const placed = await order(
      [{ productId: stocked, quantity: 1 }],
      { paid: "2026-11-20T10:00:00.000Z" },
      "retractation-depart@exemple.fr",
      userId,
    );
    const now = new Date("2026-11-21T10:00:00.000Z");
    const declared = declaration(placed.lineIds, {
      email: "retractation-depart@exemple.fr",
      reason: "Cadeau en double.",
    });
    expect((await declareWithdrawal(ctx, placed.id, declared, now)).ok).toBe(true);
    expect(
      await recordWithdrawalRefund(ctx.db, placed.id, { amountCents: 2500, refundedOn: "2026-11-21" }, now),
    ).toEqual({ ok: true });

    const exported = await exportUserData(ctx.db, userId);
    expect(exported?.commandes[0]?.retractation).toEqual({
      declaree_le: now.toISOString(),
      nom: "Hina Client",
      email: "retractation-depart@exemple.fr",
      motif: "Cadeau en double.",
      pieces: [`Pièce ${stocked}`],
      retour_recu_le: null,
      remboursee_le: "2026-11-21T12:00:00.000Z",
      montant_rembourse_centimes: 2500,
    });

    expect((await deleteCustomerAccount(ctx, userId)).ok).toBe(true);
    const kept = await ctx.db
      .selectFrom("order_withdrawals")
      .select(["customer_name", "email", "reason", "declared_at", "refund_cents", "line_ids"])
      .where("order_id", "=", placed.id)
      .executeTakeFirst();
    expect(kept).toEqual({
      customer_name: DELETED_CUSTOMER_NAME,
      email: "",
      reason: "",
      declared_at: now.toISOString(),
      refund_cents: 2500,
      line_ids: JSON.stringify(placed.lineIds),
    });
  });
});
