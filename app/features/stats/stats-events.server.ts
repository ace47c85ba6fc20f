/**
 * What the product's code counts where it happens (ADR 034): a piece added to the cart or to the
 * favourites, an order placed, an order paid, a search that found nothing. One call, in memory: the
 * figure is written with the next batch (stats-recorder.server.ts), never in the request's way.
 */
import { type AppContext, getAppContext } from "~/server/context.server";
import { isCountedRequest } from "./counted-visitor.server";
import type { StatKind } from "./stat-kinds";

export type StatEvent = Extract<
  StatKind,
  "cart_add" | "favorite_add" | "order_placed" | "order_paid" | "empty_search"
>;

/**
 * One more `kind` today, from a route's loader or action: the visitor's `request` leaves robots,
 * admins and prefetches out (counted-visitor.server.ts).
 */
export function recordEvent(kind: StatEvent, key: string, request: Request): void {
  if (isCountedRequest(request)) countEvent(getAppContext(), kind, key);
}

/** One more `kind` today, for code that holds its context (an order placed, an order paid). */
export function countEvent(ctx: Pick<AppContext, "stats">, kind: StatEvent, key = ""): void {
  ctx.stats.count(kind, kind === "empty_search" ? normaliseSearch(key) : key);
}

/** An empty search is kept to this many characters: enough to see what was sought, not a message. */
export const SEARCH_KEY_LENGTH = 60;

/** A search as counted: lower case, accents kept, spaces collapsed, cut short. */
export function normaliseSearch(query: string): string {
  return query
    .normalize("NFC")
    .toLocaleLowerCase("fr")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_KEY_LENGTH);
}
