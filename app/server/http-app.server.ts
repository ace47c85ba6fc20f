/**
 * The Express application: security headers, compression, static files with immutable caching of
 * hashed assets, the health endpoint, and React Router's request handler. Bundled by Vite as the
 * SSR entry (vite.config.ts); server.ts starts it.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import "~/lib/zod-french";
import { oneClickUnsubscribe } from "~/features/alerts/one-click-endpoint.server";
import { AVAILABILITY_PATH, availabilityEndpoint } from "~/features/basket/availability-endpoint.server";
import { BASKET_PATH, basketReadEndpoint } from "~/features/basket/basket-read-endpoint.server";
import { SUGGESTIONS_PATH, suggestionsEndpoint } from "~/features/search/suggestions-endpoint.server";
import { countPageViews, routeMatcher } from "~/features/stats/page-views.server";
import { createBackup, listBackups, removeStalePartials } from "./backup.server";
import { bodyLimits, withCountedBody } from "./body-limits.server";
import { getAppContext } from "./context.server";
import { databaseAnswers } from "./database.server";
import { answerOutage, errorAnswers } from "./database-outage.server";
import { trustedOrigins } from "./env.server";
import { eventLoopDelay } from "./event-loop-delay.server";
import { originCheck } from "./origin-check.server";
import { invalidationOverBus, pageCache } from "./page-cache.server";
import { startPostgresBackupSchedule } from "./postgres-backup.server";
import { requestLog } from "./request-log.server";
import { securityHeaders } from "./security-headers.server";
import { visitorActivity } from "./visitor-activity.server";

export { getAppContext } from "./context.server";

/**
 * Daily backups while the server runs (BACKUP_INTERVAL_HOURS, BACKUP_KEEP). A backup is taken a
 * minute after start when the newest one is older than the interval, then at every interval. On
 * PostgreSQL the instances sharing the database agree on it: one of them takes each backup
 * (postgres-backup.server.ts).
 */
