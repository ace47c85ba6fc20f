/**
 * The one deletion path (docs/product.md §10.21, ADR 017), on both back ends: an account goes with
 * everything attached, except its paid orders, kept anonymised; admins are never deleted this way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderForm } from "~/features/orders/order-schema";
import { findOrderById, moveOrder, placeOrder } from "~/features/orders/orders.server";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { DELETED_CUSTOMER_NAME, deleteCustomerAccount } from "./account-deletion.server";

let ctx: AppContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

async function customer(email: string): Promise<string> {
  return (await ctx.auth.api.signUpEmail({ body: { email, password: "motdepasse-long", name: "Hina Teva" } }))
    .user.id;
}

function orderForm(productId: string, email: string): OrderForm {
  return {
    "form-name": "commande",
    lines: [{ productId, quantity: 1 }],
    name: "Hina Teva",
    email,
    phone: "06 12 34 56 78",
    delivery: "envoi",
    zone: "france",
    addressLine: "3 rue des Lagons",
    postalCode: "75011",
    city: "Paris",
    eventId: "",
    message: "Un cadeau pour ma sœur",
  };
}

describe("deleting a customer account", () => {
  it("removes the account and its data, keeps a paid order anonymised and drops an unpaid one", async () => {
    const email = "supprimer@exemple.fr";
    const userId = await customer(email);
    await ctx.db
      .insertInto("products")
      .values([
        { id: "payee1", slug: "payee1", name: "Payée", price_cents: 1000, stock: 1, is_unique: 1 },
        { id: "ouverte1", slug: "ouverte1", name: "Ouverte", price_cents: 1000, stock: 1, is_unique: 1 },
      ])
      .execute();
    const paid = await placeOrder(ctx.db, { form: orderForm("payee1", email), userId });
    const open = await placeOrder(ctx.db, { form: orderForm("ouverte1", email), userId });
    if (!paid.ok || !open.ok) throw new Error("commandes non passées");
    const admin = { id: userId, name: "Admin" };
    const link = "https://paiement.example/session/cs_hina_teva";
    await moveOrder(ctx.db, paid.id, { to: "lien_envoye", paymentUrl: link }, admin);
    await moveOrder(ctx.db, paid.id, { to: "payee" }, admin);
    await moveOrder(ctx.db, paid.id, { to: "expediee", trackingNumber: "6A12345678901" }, admin);
    await ctx.db
      .insertInto("reviews")
      .values({ id: "avis1", user_id: userId, rating: 5, comment: "Superbe" })
      .execute();

    expect(await deleteCustomerAccount(ctx, userId)).toEqual({ ok: true });

    expect(await ctx.db.selectFrom("users").select("id").where("id", "=", userId).execute()).toEqual([]);
    expect(await ctx.db.selectFrom("reviews").select("id").where("user_id", "=", userId).execute()).toEqual(
      [],
    );
    expect(await ctx.db.selectFrom("accounts").select("id").where("user_id", "=", userId).execute()).toEqual(
      [],
    );
    expect(await findOrderById(ctx.db, open.id)).toBeNull();
    const kept = await findOrderById(ctx.db, paid.id);
    // What the accounting record needs, and nothing that names, locates or reaches her (ADR 023).
    expect(kept).toMatchObject({
      number: paid.number,
      status: "expediee",
      userId: null,
      customerName: DELETED_CUSTOMER_NAME,
      email: "",
      phone: "",
      message: "",
      // The delivery's cost and zone are accounting, not a place (ADR 028).
      totalCents: 1690,
      deliveryCents: 690,
      delivery: { method: "envoi", zone: "france", addressLine: "", postalCode: "", city: "" },
      paymentUrl: null,
      trackingNumber: null,
    });
    expect(kept?.trackingToken).not.toBe(paid.trackingToken);
    expect(kept?.lines.map((line) => [line.name, line.unitPriceCents, line.quantity])).toEqual([
      ["Payée", 1000, 1],
    ]);
    expect(kept?.steps.map((step) => [step.status, step.detail])).toEqual([
      ["nouvelle", ""],
      ["lien_envoye", ""],
      ["payee", ""],
      ["expediee", ""],
    ]);
    expect(JSON.stringify(kept)).not.toMatch(/cs_hina_teva|6A12345678901|75011|Paris|Hina|06 12/);
    // The unpaid order's hold ended with it.
    const held = await ctx.db
      .selectFrom("order_lines")
      .select("id")
      .where("product_id", "=", "ouverte1")
      .execute();
    expect(held).toEqual([]);
  });

  it("never deletes an admin account, and says so for an unknown one", async () => {
    const adminId = await customer("admin-garde@exemple.fr");
    await ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", adminId).execute();
    expect(await deleteCustomerAccount(ctx, adminId)).toMatchObject({ ok: false, status: 409 });
    expect(await ctx.db.selectFrom("users").select("id").where("id", "=", adminId).execute()).toHaveLength(1);
    expect(await deleteCustomerAccount(ctx, "inconnu")).toMatchObject({ ok: false, status: 404 });
  });
});
