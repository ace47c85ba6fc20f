/**
 * « Nouvelles créations » subscriptions (docs/product.md §10.30, ADR 033): the request, which records
 * the consent and e-mails a confirmation link (double opt-in); the confirmation, which starts the
 * subscription and sends a welcome mail; the unsubscription, from the link or the one-click header
 * of every list mail (RFC 8058); and what the privacy export, the account deletion and the data
 * lifecycle (ADR 017) do with them.
 *
 * Tokens: the confirmation link's token is e-mailed once and only its SHA-256 is stored, like an
 * order's confirmation token. The unsubscription token is the subscription's id with an HMAC of it
 * under AUTH_SECRET: every list mail carries it, the digest composes it without storing anything, and
 * a leaked database gives nobody a working link.
 */
import crypto from "node:crypto";
import { composeMail } from "~/features/mail/compose-mail.server";
import type { AppContext } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import { newId } from "~/server/ids.server";
import type { MailMessage } from "~/server/mail.server";
import { recordMail } from "~/server/outbox.server";
import { ALERT_CONSENT_TEXT, ALERT_CONSENT_VERSION } from "./alert-messages";

/** How long a confirmation link works; an unconfirmed request is deleted after it. */
export const CONFIRMATION_DAYS = 7;
const DAY_MS = 86_400_000;

export type AlertContext = Pick<AppContext, "db" | "env" | "outbox">;
export interface AlertShop {
  shopName: string;
  /** The shop's address: the mailto of List-Unsubscribe when set. */
  email: string;
}

