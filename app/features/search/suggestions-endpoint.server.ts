/**
 * GET /api/recherche?q=… — the header's suggestions while a customer types (docs/product.md
 * §10.23): up to six pieces with their photo, price and link. Asked for at every pause in the
 * typing, so Express answers it ahead of React Router, as /api/disponibilite
 * (docs/product.md §10.17). Limited per client, with the results page (search-limit.server.ts).
 */
import type { RequestHandler } from "express";
import { getAppContext } from "~/server/context.server";
import { SEARCH_QUERY_MAX_LENGTH, searchTiming, suggestPieces } from "./search.server";
import { SEARCH_RETRY_AFTER_SECONDS, searchAllowed } from "./search-limit.server";
import { SEARCH_TOO_MANY } from "./search-messages";
import { type SearchSuggestion, toSuggestion } from "./search-suggestion-types";

export const SUGGESTIONS_PATH = "/api/recherche";

export const suggestionsEndpoint: RequestHandler = async (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).json({ ok: false, error: "Méthode non autorisée." });
    return;
  }
  try {
    const ctx = getAppContext();
    // The client's address as the HTTP layer settled it (http-app.server.ts).
    if (!(await searchAllowed(ctx, String(req.headers["x-forwarded-for"] || "inconnu")))) {
      res.setHeader("Retry-After", String(SEARCH_RETRY_AFTER_SECONDS));
      res.setHeader("Cache-Control", "no-store");
      res.status(429).json({ ok: false, error: SEARCH_TOO_MANY });
      return;
    }
    const raw = new URL(req.originalUrl, "http://nacre.local").searchParams.get("q") ?? "";
    const query = raw.slice(0, SEARCH_QUERY_MAX_LENGTH);
    const startedAt = performance.now();
    const suggestions: SearchSuggestion[] = (await suggestPieces(ctx.db, query)).map(toSuggestion);
    res.setHeader("Server-Timing", searchTiming(startedAt));
    // A renamed or sold piece shows as such at the next keystroke.
    res.setHeader("Cache-Control", "no-store");
    res.json({ ok: true, query, suggestions });
  } catch (error) {
    next(error);
  }
};
