/**
 * Request body caps, before any route reads a byte (issue 10: oversize bodies get a French 4xx).
 * Forms and JSON carry at most 1 MB; file uploads (multipart) at most 50 MB, each route then
 * applying its own smaller limit. A body must announce its length, except on the admin upload
 * routes, which count the bytes as they stream (admin-uploads.server.ts). Only forms, multipart and
 * JSON are read by the actions: any other body gets a French 415.
 *
 * A body the server leaves unread makes the connection end with a reset, and the client then never
 * sees the answer (issue 16): whatever the refusals here or an action left unread is read and
 * dropped once the answer is sent (up to 200 MB; past that the connection is closed).
 */
import type { IncomingMessage } from "node:http";
import type { RequestHandler, Response } from "express";

export const FORM_MAX_BYTES = 1024 * 1024;
export const UPLOAD_MAX_BYTES = 50 * 1000 * 1000;
export const UNSUPPORTED_TYPE_MESSAGE =
  "Type de contenu non pris en charge : envoyez un formulaire ou du JSON.";
const COUNTED_WHILE_STREAMING = /^\/api\/admin\//;
const READABLE_TYPES =
  /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|application\/json)\s*(;|$)/i;
/** Past this many bytes an unread body is no longer drained: the connection is closed instead. */
const DRAIN_MAX_BYTES = 4 * UPLOAD_MAX_BYTES;

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

/** Answers at once; the body is then drained (drainAfterAnswer), so the connection stays usable. */
function refuse(req: IncomingMessage, res: Response, status: number, message: string) {
  // A body too large to drain: the connection is closed once the answer is out.
  if (Number(req.headers["content-length"] ?? 0) > DRAIN_MAX_BYTES) res.setHeader("Connection", "close");
  res.status(status).type("text/plain; charset=utf-8").send(message);
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

export function bodyLimits(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    drainAfterAnswer(req, res);
    // The admin upload routes cap and count their bodies themselves, with their own message.
    if (COUNTED_WHILE_STREAMING.test(req.path)) return next();
    const declared = req.headers["content-length"];
    const chunked = declared === undefined && req.headers["transfer-encoding"] !== undefined;
    if (chunked) {
      res.status(411).type("text/plain; charset=utf-8").send("Longueur de la requête requise.");
      return;
    }
    const type = String(req.headers["content-type"] ?? "");
    const multipart = type.startsWith("multipart/form-data");
    const cap = multipart ? UPLOAD_MAX_BYTES : FORM_MAX_BYTES;
    const length = Number(declared ?? 0);
    if (length > cap) {
      const message = `Requête trop volumineuse (${multipart ? "50 Mo" : "1 Mo"} au maximum).`;
      refuse(req, res, 413, message);
      return;
    }
    if (length > 0 && !READABLE_TYPES.test(type)) {
      refuse(req, res, 415, UNSUPPORTED_TYPE_MESSAGE);
      return;
    }
    next();
  };
}
