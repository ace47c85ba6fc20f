/** GET /sitemap.xml — public pages and every piece, for search engines. */

import { buildSitemap } from "~/features/content/sitemap.server";
import { getAppContext } from "~/server/context.server";

export async function loader() {
  const { db, env } = getAppContext();
  return new Response(await buildSitemap(db, env.PUBLIC_URL), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
