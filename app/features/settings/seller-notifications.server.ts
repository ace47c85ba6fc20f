/**
 * The seller's e-mails (docs/product.md §10.20): the shop's address hears of a new contact message,
 * a new review awaiting approval and a customer's chat message while no admin is around; each kind
 * has its switch in the settings (a new order's e-mail lives with the orders, order-flow.server.ts,
 * and honours its own switch). The e-mails are recorded in the outbox with the `db` the caller
 * passes, the transaction that stores what the customer did (ADR 025): both commit together, and
 * the caller nudges the outbox worker afterwards. The mail server is never waited for: what the
 * customer did is stored and answered whatever it does.
 *
 * Chat: an admin "is around" while some admin has had the dashboard or the live chat open within
 * the last ten minutes (`shop_settings.admin_seen_at`, written by recordAdminPresence). A customer's
 * message written during an absence e-mails the shop once for that conversation and absence:
 * `chats.admin_notified_at` remembers the e-mail, and only an admin's visit after it (a later
 * admin_seen_at) opens the next absence. The claim is one conditional UPDATE, so two instances
 * handling two messages at once never both send.
 */

import { composeMail } from "~/features/mail/compose-mail.server";
import type { AppContext } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import type { MailMessage } from "~/server/mail.server";
import { recordMail } from "~/server/outbox.server";
import { perDatabase } from "~/server/per-database.server";

/** How long without an admin before a chat message is e-mailed. */
export const ADMIN_ABSENCE_MS = 10 * 60_000;
/** An instance writes the admins' presence at most this often (it only needs minute precision). */
export const PRESENCE_WRITE_EVERY_MS = 60_000;

/** `db` is the caller's transaction: the mail is recorded with what owes it. */
type NotifyContext = Pick<AppContext, "db" | "env">;
type Kind = "contact" | "review" | "chat";

const SWITCH_COLUMNS = {
  contact: "notify_contact",
  review: "notify_review",
  chat: "notify_chat",
} as const;

export interface SellerInbox {
  shopName: string;
  email: string;
}

/** The shop's name and address when e-mails of this kind are on and there is an address to send to. */
export async function sellerInbox(db: DB, kind: Kind): Promise<SellerInbox | null> {
  const column = SWITCH_COLUMNS[kind];
  const row = await db
    .selectFrom("shop_settings")
    .select(["shop_name", "email", column])
    .where("id", "=", "shop")
    .executeTakeFirst();
  // A shop without its settings row yet has every e-mail on (the columns' default) but no address.
  if (!row?.email || row[column] !== 1) return null;
  return { shopName: row.shop_name, email: row.email };
}

/** Why the seller gets this e-mail, and where it is switched off. */
const SETTINGS_NOTE = (publicUrl: string) =>
  ({
    kind: "note",
    lines: [`Ces e-mails se règlent dans les paramètres du tableau de bord : ${publicUrl}/admin/parametres`],
  }) as const;

// --- Contact messages

export function contactMail(
  shop: SellerInbox,
  message: { name: string; email: string; message: string },
  publicUrl: string,
): MailMessage {
  return composeMail({
    to: shop.email,
    subject: `${shop.shopName} — nouveau message de ${message.name}`,
    replyTo: message.email,
    brand: { shopName: shop.shopName, publicUrl },
    title: `Message de ${message.name}`,
    preview: message.message.slice(0, 120),
    blocks: [
      { kind: "text", lines: [`De : ${message.name} <${message.email}>`] },
      { kind: "quote", text: message.message },
      { kind: "note", lines: ["Répondez simplement à cet e-mail pour lui écrire."] },
    ],
  });
}

/**
 * A contact message is being stored: the shop (its details as the caller read them) hears of it
 * unless that e-mail is switched off.
 */
export async function notifyContactMessage(
  ctx: NotifyContext,
  shop: SellerInbox,
  message: { name: string; email: string; message: string },
): Promise<boolean> {
  if (!shop.email || !(await sellerInbox(ctx.db, "contact"))) return false;
  await recordMail(ctx.db, contactMail(shop, message, ctx.env.PUBLIC_URL), "message de contact");
  return true;
}

// --- Reviews

export function reviewMail(
  shop: SellerInbox,
  review: { authorName: string; rating: number; comment: string },
  publicUrl: string,
): MailMessage {
  return composeMail({
    to: shop.email,
    subject: `${shop.shopName} — nouvel avis à valider`,
    brand: { shopName: shop.shopName, publicUrl },
    title: "Un avis attend votre validation",
    preview: `${review.authorName} a laissé un avis : ${review.rating}/5.`,
    blocks: [
      { kind: "text", lines: [`${review.authorName} a laissé un avis : ${review.rating}/5.`] },
      { kind: "quote", text: review.comment },
      {
        kind: "action",
        intro: "Il attend votre validation avant de paraître sur le site :",
        label: "Voir les avis",
        url: `${publicUrl}/admin/avis`,
      },
      SETTINGS_NOTE(publicUrl),
    ],
  });
}

