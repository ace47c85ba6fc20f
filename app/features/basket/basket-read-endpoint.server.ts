/**
 * GET /api/panier — the visitor's cart and favourites in JSON (ADR 032): a customer's, a guest's
 * (the `nacre_panier` cookie), or two empty lists; it never makes a basket nor sets a cookie. A
 * script may ask for it at any moment, so Express answers it ahead of React Router, as
 * /api/disponibilite, and the session is read without Better Auth's request machinery
 * (docs/product.md §10.17: ≥ 1,500 reads a second). The writes (POST) are the route's action
 * (routes/api/cart.ts).
 */
import type { RequestHandler } from "express";
import { getDb } from "~/server/context.server";
import { basketLists } from "./basket.server";
import { basketOwnerForRead } from "./guest-basket.server";

export const BASKET_PATH = "/api/panier";

/** Registered with `app.get` (GET and HEAD): a post goes on to React Router. */
export const basketReadEndpoint: RequestHandler = async (req, res, next) => {
  try {
    // Only the cookies name the reader: the session's, else the guest basket's.
    const lists = await basketLists(getDb(), await basketOwnerForRead(req.headers.cookie));
    const body = JSON.stringify({ ok: true, ...lists });
    // One visitor's lists, changed by every add: never kept by a browser or a shared cache, so
    // sent without the ETag Express's res.json would compute (a SHA-1 of every answer).
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Length", Buffer.byteLength(body));
    res.end(body);
  } catch (error) {
    next(error);
  }
};
