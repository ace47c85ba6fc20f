/**
 * Security headers for every response (docs/product.md §10.1). The CSP carries a per-request
 * nonce that entry.server.tsx puts on React Router's inline scripts, so no other inline script runs.
 */
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React sets style attributes (e.g. image aspect ratios); no stylesheet comes from elsewhere.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.openstreetmap.org",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ].join("; ");
}

/** Pages whose address is a secret (an order's private link): the next site must not read it. */
const PRIVATE_LINK_PATHS = ["/commande/"];

/**
 * A fresh nonce per answer: 16 random bytes, drawn from a pool the system's generator fills 256
 * nonces at a time (one call per 256 answers rather than one each, a visible share of a small
 * answer's CPU).
 */
const noncePool = Buffer.alloc(16 * 256);
let nonceOffset = noncePool.length;
function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    crypto.randomFillSync(noncePool);
    nonceOffset = 0;
  }
  nonceOffset += 16;
  return noncePool.toString("base64", nonceOffset - 16, nonceOffset);
}

export function securityHeaders(options: { https: boolean; csp: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    if (options.csp) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader(
      "Referrer-Policy",
      PRIVATE_LINK_PATHS.some((prefix) => req.path.startsWith(prefix))
        ? "no-referrer"
        : "strict-origin-when-cross-origin",
    );
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.https) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}
