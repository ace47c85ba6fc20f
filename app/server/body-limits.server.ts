/**
 * Request bodies, bounded before any route reads a byte (docs/security.md "Body limits"). One table
 * says which paths take multipart (a file upload) and how much; every other path takes forms
 * (urlencoded) and JSON only, of at most 1 MB and 1,000 fields. What a body declares is judged
 * before it is read; what it holds (its fields, and the bytes of a body sent without a length) is
 * counted while it streams, chunk by chunk, before any parser, rate limit or schema sees it: the
 * first chunk past a limit is answered with a French 413, and the route's reader gets an error
 * instead of the chunk. A body must announce its length, except on the upload routes, which count
 * it. Any other content type gets a French 415.
 *
 * A body the server leaves unread makes the connection end with a reset, and the client then never
 * sees the answer: whatever the refusals here or an action left unread is read and dropped once the
 * answer is sent (up to 200 MB; past that the connection is closed).
 */
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { RequestHandler, Response } from "express";

export interface BodyLimit {
  maxBytes: number;
  /** Form fields: the parts of a multipart body, the `name=value` pairs of an urlencoded one. */
  maxFields: number;
}

/** Forms (urlencoded) and JSON, on every route. */
export const FORM_LIMIT: BodyLimit = { maxBytes: 1024 * 1024, maxFields: 1000 };
/** Ten pictures of up to 4.5 MB (the browser compresses anything larger) fit in one save. */
export const UPLOAD_MAX_BYTES = 48_000_000;
export const UPLOAD_TOO_LARGE = "L'envoi est trop volumineux (48 Mo au maximum).";

interface MultipartRoute {
  path: RegExp;
  limit: BodyLimit;
  /** Counted while it streams, so it may come without a length (the dashboard's uploads). */
  unannounced: boolean;
  /** JSON resource routes answer `{ ok: false, error }`, as their own refusals do. */
  json: boolean;
}

/**
 * The only paths that take multipart: the dashboard's picture uploads (ADR 006, ADR 010) and the
 * profile forms with their avatar. A page posted by React Router is also reached as `<path>.data`.
 * The profile actions then refuse a picture over 5 MB themselves, in their form's words; the cap
 * here is only the outer bound.
 */
const MULTIPART_ROUTES: MultipartRoute[] = [
  {
    path: /^\/api\/admin\/(produits|evenements)$/,
    limit: { maxBytes: UPLOAD_MAX_BYTES, maxFields: 500 },
    unannounced: true,
    json: true,
  },
  {
    path: /^(\/admin)?\/mon-compte(\.data)?$/,
    limit: { maxBytes: UPLOAD_MAX_BYTES, maxFields: 20 },
    unannounced: false,
    json: false,
  },
];

export const UNSUPPORTED_TYPE_MESSAGE =
  "Type de contenu non pris en charge : envoyez un formulaire ou du JSON.";
export const NO_FILE_HERE_MESSAGE =
  "Ce formulaire ne prend pas de fichier : envoyez-le comme un formulaire simple.";
const LENGTH_REQUIRED = "Longueur de la requête requise.";
const INVALID = "Requête invalide.";

const megabytes = (bytes: number) => `${Math.round(bytes / 1_000_000)} Mo`;
export const tooLargeMessage = (limit: BodyLimit) =>
  limit === FORM_LIMIT
    ? "Requête trop volumineuse (1 Mo au maximum)."
    : `Requête trop volumineuse (${megabytes(limit.maxBytes)} au maximum).`;
/** 1000 → "1 000" (a no-break space between thousands, whatever the machine's locale data). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
export const tooManyFieldsMessage = (limit: BodyLimit) =>
  `Formulaire refusé : ${thousands(limit.maxFields)} champs au maximum.`;

/** Past this many bytes an unread body is no longer drained: the connection is closed instead. */
const DRAIN_MAX_BYTES = 200_000_000;

type Kind = "urlencoded" | "multipart" | "json";

function kindOf(type: string): Kind | null {
  const essence = type.split(";")[0]?.trim().toLowerCase();
  if (essence === "application/x-www-form-urlencoded") return "urlencoded";
  if (essence === "multipart/form-data") return "multipart";
  if (essence === "application/json") return "json";
  return null;
}

