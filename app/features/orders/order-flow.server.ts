/**
 * What follows a change of an order, around the rules of orders.server.ts: the customer's e-mail
 * (confirmation with the link to follow it, then one per step), the shop's e-mail for a new order
 * when that notification is on (docs/product.md §10.20), and the dashboard's live count of new
 * orders on every instance. Route modules call these, never the rules alone.
 *
 * The e-mails are recorded in the outbox inside the order's own transaction (ADR 025): an order
 * the customer was told about always has its e-mails, even if the process dies right after; the
 * outbox worker is nudged once the transaction has committed.
 */
import { countEvent } from "~/features/stats/stats-events.server";
import type { AppContext } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import { recordMail } from "~/server/outbox.server";
import { concludeContract } from "./contract-mail.server";
import {
  type Approved,
  approveOrder,
  type Confirmed,
  confirmOrder,
  releaseAndBlock,
} from "./order-holds.server";
import { firstPictures } from "./order-mail-pieces.server";
import {
  confirmationUrl,
  newOrderShopMail,
  orderApprovedMail,
  orderConfirmationMail,
  orderStepMail,
  trackingUrl,
} from "./order-mails.server";
import type { OrderForm } from "./order-schema";
import type { OrderView } from "./order-types";
import {
  countNewOrders,
  customerView,
  findOrderById,
  holdDays,
  moveOrder,
  type OrderActor,
  type OrderRefusal,
  type PlacedOrder,
  placeOrder,
  type StepDone,
  type StepRequest,
} from "./orders.server";

type OrderContext = Pick<AppContext, "db" | "outbox" | "chatHub" | "env" | "stats">;

/** Tells every admin's dashboard how many orders now wait (a failure only delays the badge). */
export async function announceNewOrders(ctx: Pick<AppContext, "db" | "chatHub">): Promise<void> {
  try {
    ctx.chatHub.publish({ type: "orders", newOrders: await countNewOrders(ctx.db) });
  } catch (error) {
    console.error("Compteur des nouvelles commandes non diffusé", error);
  }
}

/** The shop as an order's e-mails show it, with the first picture of each of the order's pieces. */
export async function shopForMail(db: DB, publicUrl: string, order: Pick<OrderView, "lines">) {
  const row = await db
    .selectFrom("shop_settings")
    .select(["shop_name", "email", "notify_new_order"])
    .where("id", "=", "shop")
    .executeTakeFirst();
  const pieces = order.lines.flatMap((line) => (line.productId ? [line.productId] : []));
  return {
    shopName: row?.shop_name ?? "Nacre",
    publicUrl,
    pictures: await firstPictures(db, pieces),
    email: row?.email ?? "",
    notifyNewOrder: (row?.notify_new_order ?? 1) === 1,
  };
}

export async function submitOrder(
  ctx: OrderContext,
  form: OrderForm,
  userId: string | null,
  now: Date = new Date(),
  clientAddress = "",
  guestBasketId: string | null = null,
): Promise<PlacedOrder | OrderRefusal> {
  const placed = await placeOrder(ctx.db, {
    form,
    userId,
    guestBasketId,
    clientAddress,
    now,
    inTransaction: async (trx, placed) => {
      const order = await findOrderById(trx, placed.id);
      if (!order) return;
      const shop = await shopForMail(trx, ctx.env.PUBLIC_URL, order);
      const days = await holdDays(trx);
      const view = customerView(order);
      const link = trackingUrl(ctx.env.PUBLIC_URL, placed.trackingToken);
      await recordMail(
        trx,
        orderConfirmationMail(
          view,
          shop,
          link,
          days,
          placed.confirmToken ? confirmationUrl(ctx.env.PUBLIC_URL, placed.confirmToken) : null,
        ),
        "confirmation de commande",
      );
      if (shop.notifyNewOrder && shop.email)
        await recordMail(
          trx,
          newOrderShopMail(view, shop, `${ctx.env.PUBLIC_URL}/admin/commandes/${order.id}`),
          "nouvelle commande",
        );
    },
  });
  if (!placed.ok) return placed;
  countEvent(ctx, "order_placed");
  ctx.outbox.nudge();
  await announceNewOrders(ctx);
  return placed;
}

/** One of the admin's steps; the customer is told by e-mail of every change of status. */
export async function applyOrderStep(
  ctx: OrderContext,
  orderId: string,
  request: StepRequest,
  actor: OrderActor,
  now: Date = new Date(),
): Promise<StepDone | OrderRefusal> {
  const done = await moveOrder(ctx.db, orderId, request, actor, now, async (trx, done) => {
    const link = trackingUrl(ctx.env.PUBLIC_URL, done.order.trackingToken);
    if (done.order.status === "payee") {
      // The contract is concluded at payment (CGV article 5): its confirmation on a durable medium,
      // with the CGV of that day and the withdrawal form, replaces the step's e-mail (ADR 029).
      const paidAt = done.order.steps.findLast((step) => step.status === "payee")?.at ?? now.toISOString();
      const { mail, cgv } = await concludeContract(trx, customerView(done.order), {
        publicUrl: ctx.env.PUBLIC_URL,
        orderLink: link,
        paidAt,
        now,
      });
      done.order.cgvVersion = cgv.number;
      await recordMail(trx, mail, "confirmation du contrat");
      return;
    }
    const shop = await shopForMail(trx, ctx.env.PUBLIC_URL, done.order);
    await recordMail(trx, orderStepMail(customerView(done.order), shop, link), "étape de commande");
  });
  if (!done.ok) return done;
  if (done.order.status === "payee" && done.previous !== "payee") countEvent(ctx, "order_paid");
  ctx.outbox.nudge();
  if (done.previous === "nouvelle" || done.order.status === "nouvelle") await announceNewOrders(ctx);
  return done;
}

/** The customer confirmed the order's e-mail address by the link (ADR 022). */
export function confirmOrderByLink(
  ctx: OrderContext,
  token: string,
  now: Date = new Date(),
): Promise<Confirmed | OrderRefusal> {
  return confirmOrder(ctx.db, token, now);
}

/** The seller accepts the units beyond the client's cap; the customer is told by e-mail. */
export async function approveOrderHolds(
  ctx: OrderContext,
  orderId: string,
  now: Date = new Date(),
): Promise<Approved | OrderRefusal> {
  const done = await approveOrder(ctx.db, orderId, now, async (trx, approved) => {
    const shop = await shopForMail(trx, ctx.env.PUBLIC_URL, approved.order);
    await recordMail(
      trx,
      orderApprovedMail(
        customerView(approved.order),
        shop,
        trackingUrl(ctx.env.PUBLIC_URL, approved.order.trackingToken),
      ),
      "validation de commande",
    );
  });
  if (done.ok) ctx.outbox.nudge();
  return done;
}

/** The seller releases an order's holds and blocks its address, in one action (ADR 022). */
export async function releaseOrderAndBlock(
  ctx: OrderContext,
  orderId: string,
  actor: OrderActor,
  now: Date = new Date(),
) {
  const done = await releaseAndBlock(ctx.db, orderId, actor, now);
  if (done.ok) await announceNewOrders(ctx);
  return done;
}
