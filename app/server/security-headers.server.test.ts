import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.server";

function headersFor(options: { https: boolean; csp: boolean }, path = "/") {
  const headers = new Map<string, string>();
  const res = {
    locals: {} as Record<string, unknown>,
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
  };
  let called = false;
  securityHeaders(options)(
    { path } as Request,
    res as unknown as Response,
    (() => {
      called = true;
    }) as NextFunction,
  );
  expect(called).toBe(true);
  return { headers, nonce: res.locals.cspNonce as string };
}

describe("securityHeaders", () => {
  it("sends HSTS only when the shop is served over https", () => {
    expect(headersFor({ https: true, csp: true }).headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect(headersFor({ https: false, csp: true }).headers.has("strict-transport-security")).toBe(false);
  });

  it("gives every response its own nonce, and no inline script without it", () => {
    const first = headersFor({ https: false, csp: true });
    const second = headersFor({ https: false, csp: true });
    expect(first.nonce).not.toBe(second.nonce);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`script-src 'self' 'nonce-${first.nonce}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    // The service worker (public/sw.js) and the web app manifest come from this origin.
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/manifest-src 'self'/);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("sends no Referer from an order's private page, whose address is its key", () => {
    expect(headersFor({ https: false, csp: true }).headers.get("referrer-policy")).toBe(
      "strict-origin-when-cross-origin",
    );
    expect(
      headersFor(
        { https: false, csp: true },
        "/commande/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
      ).headers.get("referrer-policy"),
    ).toBe("no-referrer");
  });
});