/** The boundary parameter of a multipart content type, quoted or not; null when absent. */
export function boundaryOf(type: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(type);
  return match?.[1] ?? match?.[2] ?? null;
}

export type Excess = "bytes" | "fields";

/**
 * Counts a body's bytes and fields as its chunks arrive: for urlencoded, the `&` between pairs;
 * for multipart, the `--boundary` delimiters, found across chunk borders too. `take` answers the
 * limit the chunk went past, or null while the body stays within bounds.
 */
export function bodyCounter(kind: Kind, limit: BodyLimit, boundary: string | null = null) {
  let bytes = 0;
  let fields = 0;
  const delimiter = kind === "multipart" && boundary ? Buffer.from(`--${boundary}`) : null;
  // The end of the previous chunk, where a delimiter cut in two may have begun.
  let carry = Buffer.alloc(0);
  return {
    take(chunk: Buffer): Excess | null {
      bytes += chunk.length;
      if (bytes > limit.maxBytes) return "bytes";
      if (kind === "urlencoded") {
        // n separators make n + 1 pairs; an empty body has none.
        if (fields === 0 && chunk.length > 0) fields = 1;
        for (let at = chunk.indexOf(0x26); at !== -1; at = chunk.indexOf(0x26, at + 1)) fields += 1;
      } else if (delimiter) {
        const text = carry.length ? Buffer.concat([carry, chunk]) : chunk;
        for (let at = text.indexOf(delimiter); at !== -1; at = text.indexOf(delimiter, at + delimiter.length))
          fields += 1;
        carry = Buffer.from(text.subarray(Math.max(0, text.length - (delimiter.length - 1))));
        // Two delimiters around one part; the last one closes the body.
      }
      const parts = kind === "multipart" ? Math.max(0, fields - 1) : fields;
      return parts > limit.maxFields ? "fields" : null;
    },
  };
}

/** Reads and drops the rest of the body, then calls `done(true)`; `done(false)` past `maxBytes`. */
function drain(req: IncomingMessage, maxBytes: number, done: (complete: boolean) => void) {
  if (req.complete || req.readableEnded) return done(true);
  let seen = 0;
  let settled = false;
  const finish = (complete: boolean) => {
    if (settled) return;
    settled = true;
    req.off("data", count);
    req.off("end", ended);
    req.off("error", failed);
    done(complete);
  };
  const count = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) finish(false);
  };
  const ended = () => finish(true);
  const failed = () => finish(false);
  req.on("data", count);
  req.once("end", ended);
  req.once("error", failed);
  req.resume();
}

/** Once the answer is sent, whatever body the action did not read is dropped, not left to reset. */
function drainAfterAnswer(req: IncomingMessage, res: Response) {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    // The framework's reader (paused, its buffer unread) has nothing more to give anyone.
    req.removeAllListeners("data");
    drain(req, DRAIN_MAX_BYTES, (complete) => {
      if (!complete) req.socket.destroy();
    });
  });
}

/**
 * Answers at once, with how long the server took to decide (Server-Timing `corps`, from the
 * request's arrival in the app); the body is then drained (drainAfterAnswer), so the connection
 * stays usable.
 */
function refuse(req: IncomingMessage, res: Response, status: number, message: string, json = false) {
  if (res.headersSent) {
    // The route already answered: only the rest of the body is refused.
    req.socket.destroy();
    return;
  }
  // A body too large to drain: the connection is closed once the answer is out.
  if (Number(req.headers["content-length"] ?? 0) > DRAIN_MAX_BYTES) res.setHeader("Connection", "close");
  const startedAt = Number(res.locals.receivedAt ?? performance.now());
  res.setHeader("Server-Timing", `corps;dur=${(performance.now() - startedAt).toFixed(1)}`);
  res.setHeader("Cache-Control", "no-store");
  if (json) res.status(status).json({ ok: false, error: message });
  else res.status(status).type("text/plain; charset=utf-8").send(message);
}

class BodyRefusedError extends Error {}

/**
 * The body as the route reads it: the request's own chunks, each counted before it is handed on.
 * The first chunk past a limit is never handed on: the client gets the 413, the route's reader an
 * error (its action then stops, and its answer is dropped: the request is already answered).
 */
class CountedBody extends Readable {
  #refused = false;

