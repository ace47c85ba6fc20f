/** GET /robots.txt — private areas kept out of search engines, and where the sitemap is. */

import { buildRobots } from "~/features/content/sitemap.server";
import { getAppContext } from "~/server/context.server";

export function loader() {
  return new Response(buildRobots(getAppContext().env.PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
