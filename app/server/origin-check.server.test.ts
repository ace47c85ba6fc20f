import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { parseEnv, trustedOrigins } from "./env.server";
import { originCheck } from "./origin-check.server";
import { createTestContext } from "./test-context";

/** Runs the check on a POST with these headers: "next" when it lets it through, else the status. */
function judge(allowed: string[], headers: Record<string, string>): number | "next" {
  let outcome: number | "next" = "next";
  const res = {
    status(code: number) {
      outcome = code;
      return res;
    },
    type: () => res,
    send: () => res,
  } as unknown as Response;
  originCheck(allowed)({ method: "POST", headers } as Request, res, (() => {}) as NextFunction);
  return outcome;
}

describe("the Origin check of mutations", () => {
  const shop = ["https://bijoux.example.fr", "https://www.bijoux.example.fr"];

  it("accepts the shop's own origins: PUBLIC_URL's and its aliases'", () => {
    expect(judge(shop, { origin: "https://bijoux.example.fr", host: "bijoux.example.fr" })).toBe("next");
    expect(judge(shop, { origin: "https://www.bijoux.example.fr", host: "www.bijoux.example.fr" })).toBe(
      "next",
    );
  });

  it("refuses the same host over another scheme or port, whatever Host says", () => {
    expect(judge(shop, { origin: "http://bijoux.example.fr", host: "bijoux.example.fr" })).toBe(403);
    expect(judge(shop, { origin: "https://bijoux.example.fr:8443", host: "bijoux.example.fr:8443" })).toBe(
      403,
    );
    expect(judge(shop, { origin: "https://evil.example", host: "evil.example" })).toBe(403);
  });

  it("judges a request without Origin by Sec-Fetch-Site", () => {
    expect(judge(shop, { "sec-fetch-site": "cross-site" })).toBe(403);
    expect(judge(shop, {})).toBe("next");
  });
});

describe("PUBLIC_URL_ALIASES", () => {
  const base = {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "nacre-origines-")),
    PUBLIC_URL: "https://bijoux.example.fr",
  };

  it("adds each alias's origin to the trusted ones", () => {
    const env = parseEnv({
      ...base,
      PUBLIC_URL_ALIASES: "https://www.bijoux.example.fr, http://boutique.local:8080/",
    });
    expect(env.PUBLIC_URL_ALIASES).toEqual(["https://www.bijoux.example.fr", "http://boutique.local:8080"]);
  });

  it("refuses at start anything but an http(s) origin, naming the variable", () => {
    for (const value of [
      "bijoux.example.fr",
      "ftp://bijoux.example.fr",
      "https://bijoux.example.fr/boutique",
    ])
      expect(() => parseEnv({ ...base, PUBLIC_URL_ALIASES: value }), value).toThrow(/PUBLIC_URL_ALIASES/);
  });

  it("Better Auth trusts no localhost origin in production; development keeps the local addresses of PORT", async () => {
    const ctx = await createTestContext({
      PUBLIC_URL: base.PUBLIC_URL,
      NODE_ENV: "production",
      PORT: "3000",
    });
    try {
      const trusted = (await ctx.auth.$context).trustedOrigins;
      expect(trusted).toContain("https://bijoux.example.fr");
      expect(trusted.filter((origin) => /localhost|127\.0\.0\.1/.test(origin))).toEqual([]);
    } finally {
      await ctx.close();
    }
    const development = trustedOrigins(parseEnv({ ...base, NODE_ENV: "development", PORT: "3000" }));
    expect(development).toContain("http://localhost:3000");
    expect(development).toContain("http://127.0.0.1:3000");
  });
});
