/**
 * 'Supprimer mon compte' (docs/product.md §10.21): the customer proves it is them with their current
 * password, checked here against the stored hash, then the account goes by the one deletion path
 * (deleteCustomerAccount: paid orders kept anonymised, the rest deleted, the avatar with it).
 * Attempts are limited per account, so the form cannot be used to guess a password.
 */
import { parseForm } from "~/lib/form";
import type { AppContext } from "~/server/context.server";
import { createRateLimiter, type RateLimitRule } from "~/server/rate-limit.server";
import { CLOSING_MESSAGES, closeAccountSchema } from "./account-closing-schema";
import { deleteCustomerAccount } from "./account-deletion.server";

export const ACCOUNT_CLOSING_LIMIT: RateLimitRule = {
  scope: "suppression-compte",
  max: 5,
  windowMs: 15 * 60_000,
};

export type ClosingOutcome = { ok: true } | { ok: false; status: number; error: string };

/** True when `password` is the account's own (e-mail and password sign-in, Better Auth's hash). */
export async function passwordIsCorrect(ctx: AppContext, userId: string, password: string): Promise<boolean> {
  const account = await ctx.db
    .selectFrom("accounts")
    .select("password")
    .where("user_id", "=", userId)
    .where("provider_id", "=", "credential")
    .executeTakeFirst();
  if (!account?.password) return false;
  return (await ctx.auth.$context).password.verify({ hash: account.password, password });
}

/** The signed-in customer's own account only: `userId` is the session's, never a form field. */
export async function closeOwnAccount(
  ctx: AppContext,
  userId: string,
  form: FormData,
): Promise<ClosingOutcome> {
  if (!(await createRateLimiter(ctx.db, ACCOUNT_CLOSING_LIMIT).attempt(userId))) {
    return { ok: false, status: 429, error: CLOSING_MESSAGES.tooMany };
  }
  const parsed = parseForm(closeAccountSchema, form);
  if (!parsed.ok) return { ok: false, status: 400, error: parsed.firstError };
  if (!(await passwordIsCorrect(ctx, userId, parsed.data.password))) {
    return { ok: false, status: 400, error: CLOSING_MESSAGES.wrongPassword };
  }
  const deleted = await deleteCustomerAccount(ctx, userId);
  return deleted.ok ? { ok: true } : { ok: false, status: deleted.status, error: deleted.error };
}
