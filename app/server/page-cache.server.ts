/**
 * A one-second shared cache of anonymous HTML pages (ADR 008), served ready to send (ADR 018).
 * Most visitors carry no cookie: they all see the same page, so rendering it once a second instead
 * of once per request lets the shop absorb a burst of visits. Only what cannot differ between two
 * anonymous visitors is shared:
 *
 * - public pages render the same HTML for every visitor, signed in or not (ADR 036): a request is
 *   served from (or fills) the cache when it is a GET of a public page, whatever cookies it
 *   carries, unless it carries a pending flash message (that page shows it, once) or an
 *   Authorization header; personal pages (account, dashboard, an order's pages, the order form
 *   of /contact?commande=…, sign-in) are never cached;
 * - a response is kept only when it is a 200 HTML page that sets no cookie; it goes out with
 *   headers a shared cache (a CDN) may honour, as every visitor gets the same bytes;
 * - a kept page carries no nonce: its Content-Security-Policy lists the SHA-256 hashes of the
 *   inline scripts the renderer wrote (those that carried the render's secret nonce), so the same
 *   bytes, compressed once with brotli and gzip, serve every visitor, with a weak ETag for `304`;
 * - any write handled by this process (a non-GET request) empties the cache — but for the writes
 *   no public page shows (a visitor's basket, chat messages, signing in and out); with several
 *   instances on one PostgreSQL database (ADR 014) it also empties every other instance's, over
 *   the instance bus; writes from another process the bus does not reach (a second server on the
 *   same SQLite DATA_DIR) show after at most `ttlMs`;
 * - a render that started before the cache was emptied is not kept: it may show the old data.
 *
 * The middleware sits after compression in the Express chain: a render that fills the cache is
 * held back until it ends, then sent already encoded (the compressor lets it through); `hits` can
 * be mounted first of all, so a hit costs no other middleware.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
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
  /** The text of one of the build's stylesheets (`/assets/….css`), to put in the kept page. */
  stylesheet?: (href: string) => string | undefined;
  /** Distinct URLs kept at most (filters make many); the oldest goes first. */
  maxEntries?: number;
  /** Several instances on one database: writes are announced to, and heard from, the others. */
  shared?: SharedInvalidation;
}

type HeaderValue = string | number | string[];
type Encoding = "br" | "gzip" | "identity";

interface Entry {
  expires: number;
  /** Every header of the render (security headers included) but those made per response. */
  headers: [string, HeaderValue][];
  /** Weak: the same page whatever its content coding. */
  etag: string;
  body: Buffer;
  /** The body compressed, made on first need and kept while the page does not change. */
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
}

// Headers Node, the compressor or this cache set per response: never replayed.
const PER_RESPONSE = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "vary",
  "etag",
  "connection",
  "x-page-cache",
  // A render's own timings (the search's: /recherche) mean nothing on a copy.
  "server-timing",
]);

/**
 * Paths that may be public pages: not the API, images, assets, files with an extension (static
 * files, React Router's `.data` requests, sitemap), nor the personal pages (docs/product.md §2):
 * the account and admin areas, an order's own pages, signing in, a password reset.
 */
function isPagePath(path: string): boolean {
  return !(
    path.startsWith("/api/") ||
    path.startsWith("/images/") ||
    path.startsWith("/assets/") ||
    path.startsWith("/admin") ||
    path.startsWith("/mon-compte") ||
    path.startsWith("/commande/") ||
    path === "/auth" ||
    path === "/reinitialiser-mot-de-passe" ||
    path === "/__manifest" ||
    /\.[a-z0-9]+$/i.test(path)
  );
}

/** The flash cookie (flash.server.ts): its one page shows the message, so it is the visitor's own. */
const PENDING_FLASH = /(?:^|;\s*)nacre_flash=/;

export function isCacheableRequest(req: Request): boolean {
  return (
    req.method === "GET" &&
    !req.headers.authorization &&
    !PENDING_FLASH.test(req.headers.cookie ?? "") &&
    isPagePath(req.path) &&
    // The order form lists the visitor's own cart or favourites (docs/product.md §10.3).
    !(req.path === "/contact" && req.query.commande !== undefined)
  );
}

/**
 * Writes that change no public page: a visitor's basket and favourites, the support chat, signing
 * in, up and out. They leave the cache alone — else every visitor's 'Ajouter au panier' would
 * empty it for all. Placing an order is not one of them (it holds pieces, ADR 016).
 */
export function leavesPublicPagesAlone(req: Request): boolean {
  const path = req.path;
  return (
    path === "/api/panier" ||
    path === "/api/chat" ||
    path === "/auth" ||
    path === "/deconnexion" ||
    path.startsWith("/api/auth/")
  );
}

/**
 * What a kept page tells the browser and shared caches: the same bytes for everyone, so a CDN may
 * keep it for a few seconds (about the time a seller's edit takes to show here) and serve a
 * slightly stale copy while it asks again; the browser itself asks each time (ETag, `304`).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";

/** The content coding to send: brotli, else gzip, else none (`q=0` refuses a coding). */
export function acceptedEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";");
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

// Brotli 5 / gzip 6: most of the size the highest levels reach (within 4 %) for about a
// millisecond, paid once per version of a page, not per visitor.
function compress(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body, { level: 6 });
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The page made shareable: every `nonce="…"` attribute removed, and the hashes of the inline
 * scripts that carried it (the renderer's own). An inline script without the nonce (markup that
 * slipped into the page) gets no hash, so the browser still refuses it, as it did under the nonce.
 * Null when the nonce shows anywhere else in the page: it would not be secret any more.
 */
