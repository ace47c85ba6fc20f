/**
 * The only ways into Better Auth. Over HTTP (/api/auth/*), only the endpoints the shop uses are
 * open; every other one (update-user, change-email, delete-user, the admin plugin's admin/*…)
 * answers a French 404 before Better Auth sees it (docs/security.md). Form actions reach Better
 * Auth through its own HTTP handler (not auth.api), so the forms get the same rate limits, origin
 * checks and cookies as any client of /api/auth.
 */

import { getAppContext } from "~/server/context.server";
import { TOO_MANY_ATTEMPTS } from "./auth-schemas";

/**
 * Paths under /api/auth the shop uses: the auth page's forms, logout, the e-mailed reset link
 * (GET /reset-password/<token>) and the session read. Profile, e-mail, password and role changes
 * go through the shop's own pages, which apply its rules.
 */
const OPEN_AUTH_PATHS = [
  /^\/sign-in\/email$/,
  /^\/sign-up\/email$/,
  /^\/sign-out$/,
  /^\/get-session$/,
  /^\/request-password-reset$/,
  /^\/reset-password$/,
  /^\/reset-password\/[A-Za-z0-9_-]+$/,
];

export const AUTH_ENDPOINT_CLOSED = "Cette fonction n'est pas proposée par Nacre.";

/** The endpoint's path after /api/auth, decoded the way a router might read it; null if unreadable. */
function authPath(request: Request): string | null {
  const { pathname } = new URL(request.url);
  try {
    return decodeURIComponent(pathname.replace(/^\/api\/auth/i, ""));
  } catch {
    return null;
  }
}

export function isOpenAuthPath(path: string): boolean {
  return OPEN_AUTH_PATHS.some((open) => open.test(path));
}

function json(status: number, body: { code: string; message: string }, headers?: Headers): Response {
  const out = new Headers(headers);
  out.set("content-type", "application/json; charset=utf-8");
  out.delete("content-length");
  return new Response(JSON.stringify(body), { status, headers: out });
}

/** /api/auth/*: the allow-list in front of Better Auth, and its 429 said in French. */
export async function serveAuthRequest(request: Request): Promise<Response> {
  const path = authPath(request);
  if (path === null || !isOpenAuthPath(path)) {
    return json(404, { code: "NOT_FOUND", message: AUTH_ENDPOINT_CLOSED });
  }
  const response = await getAppContext().auth.handler(request);
  if (response.status === 429) {
    return json(429, { code: "TOO_MANY_REQUESTS", message: TOO_MANY_ATTEMPTS }, response.headers);
  }
  return response;
}

export async function callAuthEndpoint(
  request: Request,
  endpoint: string,
  body?: unknown,
): Promise<Response> {
  const { auth, env } = getAppContext();
  const headers = new Headers();
  for (const name of ["cookie", "origin", "referer", "user-agent", "x-forwarded-for"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("content-type", "application/json");
  return auth.handler(
    new Request(`${env.PUBLIC_URL}/api/auth${endpoint}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body ?? {}),
    }),
  );
}

/** The Set-Cookie headers of an auth response, to pass on with a redirect. */
export function forwardCookies(from: Response, to: Headers = new Headers()): Headers {
  for (const cookie of from.headers.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}

/** True when the auth response opened a session (sets the session cookie). */
export function opensSession(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => /(^|\.)session_token=[^;]/.test(cookie));
}
