/**
 * Background work waits for a quiet moment between visitors' requests (ADR 010: sizes made ahead of
 * time), but never longer than its bound; the health check is not a visitor.
 */
import express from "express";
import { describe, expect, it } from "vitest";
import { noteVisitorRequest, visitorActivity, whenVisitorsQuiet } from "./visitor-activity.server";

async function elapsed(task: () => Promise<unknown>) {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

describe("whenVisitorsQuiet", () => {
  it("waits until no request came for quietMs", async () => {
    noteVisitorRequest();
    const waited = await elapsed(() => whenVisitorsQuiet({ quietMs: 150, maxWaitMs: 2000 }));
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(1000);
  });

  it("waits again when another request arrives meanwhile", async () => {
    noteVisitorRequest();
    const later = setTimeout(() => noteVisitorRequest(), 100);
    const waited = await elapsed(() => whenVisitorsQuiet({ quietMs: 150, maxWaitMs: 2000 }));
    clearTimeout(later);
    expect(waited).toBeGreaterThanOrEqual(240);
  });

  it("goes on after maxWaitMs on a shop that is never quiet", async () => {
    const busy = setInterval(() => noteVisitorRequest(), 20);
    noteVisitorRequest();
    const waited = await elapsed(() => whenVisitorsQuiet({ quietMs: 150, maxWaitMs: 300 }));
    clearInterval(busy);
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(1000);
  });

  it("does not wait once the last request is older than quietMs", async () => {
    noteVisitorRequest(performance.now() - 1000);
    expect(await elapsed(() => whenVisitorsQuiet({ quietMs: 150, maxWaitMs: 2000 }))).toBeLessThan(50);
  });
});

describe("visitorActivity middleware", () => {
  it("notes a page request but not the health check", async () => {
    const app = express();
    app.use(visitorActivity());
    app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
    app.get("/catalogue", (_req, res) => void res.send("ok"));
    const server = app.listen(0);
    const { port } = server.address() as { port: number };
    try {
      noteVisitorRequest(performance.now() - 1000);
      await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await elapsed(() => whenVisitorsQuiet({ quietMs: 150, maxWaitMs: 2000 }))).toBeLessThan(50);
      await fetch(`http://127.0.0.1:${port}/catalogue`);
      expect(
        await elapsed(() => whenVisitorsQuiet({ quietMs: 150, maxWaitMs: 2000 })),
      ).toBeGreaterThanOrEqual(100);
    } finally {
      server.close();
    }
  });
});
