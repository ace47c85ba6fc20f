/**
 * The shop's own rules inside Better Auth (docs/security.md, "Comptes"):
 * - a name follows the profile form's rules and the avatar is never set through Better Auth;
 * - signing up with an address that already has an account answers like a new account (200, same
 *   body shape), opens no session, and tells the address's owner by e-mail (recorded in the
 *   outbox, delivered outside the request);
 * - ten failed sign-ins per account in fifteen minutes, from any number of client addresses, and
 *   that account answers 429 until the window ends (a success clears it).
 */
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { generateRandomString } from "better-auth/crypto";
import { profileSchema } from "~/features/account/profile-schema";
import type { DB } from "~/server/database.server";
import { newId } from "~/server/ids.server";
import { type OutboxWorker, recordMail } from "~/server/outbox.server";
import { createRateLimiter } from "~/server/rate-limit.server";
import { existingAccountMail } from "./auth-mails.server";
import { TOO_MANY_ATTEMPTS } from "./auth-schemas";

export const IMAGE_NOT_SETTABLE = "La photo de profil se change depuis votre espace client.";

export const LOGIN_FAILURES_PER_ACCOUNT = { scope: "connexion-compte", max: 10, windowMs: 15 * 60_000 };
/** At most one "someone used your address" e-mail per address and hour: no mail bombing. */
const EXISTING_ACCOUNT_MAILS = { scope: "inscription-adresse-prise", max: 1, windowMs: 60 * 60_000 };

/** The French reason these user fields break the shop's rules, or null. */
export function userFieldsViolation(fields: Record<string, unknown>): string | null {
  if (fields.image !== undefined && fields.image !== null) return IMAGE_NOT_SETTABLE;
  if (fields.name !== undefined) {
    const name = profileSchema.shape.name.safeParse(fields.name);
    if (!name.success) return name.error.issues[0]?.message ?? "Ce nom n'est pas valide.";
  }
  return null;
}

/** Throws a French 400 when Better Auth is about to store a user that breaks the shop's rules. */
export function assertUserFields(fields: Record<string, unknown>): void {
  const violation = userFieldsViolation(fields);
  if (violation) throw new APIError("BAD_REQUEST", { message: violation, code: "INVALID_PROFILE" });
}

function bodyOf(ctx: { body?: unknown }): Record<string, unknown> {
  return ctx.body && typeof ctx.body === "object" && !Array.isArray(ctx.body)
    ? (ctx.body as Record<string, unknown>)
    : {};
}

function accountKey(body: Record<string, unknown>): string | null {
  return typeof body.email === "string" ? body.email.trim().toLowerCase() : null;
}

export interface AccountHookOptions {
  db: DB;
  outbox: Pick<OutboxWorker, "nudge">;
  publicUrl: string;
  /** Off only where the whole environment disables rate limits (tests). */
  limitLogins: boolean;
  /** The username given to new accounts, echoed in the answer for a taken address. */
  username: (email: string) => string;
}

export function accountHooks(options: AccountHookOptions) {
  const loginFailures = createRateLimiter(options.db, LOGIN_FAILURES_PER_ACCOUNT);
  const existingAccountMails = createRateLimiter(options.db, EXISTING_ACCOUNT_MAILS);

  const before = createAuthMiddleware(async (ctx) => {
    const body = bodyOf(ctx);
    // Before anything else, so a refused name answers the same whether the address is taken or not.
    if (ctx.path === "/sign-up/email") assertUserFields(body);
    if (ctx.path === "/sign-in/email" && options.limitLogins) {
      const key = accountKey(body);
      if (key && (await loginFailures.isLimited(key))) {
        throw new APIError("TOO_MANY_REQUESTS", { message: TOO_MANY_ATTEMPTS, code: "TOO_MANY_ATTEMPTS" });
      }
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    const body = bodyOf(ctx);
    if (ctx.path === "/sign-in/email" && options.limitLogins) {
      const key = accountKey(body);
      if (!key) return;
      if (!isAPIError(returned)) await loginFailures.reset(key);
      else if (returned.statusCode === 401) await loginFailures.attempt(key);
      return;
    }
    // Only over HTTP: the shop's own server code (admin creation) still gets Better Auth's error.
    if (
      ctx.path === "/sign-up/email" &&
      ctx.request &&
      isAPIError(returned) &&
      returned.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"
    ) {
      const email = accountKey(body) ?? "";
      const name = typeof body.name === "string" ? body.name : "";
      // A new account costs a password hash: so does this answer.
      await ctx.context.password.hash(String(body.password ?? ""));
      const owner = await ctx.context.internalAdapter.findUserByEmail(email);
      if (owner?.user && (await existingAccountMails.attempt(email))) {
        // Recorded before the answer leaves (ADR 025), delivered by the outbox worker.
        await recordMail(
          options.db,
          existingAccountMail(owner.user, options.publicUrl),
          "inscription, adresse prise",
        );
        options.outbox.nudge();
      }
      return new Response(JSON.stringify(lookalikeSignup(email, name, options.username(email))), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }
  });

  return { before, after };
}

/** The body Better Auth gives a new account, with nothing real in it. */
function lookalikeSignup(email: string, name: string, username: string) {
  const now = new Date().toISOString();
  return {
    token: generateRandomString(32, "a-z", "A-Z", "0-9"),
    user: {
      name,
      email,
      emailVerified: false,
      image: null,
      createdAt: now,
      updatedAt: now,
      role: "user",
      banned: false,
      banReason: null,
      banExpires: null,
      username,
      phoneNumber: null,
      postalCode: null,
      emailVisibility: true,
      id: newId(),
    },
  };
}
