/**
 * Inactive customer accounts (docs/product.md §10.21, ADR 017): the privacy policy promises that an
 * account unused for `shop_settings.inactivity_months` months (36 by default) is deleted. A daily
 * pass e-mails the customer 30 days before, then deletes the account through the one deletion path
 * (account-deletion.server.ts). An account is counted from its last activity (last-activity.server.ts),
 * or from its creation when none was ever seen. Admin accounts are never warned nor deleted.
 *
 * Nobody is deleted without a warning recorded at least 30 days before (in the outbox, with the
 * mark, ADR 025; a warning that could not be delivered shows on the dashboard), while the account was already
 * within 30 days of the limit in force: a warning sent before a later activity, or under a shorter
 * limit since raised, no longer counts and a new one is sent. Each pass handles at most a batch of
 * accounts, the oldest first, so it stays short; the next day's pass goes on.
 */

import { purgeGuestBaskets } from "~/features/basket/guest-basket.server";
import { composeMail } from "~/features/mail/compose-mail.server";
import { greetingFor } from "~/features/mail/mail-template";
import { purgeOldStatistics } from "~/features/stats/stats-report.server";
import { dayMonthYear } from "~/lib/dates";
import type { AppContext } from "~/server/context.server";
import { tryWithDatabaseLock } from "~/server/database.server";
import type { ImageStorage } from "~/server/images.server";
import type { MailMessage } from "~/server/mail.server";
import { recordMail } from "~/server/outbox.server";
import { type DeletionCheck, deleteCustomerAccount } from "./account-deletion.server";

export const DEFAULT_INACTIVITY_MONTHS = 36;
/** Days between the warning e-mail and the deletion. */
export const INACTIVITY_NOTICE_DAYS = 30;
/** Accounts warned or deleted in one pass at most. */
export const INACTIVITY_BATCH = 200;
export const INACTIVITY_PASS_EVERY_MS = 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export type InactivityContext = ImageStorage & Pick<AppContext, "db" | "chatHub" | "outbox" | "env" | "pool">;

export interface InactivityReport {
  warned: number;
  deleted: number;
  /** Accounts left for the next pass: a mail not sent, a deletion that failed. */
  failed: number;
}

/** `date` moved by whole calendar months (UTC), the day kept or clamped to the month's last day. */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** Accounts whose reference time is before this, at `at`, are within 30 days of the limit. */
function warningThreshold(at: Date, months: number): Date {
  return new Date(addMonths(at, -months).getTime() + INACTIVITY_NOTICE_DAYS * DAY_MS);
}

/** When the account is counted from: its last activity, or its creation. */
function referenceOf(account: DeletionCheck): string {
  return account.last_active_at ?? account.created_at;
}

/**
 * A warning counts when it was sent after the account's last activity, while the account was
 * already within 30 days of the limit in force (a limit raised since makes it too early).
 */
function warningCounts(account: DeletionCheck, months: number): boolean {
  const warnedAt = account.inactivity_warned_at;
  if (!warnedAt) return false;
  const reference = referenceOf(account);
  return warnedAt >= reference && reference < warningThreshold(new Date(warnedAt), months).toISOString();
}

/** Warned (and the warning counts) at least 30 days ago, and past the limit: the account may go. */
function dueForDeletion(account: DeletionCheck, months: number, now: Date): boolean {
  return (
    warningCounts(account, months) &&
    new Date(account.inactivity_warned_at ?? "").getTime() <=
      now.getTime() - INACTIVITY_NOTICE_DAYS * DAY_MS &&
    referenceOf(account) < addMonths(now, -months).toISOString()
  );
}

export async function inactivityMonths(db: AppContext["db"]): Promise<number> {
  const row = await db
    .selectFrom("shop_settings")
    .select("inactivity_months")
    .where("id", "=", "shop")
    .executeTakeFirst();
  const months = Number(row?.inactivity_months);
  return Number.isInteger(months) && months > 0 ? months : DEFAULT_INACTIVITY_MONTHS;
}

