/** GET /flux/google.xml — the catalogue for Google Merchant Center (docs/product.md §10.28). */

import { feedAnswer } from "~/features/feeds/feeds.server";
import type { Route } from "./+types/feed-google";

export function loader({ request }: Route.LoaderArgs) {
  return feedAnswer(request, "google");
}
