/**
 * Request body caps, before any route reads a byte (issue 10: oversize bodies get a French 4xx).
 * Forms and JSON carry at most 1 MB; file uploads (multipart) at most 50 MB, each route then
 * applying its own smaller limit. A body must announce its length, except on the admin upload
 * routes, which count the bytes as they stream (admin-uploads.server.ts).
 */
import type { RequestHandler } from "express";

export const FORM_MAX_BYTES = 1024 * 1024;
export const UPLOAD_MAX_BYTES = 50 * 1000 * 1000;
const COUNTED_WHILE_STREAMING = /^\/api\/admin\//;

export function bodyLimits(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    // The admin upload routes cap and count their bodies themselves, with their own message.
    if (COUNTED_WHILE_STREAMING.test(req.path)) return next();
    const declared = req.headers["content-length"];
    const chunked = declared === undefined && req.headers["transfer-encoding"] !== undefined;
    if (chunked) {
      res.status(411).type("text/plain; charset=utf-8").send("Longueur de la requête requise.");
      return;
    }
    const multipart = String(req.headers["content-type"] ?? "").startsWith("multipart/form-data");
    const cap = multipart ? UPLOAD_MAX_BYTES : FORM_MAX_BYTES;
    if (Number(declared ?? 0) > cap) {
      // The client may still be sending: close the connection once it has the answer.
      res.setHeader("Connection", "close");
      res
        .status(413)
        .type("text/plain; charset=utf-8")
        .send(`Requête trop volumineuse (${multipart ? "50 Mo" : "1 Mo"} au maximum).`);
      return;
    }
    next();
  };
}
