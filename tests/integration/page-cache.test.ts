/**
 * The shared cache of anonymous pages (ADR 008) on the built server: anonymous copies carry their
 * own CSP nonce, a signed-in customer's page never reaches anyone else, and a write empties it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_CUSTOMER, type ShopServer, signIn, startShop, stopServer } from "./shop-server";

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
  it("serves anonymous copies whose scripts all carry their own response's nonce", async () => {
    const first = await page("/catalogue");
    const second = await page("/catalogue");
    expect(second.hit).toBe(true);
    for (const copy of [first, second]) {
      expect(copy.response.status).toBe(200);
      expect(copy.nonce).not.toBe("");
      expect([...copy.nonces]).toEqual([copy.nonce]);
      expect(copy.response.headers.get("cache-control")).toBe("private, no-cache");
      expect(copy.response.headers.get("set-cookie")).toBeNull();
    }
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).not.toContain(first.nonce);
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