/** A review was created, pending: the shop hears of it unless that e-mail is switched off. */
export async function notifyReviewAwaiting(
  ctx: NotifyContext,
  review: { authorName: string; rating: number; comment: string },
): Promise<boolean> {
  const shop = await sellerInbox(ctx.db, "review");
  if (!shop) return false;
  await recordMail(ctx.db, reviewMail(shop, review, ctx.env.PUBLIC_URL), "avis à valider");
  return true;
}

// --- Chat messages while no admin is around

/**
 * Records that an admin has the dashboard (or the live chat) open. Each instance writes at most
 * once per `everyMs`, and never moves the time backwards (another instance may have written a
 * later one), so the pages and the stream's heartbeat can call it freely.
 */
export function createPresenceRecorder(everyMs = PRESENCE_WRITE_EVERY_MS) {
  let lastWrite = Number.NEGATIVE_INFINITY;
  return async function recordAdminPresence(db: DB, now: Date = new Date()): Promise<void> {
    const time = now.getTime();
    if (time >= lastWrite && time - lastWrite < everyMs) return;
    lastWrite = time;
    const at = now.toISOString();
    try {
      await db
        .updateTable("shop_settings")
        .set({ admin_seen_at: at })
        .where("id", "=", "shop")
        .where((eb) => eb.or([eb("admin_seen_at", "is", null), eb("admin_seen_at", "<", at)]))
        .execute();
    } catch (error) {
      lastWrite = Number.NEGATIVE_INFINITY;
      console.error("Présence de l'administration non enregistrée", error);
    }
  };
}

/** The instance's recorder: the dashboard's layout and the admins' chat stream call it. */
const presenceRecorderOf = perDatabase(() => createPresenceRecorder());
export const recordAdminPresence = (db: DB) => presenceRecorderOf(db)(db);

/**
 * The dashboard's layout: an admin reading a page is around. Not when its loader runs inside a
 * form post sent without JavaScript (React Router then runs the page's loaders in the same request,
 * with the post's headers): a refused post changes nothing in the database, not even this, and
 * the page read that follows any real use records the visit anyway.
 */
export function recordAdminVisit(db: DB, request: Request): Promise<void> {
  if (request.method !== "GET" || request.headers.has("content-type")) return Promise.resolve();
  return recordAdminPresence(db);
}

export function chatMail(
  shop: SellerInbox,
  message: { customerName: string; content: string },
  publicUrl: string,
): MailMessage {
  return composeMail({
    to: shop.email,
    subject: `${shop.shopName} — ${message.customerName} vous a écrit sur le chat`,
    brand: { shopName: shop.shopName, publicUrl },
    title: `${message.customerName} vous a écrit`,
    preview: message.content.slice(0, 120),
    blocks: [
      {
        kind: "text",
        lines: [
          `${message.customerName} vous a écrit sur le chat de la boutique, et personne n'a ouvert le tableau de bord depuis plus de 10 minutes :`,
        ],
      },
      { kind: "quote", text: message.content },
      {
        kind: "action",
        intro: "Répondre dans le tableau de bord, rubrique Messages :",
        label: "Ouvrir les messages",
        url: `${publicUrl}/admin/messages`,
      },
      {
        kind: "note",
        lines: [
          "Les messages suivants de cette conversation ne seront pas envoyés par e-mail avant votre prochain passage dans le tableau de bord.",
        ],
      },
      SETTINGS_NOTE(publicUrl),
    ],
  });
}

/**
 * A customer wrote in their conversation: when chat e-mails are on and no admin has been around for
 * ten minutes, the shop gets one e-mail for this conversation and absence. Returns whether it was
 * recorded.
 */
export async function notifyChatMessage(
  ctx: NotifyContext,
  message: { chatId: string; customerName: string; content: string },
  now: Date = new Date(),
): Promise<boolean> {
  const shop = await sellerInbox(ctx.db, "chat");
  if (!shop) return false;
  const at = now.toISOString();
  const absentSince = new Date(now.getTime() - ADMIN_ABSENCE_MS).toISOString();
  const seenAt = ctx.db.selectFrom("shop_settings").select("admin_seen_at").where("id", "=", "shop");
  // One statement decides and records: no admin around for ten minutes, and no e-mail yet for
  // this conversation since an admin was last around. A second instance racing on the same
  // conversation finds admin_notified_at already set (PostgreSQL re-checks the row it waited
  // for; SQLite runs one write at a time) and sends nothing.
  const claimed = await ctx.db
    .updateTable("chats")
    .set({ admin_notified_at: at })
    .where("id", "=", message.chatId)
    .where((eb) => eb.or([eb(seenAt, "is", null), eb(seenAt, "<=", absentSince)]))
    .where((eb) => eb.or([eb("admin_notified_at", "is", null), eb("admin_notified_at", "<", seenAt)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  await recordMail(ctx.db, chatMail(shop, message, ctx.env.PUBLIC_URL), "message du chat");
  return true;
}
