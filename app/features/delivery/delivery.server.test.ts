/**
 * The delivery's cost on an order (docs/product.md §10.28, ADR 028): computed by the server from the
 * settings when the order is placed (never from the form), stored with the zone and counted in the
 * total; « sur devis » waits for the seller's cost, and the payment link and the payment are refused
 * until it is given. The CGV read the same rates.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legalDeliveryRates } from "~/features/content/legal.server";
import { confirmOrder } from "~/features/orders/order-holds.server";
import { type OrderForm, orderFormSchema } from "~/features/orders/order-schema";
import { orderTotalText } from "~/features/orders/order-types";
import {
  DELIVERY_COST_MESSAGES,
  DELIVERY_NEEDED_FOR_LINK,
  DELIVERY_NEEDED_FOR_PAYMENT,
  findOrderById,
  moveOrder,
  placeOrder,
  setDeliveryCost,
} from "~/features/orders/orders.server";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { deliveryRates, saveDeliveryRates } from "./delivery-rates.server";
import { DEFAULT_DELIVERY_RATES } from "./delivery-types";

let ctx: AppContext;
let rank = 0;
const admin = { id: "", name: "Admin Livraison" };
const link = { to: "lien_envoye" as const, paymentUrl: "https://paiement.example/session/livraison" };
const plain = (text: string) => text.replace(/\s/g, " ");

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.insertInto("shop_settings").values({ id: "shop", shop_name: "Nacre", hold_cap: 20 }).execute();
  admin.id = (
    await ctx.auth.api.signUpEmail({
      body: { email: "admin-livraison@exemple.fr", password: "motdepasse-long", name: "Admin" },
    })
  ).user.id;
});

afterAll(async () => {
  await ctx?.close();
});

/** One new piece at `priceCents` (null: on request), ordered once, the address confirmed. */
async function order(priceCents: number | null, extra: Partial<OrderForm> = {}) {
  const id = `livr${++rank}`;
  await ctx.db
    .insertInto("products")
    .values({ id, slug: id, name: `Bague ${rank}`, price_cents: priceCents, stock: 1, is_unique: 1 })
    .execute();
  const placed = await placeOrder(ctx.db, {
    form: {
      "form-name": "commande",
      lines: [{ productId: id, quantity: 1 }],
      name: "Hina Teva",
      email: `livraison${rank}@exemple.fr`,
      phone: "",
      delivery: "envoi",
      zone: "france",
      addressLine: "3 rue des Lagons",
      postalCode: "75011",
      city: "Paris",
      eventId: "",
      message: "",
      ...extra,
    },
    userId: null,
  });
  if (!placed.ok) throw new Error(placed.message);
  if (placed.confirmToken) await confirmOrder(ctx.db, placed.confirmToken);
  return placed;
}

