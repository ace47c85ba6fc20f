/**
 * When a visitor last asked this process for something. Background work that would compete with a
 * page being loaded for the two cores — the image sizes made ahead of time (ADR 010) — waits for a
 * quiet moment first: a visitor's page, its images and its scripts go out before sharp starts the
 * next size. The health check does not count (a load balancer asks it every few seconds).
 */
import type { NextFunction, Request, Response } from "express";

let lastRequestAt = Number.NEGATIVE_INFINITY;

export function noteVisitorRequest(now = performance.now()) {
  lastRequestAt = now;
}

/** Express middleware: notes every request but the health check. */
export function visitorActivity() {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.path !== "/healthz") noteVisitorRequest();
    next();
  };
}

/**
 * Resolves once no request has arrived for `quietMs`, or after `maxWaitMs` whatever the traffic: a
 * shop that is never quiet still makes its sizes, slowly, instead of never.
 */
export async function whenVisitorsQuiet({ quietMs, maxWaitMs }: { quietMs: number; maxWaitMs: number }) {
  const started = performance.now();
  for (;;) {
    const now = performance.now();
    const quietFor = now - lastRequestAt;
    const waited = now - started;
    if (quietFor >= quietMs || waited >= maxWaitMs) return;
    // Unref'd: a wait never holds a stopping server open.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(quietMs - quietFor, maxWaitMs - waited)).unref(),
    );
  }
}
