/**
 * Structured request logs: one JSON line per answered request on stdout, for whatever collects
 * the process output. Never a body, a cookie or a header; query values and path segments that may
 * carry a secret (a reset token in Better Auth's `/api/auth/reset-password/<token>`, a password)
 * are masked, so whoever reads the logs cannot take over an account (docs/security.md).
 */
import type { RequestHandler } from "express";

const SECRET_PARAMS = /^(token|password|mot-?de-?passe|code|secret|key|callbackurl)$/i;

/**
 * Paths whose segments after the prefix are secrets (tokens Better Auth puts in the path). Any
 * other `/api/auth/` path keeps only its endpoint name: the shop cannot know what a future Better
 * Auth release will put after it.
 */
const SECRET_PATH_PREFIXES = [/^(\/api\/auth\/[a-z-]+)\/.+$/i];
const MASK = "[masqué]";

/** The path and query of a request, with the values of secret-looking parameters masked. */
export function loggablePath(originalUrl: string): string {
  const url = new URL(originalUrl, "http://nacre.local");
  for (const key of [...url.searchParams.keys()]) {
    if (SECRET_PARAMS.test(key)) url.searchParams.set(key, MASK);
  }
  let pathname = url.pathname;
  for (const prefix of SECRET_PATH_PREFIXES) pathname = pathname.replace(prefix, `$1/${MASK}`);
  const query = url.searchParams.toString();
  return `${pathname}${query ? `?${decodeURIComponent(query)}` : ""}`;
}

export function requestLog(
  write: (line: string) => void = (line) => process.stdout.write(line),
): RequestHandler {
  return (req, res, next) => {
    // Hashed assets and health checks would drown the lines that matter.
    if (req.path.startsWith("/assets/") || req.path === "/healthz") return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      write(
        `${JSON.stringify({
          time: new Date().toISOString(),
          level: res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
          method: req.method,
          path: loggablePath(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          ip: String(req.headers["x-forwarded-for"] ?? ""),
        })}\n`,
      );
    });
    next();
  };
}
