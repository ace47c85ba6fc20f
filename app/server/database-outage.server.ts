/**
 * When the database is not there (a PostgreSQL restart, a network cut: `isDatabaseUnavailable`),
 * every request that needed it is answered 503 with Retry-After — a French page for a browser, a
 * French JSON error for the API and React Router's data requests — instead of a 500: the request
 * was right, the shop will be back (docs/product.md §10.18). Whichever layer met the outage answers
 * through here: React Router's handleError (entry.server.tsx, through the load context) or the
 * Express error handler below, for the handlers ahead of React Router.
 */
import type { ErrorRequestHandler, Request, Response } from "express";
import { isDatabaseUnavailable } from "./db-errors.server";

export const OUTAGE_RETRY_AFTER_SECONDS = 30;
export const OUTAGE_MESSAGE = "La boutique est momentanément indisponible. Réessayez dans quelques instants.";
const SERVER_ERROR_MESSAGE = "Une erreur est survenue. Réessayez dans un instant.";

const OUTAGE_PAGE = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${OUTAGE_RETRY_AFTER_SECONDS}">
<title>Boutique momentanément indisponible — Nacre</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f7f3ec;
    color: #0f3d4c; font: 1.05rem/1.6 system-ui, sans-serif; }
  main { max-width: 32rem; padding: 2rem; text-align: center; }
  h1 { font: 600 1.9rem/1.2 Georgia, serif; margin: 0 0 1rem; }
  a { color: inherit; }
</style>
</head>
<body>
<main>
<h1>Nacre revient dans un instant</h1>
<p>${OUTAGE_MESSAGE}</p>
<p>Cette page se rechargera d'elle-même dans ${OUTAGE_RETRY_AFTER_SECONDS} secondes, ou <a href="">réessayez maintenant</a>.</p>
</main>
</body>
</html>
`;

/** A script's call (the API, React Router's `.data` requests) rather than a page a browser shows. */
function wantsJson(req: Request): boolean {
  if (req.path.startsWith("/api/") || req.path.endsWith(".data")) return true;
  return !String(req.headers.accept ?? "").includes("text/html");
}

/** Answers the request 503 with Retry-After, unless its answer has already begun. */
export function answerOutage(req: Request, res: Response): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(503);
  res.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  if (wantsJson(req)) res.json({ ok: false, error: OUTAGE_MESSAGE });
  else res.type("text/html; charset=utf-8").send(OUTAGE_PAGE);
}

/**
 * The app's last handler: what a handler ahead of React Router (the health check, the availability
 * and suggestion endpoints) or React Router's adapter passed on. An outage is a 503; anything else
 * a French 500, its cause logged and never shown.
 */
export function errorAnswers(): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (isDatabaseUnavailable(error)) {
      console.error(`Base de données injoignable : ${error instanceof Error ? error.message : error}`);
      answerOutage(req, res);
      return;
    }
    console.error(error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(500).setHeader("Cache-Control", "no-store");
    if (wantsJson(req)) res.json({ ok: false, error: SERVER_ERROR_MESSAGE });
    else res.type("text/plain; charset=utf-8").send(SERVER_ERROR_MESSAGE);
  };
}
