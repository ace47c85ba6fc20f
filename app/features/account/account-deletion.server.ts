/**
 * The one way an account is deleted (docs/product.md §10.21, ADR 017), whoever asks: the customer
 * from /mon-compte, an admin from the user manager, or the inactivity job. Everything attached to
 * the account goes with it in one transaction; what the law requires the business to keep (paid
 * orders, the accounting records) stays, anonymised and detached from the account. Files follow
 * after the commit: the avatar answers 404 at once.
 */

import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { deleteSubscriptionOf } from "~/features/alerts/alerts.server";
import { announceNewOrders } from "~/features/orders/order-flow.server";
import type { AppContext } from "~/server/context.server";
import type { Database } from "~/server/db-schema.server";
import type { ImageStorage } from "~/server/images.server";
import { lockingRows } from "../../../db/dialect";
import { deleteAvatarIfUnused } from "./profile.server";

/** What a kept order says of its customer once the account is deleted. */
export const DELETED_CUSTOMER_NAME = "Client supprimé";

/**
 * The account's orders: those that were paid are accounting records the shop must keep (ten years,
 * docs/product.md §10.21), so they keep only what that record needs (ADR 023): number, dates,
 * lines, prices, total, delivery method and the agenda event of a pickup, and the steps with their
 * dates. Everything that names, locates or reaches the customer goes: name, e-mail, phone, street,
 * postal code and city, message, the seller's note, the payment link and the tracking number (on the
 * order and in its steps), and the private link, replaced by a fresh token nobody holds. Orders never
 * paid are deleted: their pieces' holds end with them.
 */
async function settleOrders(trx: Transaction<Database>, userId: string): Promise<{ deletedOpen: boolean }> {
  const orders = await trx
    .selectFrom("orders as o")
    .select([
      "o.id",
      "o.status",
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom("order_events as e")
              .select(eb.lit(1).as("one"))
              .whereRef("e.order_id", "=", "o.id")
              .where("e.status", "=", "payee"),
          )
          .as("was_paid"),
    ])
    .where("o.user_id", "=", userId)
    .execute();
  const kept = orders.filter((order) => Boolean(order.was_paid)).map((order) => order.id);
  const dropped = orders.filter((order) => !order.was_paid).map((order) => order.id);
  if (dropped.length) await trx.deleteFrom("orders").where("id", "in", dropped).execute();
  for (const id of kept) {
    await trx
      .updateTable("orders")
      .set({
        user_id: null,
        customer_name: DELETED_CUSTOMER_NAME,
        email: "",
        phone: "",
        address_line: "",
        postal_code: "",
        city: "",
        message: "",
        internal_note: "",
        payment_url: null,
        tracking_number: null,
        tracking_token: crypto.randomBytes(32).toString("base64url"),
        // What counted the client's holds (ADR 022) names or reaches them too.
        email_key: "",
        client_address: "",
        confirm_token_hash: null,
      })
      .where("id", "=", id)
      .execute();
  }
  // A step's detail is the payment link or the tracking number it gave.
  if (kept.length)
    await trx.updateTable("order_events").set({ detail: "" }).where("order_id", "in", kept).execute();
  // A withdrawal keeps its dates, pieces and refund (the accounting record); not who declared it,
  // where the acknowledgement went, nor the reason they gave (docs/product.md §10.24).
  if (kept.length)
    await trx
      .updateTable("order_withdrawals")
      .set({ customer_name: DELETED_CUSTOMER_NAME, email: "", reason: "" })
      .where("order_id", "in", kept)
      .execute();
  return { deletedOpen: orders.some((order) => !order.was_paid && order.status === "nouvelle") };
}

