/**
 * The account hint cookie (ADR 036, app/lib/account.tsx): "client" or "admin" while signed in,
 * readable by the page's first script, holding nothing secret. Set and cleared where the session
 * is, and corrected by the visitor's endpoint whenever it disagrees with the session.
 */
import { ACCOUNT_HINT_COOKIE, type Account, type AccountHint, hintFor } from "~/lib/account";
import { cookieValue } from "~/lib/cookies";
import { getAppContext } from "./context.server";

/** As long as a session lives (auth.server.ts: 30 days, refreshed by use); the endpoint renews it. */
const HINT_MAX_AGE_S = 30 * 24 * 3600;

export function requestHint(request: Request): AccountHint | null {
  const value = cookieValue(request.headers.get("cookie"), ACCOUNT_HINT_COOKIE);
  return value === "client" || value === "admin" ? value : null;
}

export function accountHintCookie(account: Pick<Account, "role"> | null): string {
  const hint = hintFor(account);
  const secure = getAppContext().env.PUBLIC_URL.startsWith("https://");
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return hint
    ? `${ACCOUNT_HINT_COOKIE}=${hint}; Max-Age=${HINT_MAX_AGE_S}; ${attributes}`
    : `${ACCOUNT_HINT_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** The Set-Cookie that makes the request's hint true, or null when it already is. */
export function hintCorrection(request: Request, account: Pick<Account, "role"> | null): string | null {
  if (requestHint(request) === hintFor(account)) return null;
  return accountHintCookie(account);
}
