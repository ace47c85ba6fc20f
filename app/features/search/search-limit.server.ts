/**
 * Searches are limited per client like the other public endpoints (docs/product.md §10.23,
 * docs/security.md): the suggestions and the results page draw on one allowance, 120 a minute for
 * an address — a customer typing makes a few a second at most, a script hammering the index is
 * answered 429 in French. The counter is a row in the database (rate-limit.server.ts), shared by
 * every instance.
 */
import type { AppContext } from "~/server/context.server";
import { createRateLimiter } from "~/server/rate-limit.server";

export const SEARCH_LIMIT = { scope: "recherche", max: 120, windowMs: 60_000 };
/** Seconds a refused client is told to wait (the window). */
export const SEARCH_RETRY_AFTER_SECONDS = 60;

/** True when this search from `client` is allowed (and counts it). */
export function searchAllowed(ctx: Pick<AppContext, "db" | "env">, client: string): Promise<boolean> {
  if (ctx.env.DISABLE_RATE_LIMIT) return Promise.resolve(true);
  return createRateLimiter(ctx.db, SEARCH_LIMIT).attempt(client);
}
