/**
 * CSRF defence in depth (docs/product.md §10.1): besides SameSite=Lax cookies, a mutation
 * whose Origin is another site is refused. Requests without Origin (curl, old clients) are judged
 * by Sec-Fetch-Site when the browser sends it.
 */
import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The host of an Origin header; "null" (sandboxed frames) or garbage has none. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export function originCheck(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const fetchSite = req.headers["sec-fetch-site"];
    const sameHost = Boolean(origin && req.headers.host && hostOf(origin) === req.headers.host);
    const refused = origin ? !(allowed.has(origin) || sameHost) : fetchSite === "cross-site";
    if (refused) {
      res.status(403).type("text/plain; charset=utf-8").send("Requête refusée : origine non autorisée.");
      return;
    }
    next();
  };
}
