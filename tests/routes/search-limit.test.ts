/**
 * Search is rate-limited per client like the other public endpoints (docs/product.md §10.23): the
 * suggestions (/api/recherche) and the results page (/recherche) share 120 searches a minute per
 * address; past them, a French 429 with Retry-After, and no search runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop("recherche-limite", { PAGE_CACHE_MS: "0" });
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

const TOO_MANY =
  "Vous avez lancé beaucoup de recherches en peu de temps : patientez une minute avant de continuer.";

describe("a client searching without pause", () => {
  it("gets 120 searches a minute, then a French 429 from the suggestions and the results page", async () => {
    for (let i = 0; i < 120; i++) {
      const answer = await fetch(`${shop.url}/api/recherche?q=perle${i % 10}`);
      expect(answer.status, `recherche n° ${i + 1}`).toBe(200);
      await answer.arrayBuffer();
    }
    const suggestions = await fetch(`${shop.url}/api/recherche?q=collier`);
    expect(suggestions.status).toBe(429);
    expect(suggestions.headers.get("retry-after")).toBe("60");
    expect(await suggestions.json()).toEqual({ ok: false, error: TOO_MANY });

    const page = await fetch(`${shop.url}/recherche?q=collier`);
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toBe("60");
    const html = await page.text();
    expect(html).toContain(TOO_MANY);
    expect(html).not.toContain("pièces trouvées");
  });
});
