/**
 * CSRF defence in depth (docs/product.md §10.1): besides SameSite=Lax cookies, a mutation is
 * accepted only from the shop's own origins — scheme, host and port of PUBLIC_URL and of
 * PUBLIC_URL_ALIASES (`trustedOrigins` in env.server.ts). The request's Host is not enough: an
 * http:// page on the same host (a network attacker's, before HSTS) is another origin. Requests
 * without Origin (curl, old clients) are judged by Sec-Fetch-Site when the browser sends it.
 */
import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function originCheck(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const refused = origin ? !allowed.has(origin) : req.headers["sec-fetch-site"] === "cross-site";
    if (refused) {
      res.status(403).type("text/plain; charset=utf-8").send("Requête refusée : origine non autorisée.");
      return;
    }
    next();
  };
}
