/** GET /flux/meta.csv — the catalogue for Meta's Facebook and Instagram shops (docs/product.md §10.28). */

import { feedAnswer } from "~/features/feeds/feeds.server";
import type { Route } from "./+types/feed-meta";

export function loader({ request }: Route.LoaderArgs) {
  return feedAnswer(request, "meta");
}
