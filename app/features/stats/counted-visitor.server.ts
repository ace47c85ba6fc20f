/**
 * Who is counted (ADR 034): people browsing the shop. Robots (isbot), the shop's admins — whose
 * browser carries the hint cookie `nacre_compte=admin`, not a secret, only a wish not to be
 * counted — a browser's prefetches (a page fetched ahead in case it is opened, not a view) and a
 * visitor's objection, which their browser sends as `Sec-GPC: 1` (Global Privacy Control) or
 * `DNT: 1`, are not (the privacy policy, article 2, tells how to object). A request without a user
 * agent is a script's.
 */
import { isbot } from "isbot";
import { ACCOUNT_HINT_COOKIE } from "~/lib/account";
import { cookieValue } from "~/lib/cookies";

// isbot runs a long expression: its answer is remembered per user agent (a few hundred kept).
const botAgents = new Map<string, boolean>();
function isBotAgent(agent: string): boolean {
  let bot = botAgents.get(agent);
  if (bot === undefined) {
    bot = isbot(agent);
    if (botAgents.size >= 500) botAgents.clear();
    botAgents.set(agent, bot);
  }
  return bot;
}

export interface VisitorHeaders {
  userAgent: string | undefined;
  cookie: string | undefined;
  /** `Sec-Purpose` (Chromium, Firefox) or `Purpose` (older browsers). */
  purpose: string | undefined;
  /** `Sec-GPC`, else `DNT`: "1" when the visitor objects. */
  objection: string | undefined;
}

export function isCountedVisitor({ userAgent, cookie, purpose, objection }: VisitorHeaders): boolean {
  if (!userAgent || isBotAgent(userAgent)) return false;
  if (objection === "1") return false;
  if (purpose?.includes("prefetch")) return false;
  // The hint cookie of an admin's browser (app/lib/account.tsx): its visits are not the audience.
  if (cookieValue(cookie, ACCOUNT_HINT_COOKIE) === "admin") return false;
  return true;
}

/** The same question about a Fetch request (a route's loader or action). */
export function isCountedRequest(request: Request): boolean {
  const headers = request.headers;
  return isCountedVisitor({
    userAgent: headers.get("user-agent") ?? undefined,
    cookie: headers.get("cookie") ?? undefined,
    purpose: headers.get("sec-purpose") ?? headers.get("purpose") ?? undefined,
    objection: headers.get("sec-gpc") ?? headers.get("dnt") ?? undefined,
  });
}
