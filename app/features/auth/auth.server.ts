/**
 * Accounts (Better Auth): e-mail and password, database sessions in httpOnly cookies, password
 * reset by mail, the admin plugin for roles, built-in rate limiting stored in the database, and the
 * shop's own rules (auth-hooks.server.ts). Over HTTP only the endpoints the shop uses are open
 * (auth-endpoints.server.ts). The tables are ours (db/migrations), so every field is mapped to its
 * snake_case column.
 */
import { betterAuth } from "better-auth";
import { admin } from "better-auth/plugins";
import { recordActivity } from "~/features/account/last-activity.server";
import type { DB } from "~/server/database.server";
import { type Env, trustedOrigins } from "~/server/env.server";
import { newId } from "~/server/ids.server";
import { type OutboxWorker, recordMail } from "~/server/outbox.server";
import { accountHooks, assertUserFields } from "./auth-hooks.server";
import { resetPasswordMail } from "./auth-mails.server";

/** docs/product.md §5: username = the part of the e-mail before the @ plus a timestamp. */
export function usernameFromEmail(email: string, now = Date.now()): string {
  const local = (email.split("@")[0] ?? "").toLowerCase().replace(/[^a-z0-9._-]/g, "");
  return `${local || "client"}${now}`;
}

export interface AuthOptions {
  env: Env;
  db: DB;
  outbox: Pick<OutboxWorker, "nudge">;
  /**
   * A session Better Auth deleted (sign-out, every session at a password reset, an expired one):
   * its open chat streams end at once (docs/product.md §10.11).
   */
  onSessionEnded?: (sessionId: string) => void;
}

export function createAuth(options: AuthOptions) {
  const { env, db, outbox, onSessionEnded } = options;
  const secure = env.PUBLIC_URL.startsWith("https://");
  return betterAuth({
    appName: "Nacre",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    // "sqlite" on both back ends: it tells Better Auth how the columns store values (ISO text for
    // dates, 0/1 for flags), which is the shop's convention on PostgreSQL too (ADR 014).
    database: { db, type: "sqlite" },
    // PUBLIC_URL and its aliases; localhost only outside production (env.server.ts).
    trustedOrigins: trustedOrigins(env),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Recorded in the outbox before the request answers (ADR 025): Better Auth has written the
      // link's row already, in its own statement, so the mail is recorded right after it. One
      // insert, never the sending: an existing address answers about as fast as an unknown one.
      sendResetPassword: async ({ user, url }) => {
        await recordMail(
          db,
          resetPasswordMail(user, url, env.PUBLIC_URL),
          "réinitialisation du mot de passe",
        );
        outbox.nudge();
      },
    },
    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", createdAt: "created_at", updatedAt: "updated_at" },
      additionalFields: {
        username: { type: "string", required: false, input: false, fieldName: "username" },
        phoneNumber: { type: "string", required: false, input: false, fieldName: "phone_number" },
        postalCode: { type: "string", required: false, input: false, fieldName: "postal_code" },
        emailVisibility: {
          type: "boolean",
          required: false,
          input: false,
          defaultValue: true,
          fieldName: "email_visibility",
        },
      },
    },
    session: {
      modelName: "sessions",
      fields: {
        expiresAt: "expires_at",
        createdAt: "created_at",
        updatedAt: "updated_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        userId: "user_id",
      },
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: {
      modelName: "accounts",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
    },
    verification: {
      modelName: "verifications",
      fields: { expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" },
    },
    hooks: accountHooks({
      db,
      outbox,
      publicUrl: env.PUBLIC_URL,
      limitLogins: !env.DISABLE_RATE_LIMIT,
      username: (email) => usernameFromEmail(email),
    }),
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            assertUserFields(user);
            return { data: { ...user, username: usernameFromEmail(user.email), emailVisibility: true } };
          },
        },
        // Whatever route Better Auth grows, it never stores a name or an avatar the shop would refuse.
        update: {
          before: async (user) => {
            assertUserFields(user);
          },
        },
      },
      // Signing in is activity (docs/product.md §10.21): the inactivity job counts from it, and a
      // warned account is spared. Awaited, so the answer leaves with it recorded; it cannot fail
      // the sign-in (the recorder logs and swallows its errors). An admin impersonating a
      // customer is not the customer's activity.
      session: {
        create: {
          after: async (session) => {
            if (!(session as { impersonatedBy?: string | null }).impersonatedBy) {
              await recordActivity(db, session.userId, new Date(), { signIn: true });
            }
          },
        },
        delete: {
          after: async (session) => {
            onSessionEnded?.(session.id);
          },
        },
      },
    },
    advanced: {
      cookiePrefix: "nacre",
      useSecureCookies: secure,
      database: { generateId: () => newId() },
      // The HTTP layer overwrites this header with the socket's address, so clients cannot forge it.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    rateLimit: {
      enabled: !env.DISABLE_RATE_LIMIT,
      // In the database, so a restart does not hand out a fresh allowance (docs/security.md).
      storage: "database",
      modelName: "auth_rate_limits",
      fields: { lastRequest: "last_request" },
      window: 60,
      max: 120,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60 * 10, max: 10 },
        "/request-password-reset": { window: 60 * 10, max: 5 },
        "/reset-password": { window: 60 * 10, max: 10 },
      },
    },
    plugins: [
      admin({
        defaultRole: "user",
        adminRoles: ["admin"],
        schema: {
          user: { fields: { banReason: "ban_reason", banExpires: "ban_expires" } },
          session: { fields: { impersonatedBy: "impersonated_by" } },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