export function startBackupSchedule(): () => void {
  const ctx = getAppContext();
  // What a backup cut short by a crash left behind.
  removeStalePartials(ctx.env.dataDir);
  const intervalMs = ctx.env.BACKUP_INTERVAL_HOURS * 3_600_000;
  if (intervalMs <= 0) return () => {};
  if (ctx.kind === "postgres") return startPostgresBackupSchedule(ctx, intervalMs);
  const { sqlite } = ctx;
  if (!sqlite) return () => {};
  const backUp = () =>
    createBackup(sqlite, ctx.env.dataDir, { keep: ctx.env.BACKUP_KEEP })
      .then((file) => console.info(`Sauvegarde : ${file}`))
      .catch((error) => console.error("Sauvegarde impossible", error));
  const newest = listBackups(ctx.env.dataDir).at(-1);
  const newestAge = newest ? Date.now() - fs.statSync(newest).mtimeMs : Number.POSITIVE_INFINITY;
  const first = setTimeout(backUp, newestAge >= intervalMs ? 60_000 : intervalMs - newestAge);
  const every = setInterval(backUp, intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

let shuttingDown = false;

/**
 * Graceful shutdown: ends the chat streams and asks every keep-alive connection to close after
 * its current answer, so the HTTP server drains quickly; browsers reconnect to the next process.
 */
export function beginShutdown() {
  shuttingDown = true;
  getAppContext().chatHub.closeAll();
}
export { AdminPasswordError, StartupRefusedError } from "~/features/account/configured-admin.server";
export { startInactivitySchedule } from "~/features/account/inactive-accounts.server";
export { startAlertDigestSchedule } from "~/features/alerts/alert-digest.server";
export { pidFile } from "./backup.server";
export { EnvError, getEnv } from "./env.server";
export { sweepOrphanImages } from "./image-sweep.server";
export { makeMissingImageSizes } from "./image-variants.server";
export { prepareShop, setAdminPasswordFromShell, startupBanner } from "./startup.server";

/** The build's stylesheets, read once each (hashed names never change content). */
function builtStylesheets(clientDir: string): (href: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (href) => {
    if (!texts.has(href)) {
      const file = path.join(clientDir, href);
      texts.set(
        href,
        file.startsWith(path.join(clientDir, "assets")) && fs.existsSync(file)
          ? fs.readFileSync(file, "utf8")
          : undefined,
      );
    }
    return texts.get(href);
  };
}

export interface HttpAppOptions {
  /** build/client in production; absent in development, where Vite serves the assets. */
  clientDir?: string;
  /** Vite's dev middlewares (development only). */
  devMiddlewares?: RequestHandler;
  /** false: no line per request (the route tests, which run the app in their own process). */
  requestLog?: boolean;
}

export function createHttpApp(options: HttpAppOptions = {}) {
  const ctx = getAppContext();
  const production = ctx.env.NODE_ENV === "production";
  const app = express();
  app.disable("x-powered-by");
  // Behind the proxy the request arrives over http: its X-Forwarded-Proto says https, so the URL
  // React Router checks an action's Origin against is the public https:// one.
  if (ctx.env.TRUST_PROXY) app.set("trust proxy", 1);
  app.use((_req, res, next) => {
    // When the request reached the app: the body limits tell how long their refusals took.
    res.locals.receivedAt = performance.now();
    if (shuttingDown) res.setHeader("Connection", "close");
    next();
  });
  // Rate limits key on the client address. Only the socket's own address is trusted, unless the
  // shop runs behind a reverse proxy (TRUST_PROXY), which then tells the client's address. A proxy
  // appends the address it sees to X-Forwarded-For (nginx) or replaces the header (Caddy): either
  // way that address is the LAST entry; entries before it are whatever the client sent, forgeable.
  app.use((req, _res, next) => {
    const forwarded = String(req.headers["x-forwarded-for"] ?? "")
      .split(",")
      .at(-1)
      ?.trim();
    req.headers["x-forwarded-for"] =
      ctx.env.TRUST_PROXY && forwarded ? forwarded : (req.socket.remoteAddress ?? "");
    next();
  });

  // After the address is settled, so the log shows the client's (not the proxy's).
  if (ctx.env.NODE_ENV !== "test" && options.requestLog !== false) app.use(requestLog());
  // Background image work waits for a quiet moment between visitors' requests (ADR 010).
  app.use(visitorActivity());
  // Page views, counted without cookies (ADR 034): before the cache's hits, which are most views;
  // counted in memory once the answer has gone, never in its way.
  app.use(
    countPageViews({
      stats: () => ctx.stats,
      routeOf: routeMatcher(build.routes),
      ownHosts: new Set(trustedOrigins(ctx.env).map((origin) => new URL(origin).hostname)),
    }),
  );
  // Anonymous pages rendered once a second at most (ADR 008), kept ready to send (ADR 018); off in
  // development (hot reload). A page the cache holds goes out here, before any other middleware;
  // on PostgreSQL a write empties the cache of every instance on the database (ADR 014).
  const pages = pageCache({
    ttlMs: production ? ctx.env.PAGE_CACHE_MS : 0,
    shared: ctx.instanceBus && invalidationOverBus(ctx.instanceBus),
    stylesheet: options.clientDir ? builtStylesheets(options.clientDir) : undefined,
  });
  app.use(pages.hits);
  app.use(securityHeaders({ https: ctx.env.PUBLIC_URL.startsWith("https://"), csp: production }));
  // The chat's event stream is sent as it happens, never held back by the compressor.
  const filter: compression.CompressionFilter = (req, res) =>
    !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
    compression.filter(req, res);
  // Pages rendered for one visitor (signed in) are compressed per response: brotli quality 3 / gzip
  // level 3 cost half of the defaults for 3–5 % more bytes. Cached pages arrive already compressed
  // and pass through (ADR 018). Hashed assets keep the defaults.
  const compressPages = compression({
    filter,
    // Below 4 KB an answer travels in one round trip either way; compressing it would cost a
    // compressor of its own (0.9 ms for a 1 KB JSON list).
    threshold: "4kb",
    level: 3,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
  });
  const compressAssets = compression({ filter });
  app.use((req, res, next) =>
    (req.path.startsWith("/assets/") ? compressAssets : compressPages)(req, res, next),
  );

  // RFC 8058's one-click unsubscription: a mail app posts from elsewhere, without cookie. That path
  // and method only are answered before the Origin check (ADR 033); every other write passes it.
  app.use(oneClickUnsubscribe);
  app.use(originCheck(trustedOrigins(ctx.env)));
  // Bodies bounded before anything reads them: multipart on the upload routes only, fields and
  // bytes counted while they stream (docs/security.md).
  app.use(bodyLimits());

  const loop = eventLoopDelay();
  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Server-Timing", loop.readAndReset());
    if (await databaseAnswers(ctx.db)) res.json({ status: "ok" });
    else res.status(503).json({ status: "indisponible" });
  });

  // The guest basket's availability list, asked for by every page a guest opens: answered here,
  // ahead of React Router (availability-endpoint.server.ts).
  app.all(AVAILABILITY_PATH, availabilityEndpoint);
  // The visitor's cart and favourites, read by scripts; its writes go on to React Router's action.
  app.get(BASKET_PATH, basketReadEndpoint);
  // The header's search suggestions, asked for as a customer types (suggestions-endpoint.server.ts).
  app.all(SUGGESTIONS_PATH, suggestionsEndpoint);

  // Misses fill the cache here, and writes empty it. Before the static files: a URL that rendered
  // a page is not a file, so it skips their lookup.
  app.use(pages);

  if (options.devMiddlewares) app.use(options.devMiddlewares);
  if (options.clientDir) {
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // Every file of build/client has an extension: a page's address skips the file lookup (a
    // stat per signed-in page otherwise).
    const publicFiles = express.static(options.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  }

  const handleRequest = createRequestHandler({
    build,
    mode: ctx.env.NODE_ENV,
    getLoadContext: (req, res) => ({
      cspNonce: String(res.locals.cspNonce ?? ""),
      // A loader or action that found no database: the request is answered 503 at once (entry.server.tsx).
      databaseUnavailable: () => answerOutage(req, res),
    }),
  });
  // React Router reads a form's body through the body limits' counter.
  app.use((req, res, next) => handleRequest(withCountedBody(req), res, next));
  // What a handler passed on: a database outage is a French 503 with Retry-After, the rest a French 500.
  app.use(errorAnswers());
  return app;
}
