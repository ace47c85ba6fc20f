/**
 * GET /api/recherche?q=… — the header's suggestions while a customer types (docs/product.md
 * §10.23): up to six pieces with their photo, price and link. Asked for at every pause in the
 * typing, so Express answers it ahead of React Router, as /api/disponibilite
 * (docs/product.md §10.17).
 */
import type { RequestHandler } from "express";
import { getDb } from "~/server/context.server";
import { SEARCH_QUERY_MAX_LENGTH, searchTiming, suggestPieces } from "./search.server";
import { type SearchSuggestion, toSuggestion } from "./search-suggestion-types";

export const SUGGESTIONS_PATH = "/api/recherche";

export const suggestionsEndpoint: RequestHandler = async (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).json({ ok: false, error: "Méthode non autorisée." });
    return;
  }
  try {
    const raw = new URL(req.originalUrl, "http://nacre.local").searchParams.get("q") ?? "";
    const query = raw.slice(0, SEARCH_QUERY_MAX_LENGTH);
    const startedAt = performance.now();
    const suggestions: SearchSuggestion[] = (await suggestPieces(getDb(), query)).map(toSuggestion);
    res.setHeader("Server-Timing", searchTiming(startedAt));
    // A renamed or sold piece shows as such at the next keystroke.
    res.setHeader("Cache-Control", "no-store");
    res.json({ ok: true, query, suggestions });
  } catch (error) {
    next(error);
  }
};