/** "3 ans", "18 mois": the limit as the privacy policy would say it. */
export function inactivityDuration(months: number): string {
  if (months % 12 !== 0) return `${months} mois`;
  const years = months / 12;
  return `${years} an${years > 1 ? "s" : ""}`;
}

export function inactivityWarningMail(
  account: { email: string; name: string },
  details: { shopName: string; months: number; deletionDate: Date; publicUrl: string },
): MailMessage {
  const { shopName, months, deletionDate, publicUrl } = details;
  const date = dayMonthYear(deletionDate.toISOString());
  return composeMail({
    to: account.email,
    subject: `${shopName} — votre compte sera supprimé le ${date} sans connexion d'ici là`,
    brand: { shopName, publicUrl },
    title: "Votre compte sera bientôt supprimé",
    preview: `Sans connexion de votre part, votre compte sera supprimé le ${date}.`,
    greeting: greetingFor(account.name),
    blocks: [
      {
        kind: "text",
        lines: [
          `Votre compte ${shopName} n'a pas été utilisé depuis longtemps. Comme l'annonce notre politique de confidentialité, un compte inutilisé pendant ${inactivityDuration(months)} est supprimé, avec ce qui lui est attaché (profil, panier, favoris, avis, messages du chat).`,
        ],
      },
      {
        kind: "text",
        lines: [`Sans connexion de votre part d'ici là, votre compte sera supprimé le ${date}.`],
      },
      {
        kind: "action",
        intro: "Pour le garder, il suffit de vous connecter :",
        label: "Me connecter",
        url: `${publicUrl}/auth`,
      },
      {
        kind: "action",
        intro: "Mot de passe oublié ? Choisissez-en un nouveau :",
        label: "Choisir un nouveau mot de passe",
        url: `${publicUrl}/auth?vue=oubli`,
      },
      {
        kind: "text",
        lines: [
          `Vous pouvez aussi, avant cette date, récupérer une copie de vos données : dans votre espace client (${publicUrl}/mon-compte), bouton « Télécharger mes données ».`,
        ],
      },
      {
        kind: "note",
        lines: ["Les commandes payées sont conservées le temps que la loi l'impose, sans vos coordonnées."],
      },
    ],
    signature: `Ia ora na, à bientôt sur ${shopName}.`,
  });
}

/** What went wrong, without the message (it may quote an address or a query's values). */
function errorKind(error: unknown): string {
  if (!error || typeof error !== "object") return "erreur";
  const { code, name } = error as { code?: unknown; name?: unknown };
  return String(code ?? name ?? "erreur");
}

/**
 * One pass at `now`: warns the customers whose account reaches the limit within 30 days, deletes
 * those warned at least 30 days ago and still inactive. The warning e-mail is sent before the
 * account is marked warned: a mail that could not leave is tried again at the next pass, and the
 * 30 days count from a warning that was sent.
 */
