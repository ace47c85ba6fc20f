/**
 * The shared cache of anonymous pages (ADR 008, ADR 018) on the built server: anonymous copies are
 * the same bytes, allowed by script hashes and revalidated by ETag; a signed-in customer's page keeps
 * its own nonce and never reaches anyone else; a write empties the cache.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  type ShopServer,
  signIn,
  startShop,
  stopServer,
} from "../support/shop-server";

let server: ShopServer;
let url = "";
let customer = "";

beforeAll(async () => {
  server = await startShop("page-cache");
  url = server.url;
  customer = await signIn(url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
}, 180_000);

afterAll(() => stopServer(server));

async function page(path: string, cookie?: string) {
  const response = await fetch(url + path, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
  return { response, html, nonce, nonces, hit: response.headers.get("x-page-cache") === "hit" };
}

describe("shared page cache", () => {
  it("serves anonymous copies without a nonce, every inline script allowed by its hash", async () => {
    const first = await page("/catalogue");
    const second = await page("/catalogue");
    expect(second.hit).toBe(true);
    for (const copy of [first, second]) {
      expect(copy.response.status).toBe(200);
      expect(copy.nonce).toBe("");
      expect([...copy.nonces]).toEqual([]);
      expect(copy.response.headers.get("cache-control")).toBe("private, no-cache");
      expect(copy.response.headers.get("set-cookie")).toBeNull();
      const csp = copy.response.headers.get("content-security-policy") ?? "";
      const scripts = [...copy.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes = ""]) =>
          attributes !== ' type="application/ld+json"' && !attributes.includes(" src="),
      );
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      for (const [, , content = ""] of scripts) {
        expect(csp).toContain(`'sha256-${crypto.createHash("sha256").update(content).digest("base64")}'`);
      }
    }
    expect(second.html).toBe(first.html);
    // Its stylesheets are written into it: the first paint needs no other request (ADR 018).
    const links = [...first.html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([link]) => link);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toContain('media="print"');
    expect(first.html.match(/<style data-href="\/assets\/[\w.-]+\.css">/g)).toHaveLength(links.length);
    expect(second.response.headers.get("etag")).toBe(first.response.headers.get("etag"));
    const revalidated = await fetch(`${url}/catalogue`, {
      headers: { "if-none-match": first.response.headers.get("etag") ?? "" },
    });
    expect(revalidated.status).toBe(304);
  });

  it("gives a signed-in customer's page its own nonce, on every script", async () => {
    const first = await page("/catalogue", customer);
    const second = await page("/catalogue", customer);
    for (const copy of [first, second]) {
      expect(copy.nonce).not.toBe("");
      expect([...copy.nonces]).toEqual([copy.nonce]);
      expect(copy.response.headers.get("etag")).toBeNull();
      expect(copy.html).not.toContain("<style data-href");
    }
    expect(second.nonce).not.toBe(first.nonce);
  });

  it("never gives a signed-in customer's page to an anonymous visitor, nor the reverse", async () => {
    const signedIn = await page("/a-propos", customer);
    expect(signedIn.hit).toBe(false);
    expect(signedIn.html).toContain("Claire Martin");
    const anonymous = await page("/a-propos");
    expect(anonymous.html).not.toContain("Claire Martin");
    expect(anonymous.html).toContain("Connexion");
    expect((await page("/a-propos")).hit).toBe(true);
    const signedInAgain = await page("/a-propos", customer);
    expect(signedInAgain.hit).toBe(false);
    expect(signedInAgain.html).toContain("Claire Martin");
  });

  it("renders anew after any write the server handles (here a sign-in)", async () => {
    await page("/contact");
    expect((await page("/contact")).hit).toBe(true);
    await signIn(url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect((await page("/contact")).hit).toBe(false);
  });
});