export function withoutNonce(html: string, nonce: string): { html: string; scriptHashes: string[] } | null {
  if (!nonce) return { html, scriptHashes: [] };
  const attribute = ` nonce="${nonce}"`;
  const scriptHashes: string[] = [];
  for (const [, attributes = "", content = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(attribute) || /\ssrc=/i.test(attributes)) continue;
    const hash = `'sha256-${crypto.createHash("sha256").update(content).digest("base64")}'`;
    if (!scriptHashes.includes(hash)) scriptHashes.push(hash);
  }
  const shared = html.split(attribute).join("");
  return shared.includes(nonce) ? null : { html: shared, scriptHashes };
}

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)#?"\/>/g;

/**
 * The page's stylesheets written into it (ADR 018): a first visit paints once the HTML is in,
 * without a round trip per stylesheet. Each link stays, after its text and for print only, so the
 * document React hydrates still has it, and it no longer holds the first paint.
 */
export function withInlineStylesheets(
  html: string,
  stylesheet: (href: string) => string | undefined,
): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = stylesheet(href);
    if (css === undefined || css.includes("</")) return link;
    return `<style data-href="${href}">${css}</style>${link.replace('rel="stylesheet"', 'rel="stylesheet" media="print"')}`;
  });
}

export function pageCache({ ttlMs, maxEntries = 200, shared, stylesheet }: PageCacheOptions) {
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

  // isbot runs a long expression: its answer is remembered per user agent (a few hundred kept).
  const botAgents = new Map<string, boolean>();
  function keyOf(req: Request): string {
    const agent = req.headers["user-agent"] ?? "";
    let bot = botAgents.get(agent);
    if (bot === undefined) {
      bot = isbot(agent);
      if (botAgents.size >= 500) botAgents.clear();
      botAgents.set(agent, bot);
    }
    return `${bot ? "bot" : "browser"} ${req.originalUrl}`;
  }

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    return entry && entry.expires > Date.now() ? entry : undefined;
  }

  /** Sends a kept page: `304` when the browser has it already, else its body in the best coding. */
  function serve(req: Request, res: Response, entry: Entry, source: "hit" | "miss") {
    res.statusCode = 200;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("ETag", entry.etag);
    res.setHeader("X-Page-Cache", source);
    const known = req.headers["if-none-match"]?.split(",") ?? [];
    if (known.some((tag) => tag.trim().replace(/^W\//, "") === entry.etag.slice(2))) {
      res.statusCode = 304;
      res.removeHeader("Content-Type");
      res.end();
      return;
    }
    const encoding = acceptedEncoding(req.headers["accept-encoding"]);
    let body = entry.body;
    if (encoding !== "identity") {
      body = entry.encoded[encoding] ??= compress(entry.body, encoding);
      res.setHeader("Content-Encoding", encoding);
    }
    res.setHeader("Content-Length", body.length);
    res.end(body);
  }

  /** First in the chain: a fresh page goes out at once, anything else goes on. */
  const hits = (req: Request, res: Response, next: NextFunction) => {
    if (ttlMs <= 0 || !isCacheableRequest(req)) return next();
    const entry = fresh(keyOf(req));
    if (entry) return serve(req, res, entry, "hit");
    next();
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD" && !leavesPublicPagesAlone(req)) {
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

    const key = keyOf(req);
    const cached = fresh(key);
    if (cached) return serve(req, res, cached, "hit");

    const waiting = pending.get(key);
    if (waiting) {
      waiting.then((entry) => (entry ? serve(req, res, entry, "hit") : next()), next);
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
    capture(req, res, key, generation, done);
    next();
  };

  /**
   * Holds back what the renderer writes. At its end a shareable page is kept and sent like a hit;
   * anything else (an error page, a page that sets a cookie) goes out as it was written.
   */
  function capture(
    req: Request,
    res: Response,
    key: string,
    startedAt: number,
    done: (entry: Entry | null) => void,
  ) {
    const chunks: Buffer[] = [];
    const write = res.write;
    const end = res.end;
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
      const onWritten = [encoding, callback].find((arg) => typeof arg === "function");
      if (onWritten) process.nextTick(onWritten as () => void);
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      keep(chunk, encoding);
      res.write = write;
      res.end = end;
      const onFinished = [chunk, encoding, callback].find((arg) => typeof arg === "function");
      if (onFinished) res.once("finish", onFinished as () => void);
      const body = Buffer.concat(chunks);
      const entry = generation === startedAt && shareable(res) ? store(key, res, body) : null;
      done(entry);
      if (entry) serve(req, res, entry, "miss");
      else res.end(body);
      return res;
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

  function store(key: string, res: Response, rendered: Buffer): Entry | null {
    const nonce = String(res.locals.cspNonce ?? "");
    const page = withoutNonce(rendered.toString("utf8"), nonce);
    if (!page) return null;
    const headers = res
      .getHeaderNames()
      .filter((name) => !PER_RESPONSE.has(name) && name !== "cache-control")
      .map((name): [string, HeaderValue] => {
        const value = res.getHeader(name) ?? "";
        // The render's nonce gives way to the hashes of the scripts that carried it.
        return name === "content-security-policy" && nonce
          ? [name, String(value).replace(`'nonce-${nonce}'`, page.scriptHashes.join(" "))]
          : [name, value];
      });
    headers.push(["cache-control", PUBLIC_PAGE_CACHE_CONTROL]);
    const body = Buffer.from(stylesheet ? withInlineStylesheets(page.html, stylesheet) : page.html, "utf8");
    const etag = `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    // A page rendered again unchanged keeps the compressed bodies of its previous version.
    const previous = entries.get(key);
    const entry: Entry = {
      expires: Date.now() + ttlMs,
      headers,
      etag,
      body,
      encoded: previous?.etag === etag ? previous.encoded : {},
    };
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
    return entry;
  }

  return Object.assign(middleware, { clear, hits, size: () => entries.size });
}
