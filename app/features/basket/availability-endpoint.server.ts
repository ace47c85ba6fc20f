/**
 * GET /api/disponibilite?id=…&id=… — whether pieces can still be ordered (sold, out of stock or
 * deleted ones are then shown as unavailable): the order form of /contact keeps its lines' state
 * up to date with it while the visitor fills it in (docs/product.md §10.19). Baskets themselves are
 * read from the server since ADR 032. Express answers it ahead of React Router, whose per-request
 * work (a Fetch request, route matching, a response stream) cost three times the query itself
 * (docs/product.md §10.17: a JSON list ≥ 1,500 requests/s).
 */
import type { RequestHandler } from "express";
import { getDb } from "~/server/context.server";
import { checkAvailability } from "./basket.server";

const ID = /^[a-z0-9]{1,32}$/;

export const AVAILABILITY_PATH = "/api/disponibilite";

export const availabilityEndpoint: RequestHandler = async (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).json({ ok: false, error: "Méthode non autorisée." });
    return;
  }
  try {
    const ids = new URL(req.originalUrl, "http://nacre.local").searchParams
      .getAll("id")
      .filter((id) => ID.test(id))
      .slice(0, 500);
    const availability = await checkAvailability(getDb(), ids);
    res.setHeader("Cache-Control", "no-store");
    res.json({ ok: true, availability });
  } catch (error) {
    next(error);
  }
};
