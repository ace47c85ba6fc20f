/**
 * Who is asking, and the guards of docs/product.md §2: an anonymous visitor on a protected route goes to
 * /auth, a signed-in user lacking the role goes to /mon-compte, a signed-in user on /auth goes to
 * /admin or /mon-compte. Every protected loader and action calls its guard on its first line.
 */
import { redirect } from "react-router";
import { getAppContext, getAuth } from "./context.server";

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