/** Everything a user owns, then the user: orders settled, chats and messages, review, basket, favourites, auth. */
export async function deleteUserData(
  trx: Transaction<Database>,
  user: { id: string; email: string },
): Promise<{ deletedOpen: boolean }> {
  const settled = await settleOrders(trx, user.id);
  const ownChats = trx.selectFrom("chats").select("id").where("user_id", "=", user.id);
  await trx
    .deleteFrom("chat_messages")
    .where((eb) => eb.or([eb("sender_id", "=", user.id), eb("chat_id", "in", ownChats)]))
    .execute();
  await trx.deleteFrom("chats").where("user_id", "=", user.id).execute();
  // Customers' conversations this admin answered stay theirs: they are only unassigned.
  await trx.updateTable("chats").set({ admin_id: null }).where("admin_id", "=", user.id).execute();
  await trx.deleteFrom("reviews").where("user_id", "=", user.id).execute();
  await trx.deleteFrom("cart_items").where("user_id", "=", user.id).execute();
  await trx.deleteFrom("user_favorites").where("user_id", "=", user.id).execute();
  await trx.deleteFrom("contact_messages").where("user_id", "=", user.id).execute();
  await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
  await trx.deleteFrom("accounts").where("user_id", "=", user.id).execute();
  // Pending password resets and e-mail verifications name the user by id or e-mail.
  await trx
    .deleteFrom("verifications")
    .where((eb) => eb.or([eb("value", "=", user.id), eb("identifier", "=", user.email)]))
    .execute();
  // The « Nouvelles créations » subscription of the account's address (docs/product.md §10.30).
  await deleteSubscriptionOf(trx, user.email);
  await trx.deleteFrom("users").where("id", "=", user.id).execute();
  return settled;
}

/**
 * After the commit: the account's open chat streams end (on every instance), then the avatar's
 * files go, and the dashboard's count follows if a new order went with the account.
 */
export async function afterAccountDeleted(
  ctx: ImageStorage & Pick<AppContext, "db" | "chatHub">,
  gone: { userId: string; avatar: string | null; deletedOpen: boolean },
): Promise<void> {
  await ctx.chatHub.revoke({ userId: gone.userId });
  if (gone.avatar) await deleteAvatarIfUnused(ctx, gone.avatar);
  if (gone.deletedOpen) await announceNewOrders(ctx);
}

export type AccountDeletion = { ok: true } | { ok: false; status: 404 | 409; error: string };

export const ACCOUNT_DELETION_MESSAGES = {
  notFound: "Ce compte n'existe pas.",
  admin: "Un compte administrateur ne peut pas être supprimé ainsi.",
  changed: "Ce compte a changé entre-temps : il n'a pas été supprimé.",
} as const;

/** What `onlyIf` sees of the account, read under the row's lock. */
export type DeletionCheck = {
  created_at: string;
  last_active_at: string | null;
  inactivity_warned_at: string | null;
};

/**
 * Deletes a customer account (the customer's own request, or the inactivity job). Admin accounts
 * are never deleted this way: the user manager, with its last-admin rule, is their only path.
 */
export async function deleteCustomerAccount(
  ctx: ImageStorage & Pick<AppContext, "db" | "chatHub">,
  userId: string,
  /** Checked on the locked row: the inactivity job spares an account that signed in meanwhile. */
  onlyIf?: (account: DeletionCheck) => boolean,
): Promise<AccountDeletion> {
  const gone = { userId, avatar: null as string | null, deletedOpen: false };
  const result = await ctx.db.transaction().execute(async (trx): Promise<AccountDeletion> => {
    const user = await lockingRows(
      trx,
      trx
        .selectFrom("users")
        .select(["id", "email", "role", "image", "created_at", "last_active_at", "inactivity_warned_at"])
        .where("id", "=", userId),
    ).executeTakeFirst();
    if (!user) return { ok: false, status: 404, error: ACCOUNT_DELETION_MESSAGES.notFound };
    if (user.role === "admin") return { ok: false, status: 409, error: ACCOUNT_DELETION_MESSAGES.admin };
    if (onlyIf && !onlyIf(user)) return { ok: false, status: 409, error: ACCOUNT_DELETION_MESSAGES.changed };
    gone.deletedOpen = (await deleteUserData(trx, user)).deletedOpen;
    gone.avatar = user.image;
    return { ok: true };
  });
  if (result.ok) await afterAccountDeleted(ctx, gone);
  return result;
}