async function stored(orderId: string) {
  return ctx.db
    .selectFrom("orders")
    .select(["status", "delivery_zone", "delivery_cents", "total_cents"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
}

describe("placing an order", () => {
  it("stores the zone and the zone's rate, and counts it in the total", async () => {
    expect(await deliveryRates(ctx.db)).toEqual(DEFAULT_DELIVERY_RATES);
    const france = await order(5000);
    expect(await stored(france.id)).toEqual({
      status: "nouvelle",
      delivery_zone: "france",
      delivery_cents: 690,
      total_cents: 5690,
    });
    const overseas = await order(5000, { zone: "outre_mer", postalCode: "98714", city: "Papeete" });
    expect(await stored(overseas.id)).toMatchObject({
      delivery_zone: "outre_mer",
      delivery_cents: 1490,
      total_cents: 6490,
    });
    const europe = await order(5000, { zone: "ue", postalCode: "1000", city: "Bruxelles" });
    expect(await stored(europe.id)).toMatchObject({ delivery_cents: 1290, total_cents: 6290 });
    const view = await findOrderById(ctx.db, europe.id);
    expect(view).toMatchObject({ deliveryCents: 1290, delivery: { zone: "ue" } });
    expect(plain(orderTotalText(view as NonNullable<typeof view>))).toBe("62,90 €");
  });

  it("delivers free from the threshold, and always by hand or at an event (the zone then France)", async () => {
    expect(await stored((await order(15_000)).id)).toMatchObject({ delivery_cents: 0, total_cents: 15_000 });
    expect(await stored((await order(14_999)).id)).toMatchObject({
      delivery_cents: 690,
      total_cents: 15_689,
    });
    const byHand = await order(5000, { delivery: "main_propre", zone: "monde" });
    expect(await stored(byHand.id)).toMatchObject({
      delivery_zone: "france",
      delivery_cents: 0,
      total_cents: 5000,
    });
  });

  it("takes no amount from the form: posted totals and costs are not even read", async () => {
    const id = `livr${++rank}`;
    await ctx.db
      .insertInto("products")
      .values({ id, slug: id, name: "Collier forgé", price_cents: 5000, stock: 1, is_unique: 1 })
      .execute();
    const parsed = orderFormSchema.parse({
      "form-name": "commande",
      [`quantite.${id}`]: "1",
      name: "Hina Teva",
      email: "forge@exemple.fr",
      delivery: "envoi",
      zone: "france",
      addressLine: "3 rue des Lagons",
      postalCode: "75011",
      city: "Paris",
      deliveryCents: "0",
      delivery_cents: "0",
      total: "1",
      totalCents: "1",
      price: "0",
    });
    const placed = await placeOrder(ctx.db, { form: parsed, userId: null });
    if (!placed.ok) throw new Error(placed.message);
    expect(await stored(placed.id)).toMatchObject({ delivery_cents: 690, total_cents: 5690 });
  });

  it("uses the rates of the moment: a later change of the settings leaves placed orders as they were", async () => {
    const before = await order(5000);
    await saveDeliveryRates(ctx.db, {
      zones: { france: 490, outre_mer: 990, ue: null, monde: null },
      freeFromCents: null,
    });
    try {
      expect(await stored((await order(90_000)).id)).toMatchObject({
        delivery_cents: 490,
        total_cents: 90_490,
      });
      expect(await stored(before.id)).toMatchObject({ delivery_cents: 690, total_cents: 5690 });
      // The CGV's article 7 reads the same settings (ADR 029).
      expect(await legalDeliveryRates(ctx.db)).toEqual({
        zones: [
          { label: "France métropolitaine", cents: 490 },
          { label: "Outre-mer (DROM-COM)", cents: 990 },
          { label: "Union européenne", cents: null },
          { label: "Reste du monde", cents: null },
        ],
        freeFromCents: null,
      });
    } finally {
      await saveDeliveryRates(ctx.db, DEFAULT_DELIVERY_RATES);
    }
  });
});

describe("a delivery « sur devis »", () => {
  it("is stored unknown, the total « à confirmer »; the link and the payment are refused until the seller gives it", async () => {
    const quoted = await order(5000, { zone: "monde", postalCode: "H2X 1Y4", city: "Montréal" });
    expect(await stored(quoted.id)).toEqual({
      status: "nouvelle",
      delivery_zone: "monde",
      delivery_cents: null,
      total_cents: 5000,
    });
    const view = await findOrderById(ctx.db, quoted.id);
    expect(plain(orderTotalText(view as NonNullable<typeof view>))).toBe(
      "50,00 € + livraison sur devis (à confirmer)",
    );
    expect(await moveOrder(ctx.db, quoted.id, link, admin)).toEqual({
      ok: false,
      status: 409,
      message: DELIVERY_NEEDED_FOR_LINK,
    });
    expect(await moveOrder(ctx.db, quoted.id, { to: "payee" }, admin)).toEqual({
      ok: false,
      status: 409,
      message: DELIVERY_NEEDED_FOR_PAYMENT,
    });
    expect(await stored(quoted.id)).toMatchObject({ status: "nouvelle", delivery_cents: null });

    expect(await setDeliveryCost(ctx.db, "nexistepas", 100)).toMatchObject({ ok: false, status: 404 });
    const set = await setDeliveryCost(ctx.db, quoted.id, 2450);
    expect(set.ok).toBe(true);
    expect(await stored(quoted.id)).toMatchObject({ delivery_cents: 2450, total_cents: 7450 });
    expect(await setDeliveryCost(ctx.db, quoted.id, 100)).toEqual({
      ok: false,
      status: 409,
      message: DELIVERY_COST_MESSAGES.alreadySet,
    });
    expect((await moveOrder(ctx.db, quoted.id, link, admin)).ok).toBe(true);
    expect((await moveOrder(ctx.db, quoted.id, { to: "payee" }, admin)).ok).toBe(true);
    // The invoice carries the delivery's cost (ADR 026, 028).
    const invoice = await ctx.db
      .selectFrom("invoices")
      .select(["total_cents", "document"])
      .where("order_id", "=", quoted.id)
      .executeTakeFirstOrThrow();
    expect(invoice.total_cents).toBe(7450);
    expect(JSON.parse(invoice.document)).toMatchObject({ deliveryCents: 2450, totalCents: 7450 });
  });

  it("a cancelled order takes no cost, and nothing is written", async () => {
    const quoted = await order(5000, { zone: "monde", postalCode: "10001", city: "New York" });
    expect((await moveOrder(ctx.db, quoted.id, { to: "annulee" }, admin)).ok).toBe(true);
    expect(await setDeliveryCost(ctx.db, quoted.id, 1000)).toEqual({
      ok: false,
      status: 409,
      message: DELIVERY_COST_MESSAGES.closed,
    });
    expect(await stored(quoted.id)).toMatchObject({ delivery_cents: null, total_cents: 5000 });
  });
});
