/**
 * A basket button posted as a plain form (before hydration, or without JavaScript) is a page
 * navigation: it is answered by going back to the page it came from with a toast, not with JSON.
 */
import { redirect } from "react-router";
import type { DB } from "~/server/database.server";
import { withFlash } from "~/server/flash.server";
import { safeRedirectPath } from "~/server/session.server";

/** A browser navigation rather than a script's fetch (which keeps its JSON answer). */
export function isPlainFormPost(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/**
 * The page named by Referer when it is one of ours (same scheme, host and port), as a same-site
 * relative path; null otherwise. A path starting with `//` or `/\` is another site to a browser
 * (`Location: //evil.example/x`), so it never comes back from here.
 */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(request.url).origin || from.pathname.startsWith("/api/")) return null;
    return safeRedirectPath(`${from.pathname}${from.search}`, "") || null;
  } catch {
    // A malformed Referer is ignored like a foreign one.
    return null;
  }
}

/** The page named by Referer when it is one of ours; otherwise the piece's own page. */
async function pageToReturnTo(request: Request, db: DB, productId: string): Promise<string> {
  const back = refererPath(request);
  if (back) return back;
  const product = await db
    .selectFrom("products")
    .select("slug")
    .where("id", "=", productId)
    .executeTakeFirst();
  return product ? `/catalogue/produit/${encodeURIComponent(product.slug)}` : "/catalogue";
}

export async function backToPage(request: Request, db: DB, productId: string, message: string) {
  const headers = withFlash(new Headers(), message);
  return redirect(await pageToReturnTo(request, db, productId), { status: 303, headers });
}
