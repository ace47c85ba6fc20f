/** /recherche?q= — every piece matching the query, for sale then sold (docs/product.md §10.23). */

import { data } from "react-router";
import { getReferenceLists } from "~/features/catalogue/catalogue.server";
import { MAX_PAGE } from "~/features/catalogue/listing-query";
import { SEARCH_QUERY_MAX_LENGTH, searchResults, searchTiming } from "~/features/search/search.server";
import { SEARCH_RETRY_AFTER_SECONDS, searchAllowed } from "~/features/search/search-limit.server";
import { SEARCH_TOO_MANY } from "~/features/search/search-messages";
import { SearchResults, type SearchResultsView } from "~/features/search/search-results";
import { recordEvent } from "~/features/stats/stats-events.server";
import { pageMeta, siteOf } from "~/lib/seo";
import { getAppContext } from "~/server/context.server";
import { clientAddress } from "~/server/rate-limit.server";
import type { Route } from "./+types/search";

// Results pages are not indexed: each query would be a thin copy of the catalogue.
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(siteOf(matches), {
    path: "/recherche",
    title: loaderData?.query ? `Recherche « ${loaderData.query} » — Nacre` : "Recherche — Nacre",
    description: "Rechercher un bijou Nacre : colliers, bracelets, bagues et boucles d'oreilles.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const requested = Number(params.get("page"));
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, MAX_PAGE) : 1;
  const ctx = getAppContext();
  const db = ctx.db;
  const asked = (params.get("q") ?? "").trim();
  // A search draws on the client's allowance (search-limit.server.ts); the bare page does not.
  if (asked && !(await searchAllowed(ctx, clientAddress(request)))) {
    const references = await getReferenceLists(db);
    const refused: SearchResultsView = {
      query: asked.slice(0, SEARCH_QUERY_MAX_LENGTH),
      page,
      total: 0,
      forSale: [],
      sold: [],
      soldTotal: 0,
      hasMore: false,
      categories: references.categories,
      refusal: SEARCH_TOO_MANY,
    };
    return data(refused, {
      status: 429,
      headers: { "Retry-After": String(SEARCH_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    });
  }
  // The search first, then the categories: its Server-Timing is its own, not shared with them.
  const startedAt = performance.now();
  const results = await searchResults(db, params.get("q") ?? "", page);
  const timing = searchTiming(startedAt);
  // A search that found nothing tells the seller what was sought (ADR 034); its first page only.
  if (asked && results.total === 0 && page === 1) recordEvent("empty_search", asked, request);
  const references = await getReferenceLists(db);
  return data(
    { ...results, page, categories: references.categories },
    { headers: { "Server-Timing": timing } },
  );
}

// The search's own time, for developer tools and bench/search.mjs (never replayed from the page cache).
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return <SearchResults {...loaderData} />;
}
