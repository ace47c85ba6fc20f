/**
 * A one-second shared cache of anonymous HTML pages (ADR 008). Most visitors carry no cookie: they
 * all see the same page, so rendering it once a second instead of once per request lets the shop
 * absorb a burst of visits. Only what cannot differ between two anonymous visitors is shared:
 *
 * - a request is served from (or fills) the cache only when it is a GET of a page with no Cookie
 *   and no Authorization header — a signed-in visitor, a pending flash message or any other cookie
 *   always gets its own render;
 * - a response is kept only when it is a 200 HTML page that sets no cookie;
 * - the CSP nonce is per response: the cached HTML is stored cut at its nonce, and every hit is
 *   joined back with the nonce of its own Content-Security-Policy header;
 * - any write handled by this process (a non-GET request) empties the cache; with several
 *   instances on one PostgreSQL database (ADR 014) it also empties every other instance's, over
 *   the instance bus; writes from another process the bus does not reach (a second server on the
 *   same SQLite DATA_DIR) show after at most `ttlMs`;
 * - a render that started before the cache was emptied is not kept: it may show the old data.
 *
 * Sits after compression in the Express chain: it sees and serves the uncompressed HTML.
 */
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { BUS_CHANNELS, type InstanceBus } from "./instance-bus.server";

/** How the instances sharing a database tell each other that their cached pages are stale. */
export interface SharedInvalidation {
  /** This instance finished a write: the others must forget their pages. */
  announce(): void;
  /** Calls `clear` when another instance wrote (or when its writes may have been missed). */
  onInvalidate(clear: () => void): void;
}

/**
 * Invalidation over the instance bus (PostgreSQL). A burst of writes sends one notification at a
 * time: a write that finishes while one is on its way gets exactly one more after it, never none
 * (the one on its way may have been heard before this write was committed). After a listener
 * outage the cache is emptied as well: writes announced meanwhile were not heard.
 */
export function invalidationOverBus(bus: InstanceBus): SharedInvalidation {
  let sending = false;
  let again = false;
  async function sendUntilQuiet() {
    sending = true;
    do {
      again = false;
      await bus
        .send(BUS_CHANNELS.pages, "")
        .catch((error) => console.error("Invalidation du cache non transmise aux autres instances", error));
    } while (again);
    sending = false;
  }
  return {
    announce() {
      if (sending) again = true;
      else void sendUntilQuiet();
    },
    onInvalidate(clear) {
      bus.listen(BUS_CHANNELS.pages, (_payload, { fromThisInstance }) => {
        if (!fromThisInstance) clear();
      });
      bus.onResume(() => clear());
    },
  };
}

export interface PageCacheOptions {
  /** How long a page is served from memory (0 turns the cache off). */
  ttlMs: number;
  /** Distinct URLs kept at most (filters make many); the oldest goes first. */
  maxEntries?: number;
  /** Several instances on one database: writes are announced to, and heard from, the others. */
  shared?: SharedInvalidation;
}

interface Entry {
  expires: number;
  status: number;
  headers: [string, string | number | string[]][];
  /** The HTML cut at every occurrence of the nonce it was rendered with. */
  parts: string[];
}

// Headers the compression middleware or Node manage per response: never replayed.
const PER_RESPONSE = new Set(["content-encoding", "content-length", "transfer-encoding", "vary", "etag"]);

/**
 * Paths that may be public pages: not the API, images, assets, files with an extension (static
 * files, React Router's `.data` requests, sitemap), the admin or account areas.
 */
function isPagePath(path: string): boolean {
  return !(
    path.startsWith("/api/") ||
    path.startsWith("/images/") ||
    path.startsWith("/assets/") ||
    path.startsWith("/admin") ||
    path.startsWith("/mon-compte") ||
    path === "/__manifest" ||
    /\.[a-z0-9]+$/i.test(path)
  );
}

export function isCacheableRequest(req: Request): boolean {
  return req.method === "GET" && !req.headers.cookie && !req.headers.authorization && isPagePath(req.path);
}

export function pageCache({ ttlMs, maxEntries = 200, shared }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  // Concurrent misses on one URL wait for the first render instead of rendering it again.
  const pending = new Map<string, Promise<Entry | null>>();
  // Counts the emptyings: a render is kept only if none happened while it ran.
  let generation = 0;
  const clear = () => {
    entries.clear();
    generation += 1;
  };
  if (ttlMs > 0) shared?.onInvalidate(clear);

  function serve(res: Response, entry: Entry) {
    const nonce = String(res.locals.cspNonce ?? "");
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "hit");
    res.end(entry.parts.join(nonce));
  }

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // After the write is done, not before: a render started meanwhile must not keep old data.
      // Announced even when this instance caches nothing: the others may.
      res.on("finish", () => {
        clear();
        shared?.announce();
      });
      clear();
      return next();
    }
    if (ttlMs <= 0 || !isCacheableRequest(req)) return next();

    const key = `${isbot(req.headers["user-agent"] ?? "") ? "bot" : "browser"} ${req.originalUrl}`;
    const cached = entries.get(key);
    if (cached && cached.expires > Date.now()) return serve(res, cached);

    const waiting = pending.get(key);
    if (waiting) {
      waiting.then((entry) => (entry ? serve(res, entry) : next()), next);
      return;
    }

    let settle: (entry: Entry | null) => void = () => {};
    pending.set(
      key,
      new Promise<Entry | null>((resolve) => {
        settle = resolve;
      }),
    );
    const done = (entry: Entry | null) => {
      pending.delete(key);
      settle(entry);
    };
    capture(res, key, generation, done);
    next();
  };

  /** Records what the renderer writes, then stores it when it is a shareable page. */
  function capture(res: Response, key: string, startedAt: number, done: (entry: Entry | null) => void) {
    const before = new Set(res.getHeaderNames());
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunk == null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk)
            : Buffer.from(
                String(chunk),
                typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
              ),
      );
    };
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      keep(chunk, encoding);
      return write(chunk, encoding, callback);
    }) as Response["write"];
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      keep(chunk, encoding);
      const fresh = generation === startedAt;
      done(fresh && shareable(res) ? store(key, res, before, Buffer.concat(chunks).toString("utf8")) : null);
      return end(chunk, encoding, callback);
    }) as Response["end"];
    res.on("close", () => {
      if (!res.writableFinished) done(null);
    });
  }

  function shareable(res: Response): boolean {
    const type = String(res.getHeader("content-type") ?? "");
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    return (
      res.statusCode === 200 &&
      type.startsWith("text/html") &&
      !res.hasHeader("set-cookie") &&
      !cacheControl.includes("no-store")
    );
  }

  function store(key: string, res: Response, before: Set<string>, html: string): Entry | null {
    const nonce = String(res.locals.cspNonce ?? "");
    if (!nonce) return null;
    const headers = res
      .getHeaderNames()
      .filter((name) => !before.has(name) && !PER_RESPONSE.has(name))
      .map((name) => [name, res.getHeader(name) ?? ""] as [string, string | number | string[]]);
    const entry: Entry = { expires: Date.now() + ttlMs, status: 200, headers, parts: html.split(nonce) };
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
    return entry;
  }

  return Object.assign(middleware, { clear, size: () => entries.size });
}
