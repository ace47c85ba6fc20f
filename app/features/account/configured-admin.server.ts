/**
 * The configured admin account (ADMIN_EMAIL): who becomes admin at start, and how the server's
 * operator sets its password from a shell. The rules and why are in ADR 011
 * (docs/decisions/011-configured-admin.md): an existing customer account is never promoted
 * silently, no password is shipped or printed unless generated, and the account the configuration
 * named before loses the role when ADMIN_EMAIL changes.
 */
import crypto from "node:crypto";
import type { AppContext } from "~/server/context.server";
import { newId } from "~/server/ids.server";

/** Start-up cannot go on safely: the message says why and what to do, in French. */
export class StartupRefusedError extends Error {}

export const ADMIN_PASSWORD_MIN = 10;
export const ADMIN_PASSWORD_MAX = 128;
const ADMIN_NAME = "Maeva (administratrice)";

/** No look-alike characters (0/O, 1/l/I): the password is read off a terminal and typed by hand. */
const PASSWORD_ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 20 random characters in four groups (about 115 bits), e.g. `k7Qmx-9TzR2-pwYe4-nHs8c`. */
export function generatePassword(): string {
  const chars = Array.from(
    { length: 20 },
    () => PASSWORD_ALPHABET[crypto.randomInt(PASSWORD_ALPHABET.length)],
  );
  return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join("")).join("-");
}

export interface AdminReport {
  email: string;
  /** The account was created by this start. */
  created: boolean;
  /** Set only when this start generated the password: it is shown once, then only its hash exists. */
  generatedPassword?: string;
  /** The account ADMIN_EMAIL named before, which this start demoted. */
  demotedEmail?: string;
}

async function passwordHash(ctx: AppContext, password: string): Promise<string> {
  return (await ctx.auth.$context).password.hash(password);
}

async function passwordMatches(ctx: AppContext, hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  return (await ctx.auth.$context).password.verify({ hash, password });
}

async function createAdminAccount(ctx: AppContext, email: string, password: string): Promise<string> {
  const { user } = await ctx.auth.api.signUpEmail({ body: { email, password, name: ADMIN_NAME } });
  return user.id;
}

/**
 * Makes `userId` the configured admin: admin role, verified, recorded in the shop settings, and the
 * account ADMIN_EMAIL named before (if another) back to a customer, its sessions closed.
 */
async function recordConfiguredAdmin(ctx: AppContext, userId: string): Promise<string | undefined> {
  const demoted = await ctx.db.transaction().execute(async (trx) => {
    // Only when something changes: a restart leaves the admin's row as it was.
    await trx
      .updateTable("users")
      .set({ role: "admin", email_verified: 1, updated_at: new Date().toISOString() })
      .where("id", "=", userId)
      .where((eb) =>
        eb.or([eb("role", "is", null), eb("role", "!=", "admin"), eb("email_verified", "!=", 1)]),
      )
      .execute();
    const settings = await trx
      .selectFrom("shop_settings")
      .select("configured_admin_id")
      .where("id", "=", "shop")
      .executeTakeFirst();
    const previousId = settings?.configured_admin_id;
    await trx
      .updateTable("shop_settings")
      .set({ configured_admin_id: userId })
      .where("id", "=", "shop")
      .execute();
    if (!previousId || previousId === userId) return undefined;
    const previous = await trx
      .selectFrom("users")
      .select(["email", "role"])
      .where("id", "=", previousId)
      .executeTakeFirst();
    if (previous?.role !== "admin") return undefined;
    await trx.updateTable("users").set({ role: "user" }).where("id", "=", previousId).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", previousId).execute();
    return { id: previousId, email: previous.email };
  });
  if (!demoted) return undefined;
  // Other instances on the database may hold the demoted admin's streams (ADR 014).
  await ctx.chatHub.revoke({ userId: demoted.id });
  return demoted.email;
}

/**
 * At every start: the ADMIN_EMAIL account exists and is admin. Created with ADMIN_PASSWORD, or with a
 * generated password reported once. An existing admin keeps its password. An existing customer
 * account is promoted only when ADMIN_PASSWORD proves the operator knows its password; otherwise the
 * start is refused, since whoever registered that address first would become admin.
 */
export async function ensureAdmin(ctx: AppContext): Promise<AdminReport> {
  const email = ctx.env.ADMIN_EMAIL.toLowerCase();
  const existing = await ctx.db
    .selectFrom("users")
    .leftJoin("accounts", (join) =>
      join.onRef("accounts.user_id", "=", "users.id").on("accounts.provider_id", "=", "credential"),
    )
    .select(["users.id", "users.role", "accounts.password"])
    .where("users.email", "=", email)
    .executeTakeFirst();

  if (!existing) {
    const generatedPassword = ctx.env.ADMIN_PASSWORD ? undefined : generatePassword();
    const userId = await createAdminAccount(
      ctx,
      email,
      ctx.env.ADMIN_PASSWORD ?? (generatedPassword as string),
    );
    const demotedEmail = await recordConfiguredAdmin(ctx, userId);
    return { email, created: true, generatedPassword, demotedEmail };
  }

  if (existing.role !== "admin") {
    const proven =
      ctx.env.ADMIN_PASSWORD !== undefined &&
      (await passwordMatches(ctx, existing.password, ctx.env.ADMIN_PASSWORD));
    if (!proven) {
      throw new StartupRefusedError(
        [
          `ADMIN_EMAIL (${email}) est l'adresse d'un compte client existant : il ne devient pas administrateur`,
          "automatiquement, car n'importe qui a pu créer ce compte avant vous.",
          "Choisissez une autre adresse dans ADMIN_EMAIL, ou, si ce compte est le vôtre, donnez-lui un nouveau",
          "mot de passe depuis le serveur (il devient alors administrateur et ses sessions sont fermées) :",
          "  npm run admin:password",
        ].join("\n"),
      );
    }
  }
  const demotedEmail = await recordConfiguredAdmin(ctx, existing.id);
  return { email, created: false, demotedEmail };
}

export class AdminPasswordError extends Error {}

/**
 * `npm run admin:password`: sets the ADMIN_EMAIL account's password from the server's shell (whoever
 * has it owns the shop anyway). Creates the account when missing, makes it the configured admin,
 * and closes every session it had, so a squatter who registered the address loses it.
 */
export async function setAdminPassword(ctx: AppContext, password: string): Promise<AdminReport> {
  if (password.length < ADMIN_PASSWORD_MIN || password.length > ADMIN_PASSWORD_MAX) {
    throw new AdminPasswordError(
      `Le mot de passe doit contenir entre ${ADMIN_PASSWORD_MIN} et ${ADMIN_PASSWORD_MAX} caractères.`,
    );
  }
  const email = ctx.env.ADMIN_EMAIL.toLowerCase();
  const existing = await ctx.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  const userId = existing?.id ?? (await createAdminAccount(ctx, email, password));
  const hash = await passwordHash(ctx, password);
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("accounts")
      .set({ password: hash, updated_at: now })
      .where("user_id", "=", userId)
      .where("provider_id", "=", "credential")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto("accounts")
        .values({
          id: newId(),
          account_id: userId,
          provider_id: "credential",
          user_id: userId,
          password: hash,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  });
  // Its sessions are closed: so are its open chat streams, on every instance that hears of it (on
  // SQLite this command runs beside the server, which the server's heartbeat covers).
  await ctx.chatHub.revoke({ userId });
  const demotedEmail = await recordConfiguredAdmin(ctx, userId);
  return { email, created: !existing, demotedEmail };
}