/** The shop's name and address as its mails show them (read here: settings depend on the catalogue). */
export async function alertShop(db: DB): Promise<AlertShop> {
  const row = await db
    .selectFrom("shop_settings")
    .select(["shop_name", "email"])
    .where("id", "=", "shop")
    .executeTakeFirst();
  return { shopName: row?.shop_name || "Nacre", email: row?.email ?? "" };
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function tokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function unsubscribeSignature(secret: string, id: string): string {
  return crypto.createHmac("sha256", secret).update(`alertes-desinscription:${id}`).digest("base64url");
}

/** The token of a subscription's unsubscription link: its id, a dot, an HMAC of the id. */
export function unsubscribeToken(secret: string, id: string): string {
  return `${id}.${unsubscribeSignature(secret, id)}`;
}

/** The subscription id a genuine unsubscription token names, or null. */
export function subscriptionOfToken(secret: string, token: string): string | null {
  const match = /^([a-z0-9]{1,32})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(unsubscribeSignature(secret, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? id : null;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/alertes/desinscription/${token}`;
}

/**
 * The header fields of every list mail: where to unsubscribe (RFC 2369), by a link and, when the
 * shop has an address, by mail; and that a POST to the link is enough (RFC 8058), which mail apps
 * show as an « unsubscribe » button.
 */
export function listHeaders(url: string, shopEmail: string): Record<string, string> {
  const mailto = shopEmail ? `, <mailto:${shopEmail}?subject=${encodeURIComponent("Désinscription")}>` : "";
  return {
    "List-Unsubscribe": `<${url}>${mailto}`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export function parseCategories(json: string | null): string[] {
  try {
    const value = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export class UnknownCategoryError extends Error {}

/**
 * A visitor asked for alerts: the request (categories, consent) is recorded with a fresh
 * confirmation link, and the confirmation mail in the same transaction (ADR 025). The same whether
 * the address was unknown, pending or already confirmed (a confirmed one keeps its subscription
 * until the new link is followed): the answer never tells which.
 */
export async function requestSubscription(
  ctx: AlertContext,
  shop: AlertShop,
  input: { email: string; categories: readonly string[] },
  now: Date = new Date(),
): Promise<void> {
  const email = emailKey(input.email);
  const categories = [...new Set(input.categories)].sort();
  const token = crypto.randomBytes(32).toString("base64url");
  const at = now.toISOString();
  const expires = new Date(now.getTime() + CONFIRMATION_DAYS * DAY_MS).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (categories.length > 0) {
      const found = await trx.selectFrom("categories").select("id").where("id", "in", categories).execute();
      if (found.length !== categories.length) throw new UnknownCategoryError();
    }
    const pending = {
      pending_token_hash: tokenHash(token),
      pending_categories: JSON.stringify(categories),
      pending_expires_at: expires,
      consent_text: ALERT_CONSENT_TEXT,
      consent_version: ALERT_CONSENT_VERSION,
      consent_at: at,
    };
    await trx
      .insertInto("alert_subscriptions")
      .values({ id: newId(), email, categories: "[]", confirmed_at: null, created_at: at, ...pending })
      .onConflict((oc) => oc.column("email").doUpdateSet(pending))
      .execute();
    await recordMail(trx, confirmationMail(ctx, shop, email, token), "alerte confirmation", now);
  });
  ctx.outbox.nudge();
}

function confirmationMail(ctx: AlertContext, shop: AlertShop, email: string, token: string): MailMessage {
  const publicUrl = ctx.env.PUBLIC_URL;
  return composeMail({
    to: email,
    subject: `Confirmez votre inscription aux nouvelles créations — ${shop.shopName}`,
    brand: { shopName: shop.shopName, publicUrl },
    title: "Confirmez votre inscription",
    preview: "Un clic pour recevoir nos nouvelles créations.",
    greeting: "Bonjour,",
    blocks: [
      {
        kind: "text",
        lines: [
          `Vous avez demandé à être prévenu(e) des nouvelles créations de ${shop.shopName}.`,
          `Pour valider cette inscription, ouvrez le lien ci-dessous dans les ${CONFIRMATION_DAYS} jours.`,
        ],
      },
      {
        kind: "action",
        intro: "Confirmer mon inscription :",
        label: "Confirmer mon inscription",
        url: `${publicUrl}/alertes/confirmer/${token}`,
      },
      {
        kind: "note",
        lines: [
          "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : sans confirmation, votre adresse est effacée sous 7 jours et vous ne recevrez rien.",
        ],
      },
    ],
  });
}

/** Whether a confirmation token is one waiting and still valid (the GET page shows its button or not). */
export async function confirmationIsValid(db: DB, token: string, now: Date = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const row = await db
    .selectFrom("alert_subscriptions")
    .select("id")
    .where("pending_token_hash", "=", tokenHash(token))
    .where("pending_expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The confirmation link was followed and its button pressed: the subscription starts (or takes the
 * new categories), with the date of confirmation recorded, and the welcome mail goes with it. One
 * atomic update: two presses confirm once.
 */
export async function confirmSubscription(
  ctx: AlertContext,
  shop: AlertShop,
  token: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const at = now.toISOString();
  const confirmed = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("alert_subscriptions")
      .set((eb) => ({
        confirmed_at: at,
        categories: eb.fn.coalesce("pending_categories", eb.val("[]")),
        pending_token_hash: null,
        pending_categories: null,
        pending_expires_at: null,
      }))
      .where("pending_token_hash", "=", tokenHash(token))
      .where("pending_expires_at", ">", at)
      .returning(["id", "email"])
      .executeTakeFirst();
    if (!row) return false;
    await recordMail(trx, welcomeMail(ctx, shop, row), "alerte bienvenue", now);
    return true;
  });
  if (confirmed) ctx.outbox.nudge();
  return confirmed;
}

function welcomeMail(ctx: AlertContext, shop: AlertShop, row: { id: string; email: string }): MailMessage {
  const publicUrl = ctx.env.PUBLIC_URL;
  const url = unsubscribeUrl(publicUrl, unsubscribeToken(ctx.env.AUTH_SECRET, row.id));
  return {
    ...composeMail({
      to: row.email,
      subject: `Bienvenue : vous serez prévenu(e) de nos nouvelles créations — ${shop.shopName}`,
      brand: { shopName: shop.shopName, publicUrl },
      title: "Inscription confirmée",
      greeting: "Bonjour,",
      blocks: [
        {
          kind: "text",
          lines: [
            "Votre inscription est confirmée.",
            "Quand de nouvelles pièces arriveront en boutique, vous recevrez un e-mail, au plus un par jour.",
          ],
        },
        unsubscribeBlock(url),
      ],
      signature: `À bientôt sur ${shop.shopName}.`,
    }),
    headers: listHeaders(url, shop.email),
  };
}

/** The visible unsubscription link of every list mail (works without signing in). */
export function unsubscribeBlock(url: string) {
  return {
    kind: "action" as const,
    intro: "Vous ne souhaitez plus recevoir ces e-mails ? Désinscrivez-vous en un clic :",
    label: "Se désinscrire",
    url,
  };
}

/**
 * Ends the subscription a genuine unsubscription token names. True for a genuine token even when
 * the subscription is already gone (a second click, a mail app's POST after the visitor's): the
 * answer is the same.
 */
export async function unsubscribe(ctx: Pick<AppContext, "db" | "env">, token: string): Promise<boolean> {
  const id = subscriptionOfToken(ctx.env.AUTH_SECRET, token);
  if (!id) return false;
  await ctx.db.deleteFrom("alert_subscriptions").where("id", "=", id).execute();
  return true;
}

/**
 * The data lifecycle of subscriptions (ADR 017, docs/product.md §10.21): a request never confirmed is
 * deleted once its link expires (a confirmed subscriber's unconfirmed change is dropped); a
 * subscriber who has not renewed their consent (subscribed again and confirmed) for the shop's
 * inactivity limit is deleted — prospects are kept three years from their last act at most (CNIL).
 */
export async function purgeSubscriptions(db: DB, now: Date, inactivityMonths: number): Promise<number> {
  const at = now.toISOString();
  const unconfirmed = await db
    .deleteFrom("alert_subscriptions")
    .where("confirmed_at", "is", null)
    .where("pending_expires_at", "<=", at)
    .executeTakeFirst();
  await db
    .updateTable("alert_subscriptions")
    .set({ pending_token_hash: null, pending_categories: null, pending_expires_at: null })
    .where("confirmed_at", "is not", null)
    .where("pending_expires_at", "<=", at)
    .execute();
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - inactivityMonths);
  const stale = await db
    .deleteFrom("alert_subscriptions")
    .where("confirmed_at", "is not", null)
    .where("confirmed_at", "<", limit.toISOString())
    .executeTakeFirst();
  return Number(unconfirmed.numDeletedRows) + Number(stale.numDeletedRows);
}

/** The subscription of an address, as the privacy export shows it (RGPD art. 15, 20). */
export async function subscriptionForExport(db: DB, email: string) {
  const row = await db
    .selectFrom("alert_subscriptions")
    .select([
      "email",
      "categories",
      "confirmed_at",
      "consent_text",
      "consent_version",
      "consent_at",
      "created_at",
    ])
    .where("email", "=", emailKey(email))
    .executeTakeFirst();
  if (!row) return null;
  return {
    email: row.email,
    categories: parseCategories(row.categories),
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    consent: { text: row.consent_text, version: row.consent_version, givenAt: row.consent_at },
  };
}

/** Account deletion (ADR 017): the subscription of the account's address goes with it. */
export async function deleteSubscriptionOf(db: DB, email: string): Promise<void> {
  await db.deleteFrom("alert_subscriptions").where("email", "=", emailKey(email)).execute();
}

/** The categories a visitor may choose from (the catalogue's), by name. */
export async function alertCategories(db: DB): Promise<{ id: string; name: string }[]> {
  return db.selectFrom("categories").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}