  constructor(
    private readonly source: IncomingMessage,
    counter: ReturnType<typeof bodyCounter>,
    onExcess: (excess: Excess) => void,
  ) {
    super({ highWaterMark: source.readableHighWaterMark });
    // The route's reader, when it reads, hears the errors; one that never reads must not make an
    // unheard error take the process down (a client gone before the guard's answer was read).
    this.on("error", () => {});
    source.on("data", (chunk: Buffer) => {
      if (this.#refused || this.destroyed) return;
      const excess = counter.take(chunk);
      if (excess) {
        this.#refused = true;
        onExcess(excess);
        this.destroy(new BodyRefusedError(excess));
        return;
      }
      if (!this.push(chunk)) source.pause();
    });
    source.once("end", () => {
      if (!this.#refused) this.push(null);
    });
    source.once("error", (error) => this.destroy(error));
    source.once("close", () => {
      if (!source.complete && !this.destroyed) this.destroy(new Error("requête interrompue"));
    });
    // Nothing flows until the route reads.
    source.pause();
  }

  override _read() {
    this.source.resume();
  }
}

const countedBodies = new WeakMap<IncomingMessage, CountedBody>();

/** What React Router's adapter reads of a request as a stream: taken from the counted body. */
const STREAM_MEMBERS = new Set<PropertyKey>([
  "on",
  "once",
  "off",
  "addListener",
  "prependListener",
  "prependOnceListener",
  "removeListener",
  "removeAllListeners",
  "listenerCount",
  "pause",
  "resume",
  "isPaused",
  "read",
  "pipe",
  "unpipe",
  "destroy",
  "destroyed",
  "readable",
  "readableEnded",
  "readableFlowing",
  "readableHighWaterMark",
  Symbol.asyncIterator,
]);

/**
 * The request React Router reads (http-app.server.ts): the same request, whose body, when this
 * module counts it, comes through the counter.
 */
export function withCountedBody<T extends IncomingMessage>(req: T): T {
  const body = countedBodies.get(req);
  if (!body) return req;
  return new Proxy(req, {
    get(target, key) {
      if (!STREAM_MEMBERS.has(key)) return Reflect.get(target, key, target);
      const value = Reflect.get(body, key, body);
      // The stream's own methods run on the counted body, not on the proxy.
      return typeof value === "function" ? Function.prototype.bind.call(value, body) : value;
    },
  });
}

export function bodyLimits(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    drainAfterAnswer(req, res);
    const type = String(req.headers["content-type"] ?? "");
    const kind = kindOf(type);
    const route =
      kind === "multipart" ? MULTIPART_ROUTES.find((entry) => entry.path.test(req.path)) : undefined;
    const limit = route?.limit ?? FORM_LIMIT;
    const json = route?.json ?? false;
    const declared = req.headers["content-length"];
    const unannounced = declared === undefined && req.headers["transfer-encoding"] !== undefined;
    if (unannounced && !route?.unannounced) {
      refuse(req, res, 411, LENGTH_REQUIRED);
      return;
    }
    const length = Number(declared ?? 0);
    if (length > limit.maxBytes) {
      refuse(req, res, 413, json ? UPLOAD_TOO_LARGE : tooLargeMessage(limit), json);
      return;
    }
    if (length === 0 && !unannounced) return next();
    if (kind === null) {
      refuse(req, res, 415, UNSUPPORTED_TYPE_MESSAGE);
      return;
    }
    if (kind === "multipart" && !route) {
      refuse(req, res, 415, NO_FILE_HERE_MESSAGE);
      return;
    }
    const boundary = kind === "multipart" ? boundaryOf(type) : null;
    if (kind === "multipart" && !boundary) {
      refuse(req, res, 400, INVALID, json);
      return;
    }
    // A JSON body is bounded by its length, which Node holds it to; forms are counted.
    if (kind === "json") return next();
    const counted = new CountedBody(req, bodyCounter(kind, limit, boundary), (excess) =>
      refuse(
        req,
        res,
        413,
        excess === "fields" ? tooManyFieldsMessage(limit) : json ? UPLOAD_TOO_LARGE : tooLargeMessage(limit),
        json,
      ),
    );
    countedBodies.set(req, counted);
    next();
  };
}
