/**
 * Structured request logs: one JSON line per answered request on stdout, for whatever collects
 * the process output. Never a body, a cookie or a header; query values and path segments that may
 * carry a secret (a reset token in Better Auth's `/api/auth/reset-password/<token>`, a password)
 * are masked, so whoever reads the logs cannot take over an account (docs/security.md).
 *
 * Off the response path (ADR 018): a finished request only leaves a few fields in a queue; the
 * lines are made and written together a little later, by the thread pool, so a slow reader of
 * the output (a full pipe) never holds a response or the event loop.
 */
import fs from "node:fs";
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

interface Finished {
  time: number;
  method: string;
  url: string;
  status: number;
  ms: number;
  ip: string;
}

function line(request: Finished): string {
  return `${JSON.stringify({
    time: new Date(request.time).toISOString(),
    level: request.status >= 500 ? "error" : request.status >= 400 ? "warn" : "info",
    method: request.method,
    path: loggablePath(request.url),
    status: request.status,
    ms: request.ms,
    ip: request.ip,
  })}\n`;
}

/** Writes all of `bytes` to `fd` from the thread pool, waiting while a non-blocking pipe is full. */
function writeAll(fd: number, bytes: Buffer, done: () => void) {
  fs.write(fd, bytes, 0, bytes.length, null, (error, written) => {
    if (error && (error as NodeJS.ErrnoException).code === "EAGAIN") {
      setTimeout(() => writeAll(fd, bytes, done), 20).unref();
    } else if (!error && written < bytes.length) {
      writeAll(fd, bytes.subarray(written), done);
    } else {
      done();
    }
  });
}

export interface LogQueueOptions {
  /** Where the lines go: standard output by default. */
  fd?: number;
  /** How long finished requests wait to be written together. */
  delayMs?: number;
  /** Requests kept at most while the output is slow; beyond, they are counted, then reported. */
  maxQueued?: number;
}

/**
 * The queue the request log writes through. One write at a time, each carrying every line queued
 * meanwhile; what is still queued when the process exits is written synchronously.
 */
export function logQueue({ fd = 1, delayMs = 50, maxQueued = 10_000 }: LogQueueOptions = {}) {
  let queued: Finished[] = [];
  let dropped = 0;
  let writing = false;
  let timer: NodeJS.Timeout | undefined;
  const take = (): Buffer => {
    let text = queued.map(line).join("");
    if (dropped > 0) {
      text += `${JSON.stringify({ time: new Date().toISOString(), level: "warn", message: `${dropped} requêtes non journalisées (sortie trop lente)` })}\n`;
      dropped = 0;
    }
    queued = [];
    return Buffer.from(text, "utf8");
  };
  const flush = () => {
    timer = undefined;
    if (writing || (queued.length === 0 && dropped === 0)) return;
    writing = true;
    writeAll(fd, take(), () => {
      writing = false;
      if (queued.length > 0) schedule();
    });
  };
  const schedule = () => {
    if (!timer && !writing) timer = setTimeout(flush, delayMs);
  };
  process.once("exit", () => {
    if (queued.length > 0 || dropped > 0) fs.writeSync(fd, take());
  });
  return {
    push(request: Finished) {
      if (queued.length >= maxQueued) dropped += 1;
      else queued.push(request);
      schedule();
    },
  };
}

export function requestLog(queue: { push(request: Finished): void } = logQueue()): RequestHandler {
  return (req, res, next) => {
    // Hashed assets and health checks would drown the lines that matter.
    if (req.path.startsWith("/assets/") || req.path === "/healthz") return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      queue.push({
        time: Date.now(),
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
        ip: String(req.headers["x-forwarded-for"] ?? ""),
      });
    });
    next();
  };
}