export async function runInactivityPass(
  ctx: InactivityContext,
  now: Date = new Date(),
  batch = INACTIVITY_BATCH,
): Promise<InactivityReport> {
  const report: InactivityReport = { warned: 0, deleted: 0, failed: 0 };
  const months = await inactivityMonths(ctx.db);
  const settings = await ctx.db
    .selectFrom("shop_settings")
    .select("shop_name")
    .where("id", "=", "shop")
    .executeTakeFirst();
  const shopName = settings?.shop_name || "Nacre";
  const warnBefore = warningThreshold(now, months).toISOString();
  const noticeStart = new Date(now.getTime() - INACTIVITY_NOTICE_DAYS * DAY_MS).toISOString();

  const accounts = await ctx.db
    .selectFrom("users")
    .select(["id", "email", "name", "created_at", "last_active_at", "inactivity_warned_at"])
    .where((eb) => eb.or([eb("role", "is", null), eb("role", "!=", "admin")]))
    .where((eb) => eb(eb.fn.coalesce("last_active_at", "created_at"), "<", warnBefore))
    // Warned within the last 30 days, after the last activity: waiting, nothing to do yet. Left
    // out here so that they never fill a batch while others wait for their warning.
    .where((eb) =>
      eb.not(
        eb.and([
          eb("inactivity_warned_at", "is not", null),
          eb("inactivity_warned_at", ">", noticeStart),
          eb("inactivity_warned_at", ">=", eb.fn.coalesce("last_active_at", "created_at")),
        ]),
      ),
    )
    .orderBy((eb) => eb.fn.coalesce("last_active_at", "created_at"))
    .orderBy("id")
    .limit(batch)
    .execute();

  for (const account of accounts) {
    try {
      if (warningCounts(account, months)) {
        // Warned already: the account goes once the 30 days are over, never warned twice.
        if (!dueForDeletion(account, months, now)) continue;
        // Checked again on the locked row: a sign-in since the query spares the account.
        const result = await deleteCustomerAccount(ctx, account.id, (row) =>
          dueForDeletion(row, months, now),
        );
        if (result.ok) report.deleted++;
        else if (result.status !== 404) report.failed++;
        continue;
      }
      const reference = referenceOf(account);
      const deletionDate = new Date(
        Math.max(
          addMonths(new Date(reference), months).getTime(),
          now.getTime() + INACTIVITY_NOTICE_DAYS * DAY_MS,
        ),
      );
      // The warning is recorded in the outbox in the same transaction as the mark (ADR 025), and
      // only if nothing moved meanwhile: an activity since the query keeps its cleared warning.
      const marked = await ctx.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("users")
          .set({ inactivity_warned_at: now.toISOString() })
          .where("id", "=", account.id)
          .where((eb) =>
            account.last_active_at === null
              ? eb("last_active_at", "is", null)
              : eb("last_active_at", "=", account.last_active_at),
          )
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await recordMail(
          trx,
          inactivityWarningMail(account, { shopName, months, deletionDate, publicUrl: ctx.env.PUBLIC_URL }),
          "compte inactif",
        );
        return true;
      });
      if (!marked) continue;
      ctx.outbox.nudge();
      report.warned++;
    } catch (error) {
      report.failed++;
      console.error(`[comptes inactifs] compte laissé au prochain passage : ${errorKind(error)}`);
    }
  }
  return report;
}

/**
 * Passes while the server runs — the inactive accounts, then the guest baskets left 30 days: the
 * first shortly after start (`firstPassMs`, never delaying the start), then once a day; each first
 * deletes the audience figures older than 25 months (ADR 034). On PostgreSQL the instances sharing the database take turns: a pass
 * runs where it takes the database lock, and is skipped where another instance holds it.
 */
export function startInactivitySchedule(
  ctx: InactivityContext,
  options: { firstPassMs?: number; everyMs?: number } = {},
): () => void {
  const firstPassMs = options.firstPassMs ?? ctx.env.INACTIVITY_FIRST_PASS_SECONDS * 1000;
  let running = false;
  let stopped = false;
  const pass = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const outcome = await tryWithDatabaseLock(ctx, "comptes-inactifs", async () => {
        // The audience figures older than 25 months go with the same daily pass (ADR 034).
        await purgeOldStatistics(ctx.db).catch((error) =>
          console.error(`[statistiques] purge impossible : ${errorKind(error)}`),
        );
        return {
          accounts: await runInactivityPass(ctx),
          // Guest baskets left 30 days go in the same daily pass (docs/product.md §10.2, ADR 032).
          guestBaskets: await purgeGuestBaskets(ctx.db),
        };
      });
      if (!outcome.taken) return;
      const { warned, deleted, failed } = outcome.value.accounts;
      if (warned || deleted || failed) {
        console.info(
          `Comptes inactifs : ${warned} prévenu(s), ${deleted} supprimé(s)${failed ? `, ${failed} remis au prochain passage` : ""}`,
        );
      }
      if (outcome.value.guestBaskets)
        console.info(`Paniers d'invités de plus de 30 jours supprimés : ${outcome.value.guestBaskets}`);
    } catch (error) {
      console.error(`[comptes inactifs] passage impossible : ${errorKind(error)}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(pass, firstPassMs);
  const every = setInterval(pass, options.everyMs ?? INACTIVITY_PASS_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
}
