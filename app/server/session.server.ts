/**
 * Who is asking, and the guards of docs/product.md §2: an anonymous visitor on a protected route goes to
 * /auth, a signed-in user lacking the role goes to /mon-compte, a signed-in user on /auth goes to
 * /admin or /mon-compte. Every protected loader and action calls its guard on its first line.
 */
import crypto from "node:crypto";
import { redirect } from "react-router";
import { cookieValue } from "~/lib/cookies";
import { compiledOnce } from "./compiled-query.server";
import { getAppContext, getAuth, getDb } from "./context.server";

export type Role = "user" | "admin";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  username: string | null;
  /** docs/product.md §3: a missing role counts as user. */
  role: Role;
  /** The session's own id: long-lived streams check it is still valid. */
  sessionId: string;
}

// One session lookup per request, however many loaders ask.
const cache = new WeakMap<Request, Promise<SessionUser | null>>();

async function lookUp(request: Request): Promise<SessionUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const { user } = session;
  // The inactivity job counts from here (docs/product.md §10.21); never awaited, never failing.
  getAppContext().recordRequestActivity(request, {
    id: user.id,
    impersonated: Boolean(session.session.impersonatedBy),
  });
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    username: user.username ?? null,
    role: user.role === "admin" ? "admin" : "user",
    sessionId: session.session.id,
  };
}

export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookUp(request);
    cache.set(request, pending);
  }
  return pending;
}

/** Better Auth's session cookie: its name (with `__Secure-` on https) and the secret that signs it. */
const sessionCookieOf: WeakMap<object, Promise<{ name: string; secret: string }>> = new WeakMap();

function sessionCookie(): Promise<{ name: string; secret: string }> {
  const auth = getAuth();
  let known = sessionCookieOf.get(auth);
  if (!known) {
    known = auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: context.secret,
    }));
    sessionCookieOf.set(auth, known);
  }
  return known;
}

/**
 * The session token a cookie carries, when its signature is the shop's: better-call signs the token
 * as `token.base64(HMAC-SHA-256(secret, token))`, URL-encoded. Anything else names no session.
 */
export function verifiedSessionToken(value: string | null, secret: string): string | null {
  if (!value) return null;
  let signed: string;
  try {
    signed = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = crypto.createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && crypto.timingSafeEqual(signature, expected) ? token : null;
}

/** What the activity recorder is told of such a request: a read, without a body. */
const A_READ = { method: "GET", headers: new Headers() };

const liveSession = compiledOnce<"token" | "now", { id: string; impersonated_by: string | null }>(
  (db, value) =>
    db
      .selectFrom("sessions as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select(["u.id", "s.impersonated_by"])
      .where("s.token", "=", value("token"))
      .where("s.expires_at", ">", value("now")),
);

/**
 * Who is reading, for a read that changes nothing and is asked for often (GET /api/panier,
 * docs/product.md §10.17): the cookie's signature checked here and the session found in one query —
 * an unexpired session of an existing user, so a signed-out, revoked or expired one names nobody.
 * Unlike getOptionalUser it never extends the session: the visitor's own part (/api/moi), asked for
 * by every page, does that through Better Auth. The read counts as activity, as a page's does.
 */
export async function signedInUserIdForRead(cookieHeader: string | undefined): Promise<string | null> {
  const { name, secret } = await sessionCookie();
  const token = verifiedSessionToken(cookieValue(cookieHeader, name), secret);
  if (!token) return null;
  const [row] = await liveSession(getDb(), { token, now: new Date().toISOString() });
  if (!row) return null;
  getAppContext().recordRequestActivity(A_READ, { id: row.id, impersonated: Boolean(row.impersonated_by) });
  return row.id;
}

/** Where a signed-in user belongs (docs/product.md §4: login redirects by role). */
export function homeFor(user: Pick<SessionUser, "role">): string {
  return user.role === "admin" ? "/admin" : "/mon-compte";
}

/** Only same-site paths: an attacker's absolute URL in ?redirectTo= is ignored. */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return fallback;
  }
  return value;
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
  }
  return user;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  // docs/product.md §2 guard, with the dashboard's "Accès non autorisé." shown there (docs/product.md §2 admin).
  if (user.role !== "admin") throw redirect("/mon-compte?acces=refuse");
  return user;
}

/** For /auth: a signed-in visitor is sent to their space. */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  const user = await getOptionalUser(request);
  if (user) throw redirect(homeFor(user));
}
