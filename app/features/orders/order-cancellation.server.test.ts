/**
 * The customer's cancellation of an unpaid order (docs/product.md §10.19, ADR 028), on both back
 * ends: it ends the order's holds at once (the piece can be ordered by someone else the next
 * instant), records the customer's step, e-mails the customer and the shop; a paid order is refused;
 * racing the seller's payment, exactly one of the two happens.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { heldQuantities } from "./holds.server";
import {
  CUSTOMER_CANCEL_DETAIL,
  CUSTOMER_CANCEL_MESSAGES,
  cancelOrderByCustomer,
} from "./order-cancellation.server";
import { confirmOrder } from "./order-holds.server";
import type { OrderForm } from "./order-schema";
import { findOrderById, moveOrder, placeOrder } from "./orders.server";

let ctx: AppContext;
let rank = 0;
const admin = { id: "", name: "Admin Annulation" };

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db
    .insertInto("shop_settings")
    .values({ id: "shop", shop_name: "Nacre", email: "boutique@nacre.test", hold_cap: 20 })
    .execute();
  admin.id = (
    await ctx.auth.api.signUpEmail({
      body: { email: "admin-annulation@exemple.fr", password: "motdepasse-long", name: "Admin" },
    })
  ).user.id;
});

afterAll(async () => {
  await ctx?.close();
});

async function uniquePiece(): Promise<string> {
  const id = `annul${++rank}`;
  await ctx.db
    .insertInto("products")
    .values({ id, slug: id, name: `Perle ${rank}`, price_cents: 8000, stock: 1, is_unique: 1 })
    .execute();
  return id;
}

function form(productId: string, email: string): OrderForm {
  return {
    "form-name": "commande",
    lines: [{ productId, quantity: 1 }],
    name: "Hina Teva",
    email,
    phone: "",
    delivery: "main_propre",
    zone: "france",
    addressLine: "",
    postalCode: "",
    city: "",
    eventId: "",
    message: "",
  };
}

async function order(productId: string, email = `annulation${++rank}@exemple.fr`) {
  const placed = await placeOrder(ctx.db, { form: form(productId, email), userId: null });
  if (!placed.ok) throw new Error(placed.message);
  if (placed.confirmToken) await confirmOrder(ctx.db, placed.confirmToken);
  return placed;
}

async function mailsOf(recipient: string) {
  return ctx.db
    .selectFrom("mail_outbox")
    .select(["kind", "subject"])
    .where("recipient", "=", recipient)
    .orderBy("created_at")
    .execute();
}

describe("the customer cancels an unpaid order", () => {
  it("ends its hold at once: someone else orders the piece the next instant", async () => {
    const piece = await uniquePiece();
    const first = await order(piece, "premiere@exemple.fr");
    expect(await placeOrder(ctx.db, { form: form(piece, "seconde@exemple.fr"), userId: null })).toMatchObject(
      {
        ok: false,
        status: 409,
      },
    );

    const done = await cancelOrderByCustomer(ctx, first.id);
    expect(done.ok).toBe(true);
    expect((await heldQuantities(ctx.db, [piece])).get(piece)).toBeUndefined();
    const second = await placeOrder(ctx.db, { form: form(piece, "seconde@exemple.fr"), userId: null });
    expect(second.ok).toBe(true);

    const cancelled = await findOrderById(ctx.db, first.id);
    expect(cancelled?.status).toBe("annulee");
    // The customer's own step: no admin, and why.
    expect(cancelled?.steps.at(-1)).toMatchObject({
      status: "annulee",
      adminName: null,
      detail: CUSTOMER_CANCEL_DETAIL,
    });
    // The customer's confirmation and the shop's notice, in the outbox with the change (ADR 025).
    expect(await mailsOf("premiere@exemple.fr")).toEqual([
      { kind: "annulation par le client", subject: `Nacre — commande ${first.number} annulée` },
    ]);
    expect((await mailsOf("boutique@nacre.test")).map((mail) => mail.subject)).toContain(
      `Nacre — commande ${first.number} annulée par le client`,
    );
  });

  it("works while the payment link waits too; the shop is not told when its orders' e-mails are off", async () => {
    const linked = await order(await uniquePiece(), "lien@exemple.fr");
    await moveOrder(
      ctx.db,
      linked.id,
      { to: "lien_envoye", paymentUrl: "https://paiement.example/s/1" },
      admin,
    );
    await ctx.db.updateTable("shop_settings").set({ notify_new_order: 0 }).execute();
    try {
      const shopMailsBefore = (await mailsOf("boutique@nacre.test")).length;
      expect((await cancelOrderByCustomer(ctx, linked.id)).ok).toBe(true);
      expect(await mailsOf("boutique@nacre.test")).toHaveLength(shopMailsBefore);
      expect((await mailsOf("lien@exemple.fr")).map((mail) => mail.kind)).toContain(
        "annulation par le client",
      );
    } finally {
      await ctx.db.updateTable("shop_settings").set({ notify_new_order: 1 }).execute();
    }
  });

  it("refuses a paid order, and a cancelled one, in French, writing nothing", async () => {
    const paid = await order(await uniquePiece(), "payee@exemple.fr");
    await moveOrder(ctx.db, paid.id, { to: "payee" }, admin);
    const before = await findOrderById(ctx.db, paid.id);
    expect(await cancelOrderByCustomer(ctx, paid.id)).toEqual({
      ok: false,
      status: 409,
      message: CUSTOMER_CANCEL_MESSAGES.paid,
    });
    expect(await findOrderById(ctx.db, paid.id)).toEqual(before);
    expect((await mailsOf("payee@exemple.fr")).map((mail) => mail.kind)).not.toContain(
      "annulation par le client",
    );

    const cancelled = await order(await uniquePiece());
    expect((await cancelOrderByCustomer(ctx, cancelled.id)).ok).toBe(true);
    expect(await cancelOrderByCustomer(ctx, cancelled.id)).toEqual({
      ok: false,
      status: 409,
      message: CUSTOMER_CANCEL_MESSAGES.cancelled,
    });
    expect(await cancelOrderByCustomer(ctx, "nexistepas")).toMatchObject({ ok: false, status: 404 });
  });

  it("racing the seller's payment: exactly one wins, and the piece follows it", async () => {
    for (let round = 0; round < 5; round++) {
      const piece = await uniquePiece();
      const raced = await order(piece);
      const [cancelled, paid] = await Promise.all([
        cancelOrderByCustomer(ctx, raced.id),
        moveOrder(ctx.db, raced.id, { to: "payee" }, admin),
      ]);
      expect([cancelled.ok, paid.ok].filter(Boolean)).toHaveLength(1);
      const status = (await findOrderById(ctx.db, raced.id))?.status;
      const sold = await ctx.db
        .selectFrom("products")
        .select("is_sold")
        .where("id", "=", piece)
        .executeTakeFirst();
      expect([status, sold?.is_sold]).toEqual(cancelled.ok ? ["annulee", 0] : ["payee", 1]);
    }
  });
});
