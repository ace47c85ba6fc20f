/**
 * POST /alertes/desinscription/:jeton — unsubscription in one request (RFC 8058, docs/product.md
 * §10.30, ADR 033). A mail app posts `List-Unsubscribe=One-Click` from its own servers, with no
 * cookie and another Origin (or none): answered here, ahead of the shop's Origin check and of React
 * Router's, which refuse cross-site writes everywhere else. Nothing here needs a session, and the
 * token itself (an HMAC under AUTH_SECRET) is the proof; the write it allows only ends a
 * subscription. The visible link's page posts the same body from the shop: a browser asking for a
 * page is sent back to it, marked done (303), so it works without JavaScript.
 */
import type { NextFunction, Request, Response } from "express";
import { getAppContext } from "~/server/context.server";
import { unsubscribe } from "./alerts.server";

/** Only this path and method are exempt from the cross-site write refusal. */
export const ONE_CLICK_PATH = /^\/alertes\/desinscription\/([A-Za-z0-9._-]{1,120})$/;
/** RFC 8058's body is one short field: anything longer is not it. */
const MAX_BODY_BYTES = 4096;

function readBody(req: Request): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.removeAllListeners("data");
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function refuse(res: Response, status: number, message: string) {
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

export async function oneClickUnsubscribe(req: Request, res: Response, next: NextFunction) {
  const match = ONE_CLICK_PATH.exec(req.path);
  if (req.method !== "POST" || !match) return next();
  res.setHeader("Cache-Control", "no-store");
  try {
    const body = await readBody(req);
    if (body === null) return refuse(res, 413, "Requête trop volumineuse.");
    const type = String(req.headers["content-type"] ?? "");
    let field: FormDataEntryValue | null = null;
    if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
      const form = await new globalThis.Request("http://boutique/", {
        method: "POST",
        headers: { "content-type": type },
        body: new Uint8Array(body),
      })
        .formData()
        .catch(() => null);
      field = form?.get("List-Unsubscribe") ?? null;
    }
    if (field !== "One-Click")
      return refuse(res, 400, "Requête invalide : attendu « List-Unsubscribe=One-Click ».");
    const token = match[1] as string;
    if (!(await unsubscribe(getAppContext(), token)))
      return refuse(res, 404, "Ce lien de désinscription n'est pas valable.");
    // A visitor's browser (the link's page) goes back to the page, which now says it is done.
    if (String(req.headers.accept ?? "").includes("text/html"))
      return res.redirect(303, `/alertes/desinscription/${token}?fait=1`);
    res.status(200).type("text/plain; charset=utf-8").send("Désinscription effectuée.");
  } catch (error) {
    next(error);
  }
}
