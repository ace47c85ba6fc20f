/**
 * Rate limits survive a restart (docs/security.md, "Comptes"), a process test: a signup limit (Better
 * Auth's) and a contact limit (the shop's own) reached before the built server stops still answer
 * 429 from the process started after it on the same data. The counters live in the database; a
 * counter kept in a module's memory would start again from zero here, which a restart inside the
 * test's own process would not show (its modules keep their state).
 */
import { describe, expect, it } from "vitest";
import { startServer, startShop, stopServer, waitHealthy } from "../support/shop-server";

describe("rate limits survive a restart", () => {
  it("a signup and a contact limit reached before a restart still answer 429 after it", async () => {
    const shop = await startShop("limites-redemarrage", { SEED_DEMO: "0", TRUST_PROXY: "1" });
    const signup = (url: string, i: number) =>
      fetch(`${url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { origin: url, "content-type": "application/json", "x-forwarded-for": "10.90.0.1" },
        body: JSON.stringify({
          email: `rafale-${i}@exemple.fr`,
          password: "Motdepasse-2026",
          name: "Rafale",
        }),
      });
    const contact = (url: string) =>
      fetch(`${url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: url,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": "10.90.0.2",
        },
        body: new URLSearchParams({
          "form-name": "contact",
          name: "Léa",
          email: "lea@exemple.fr",
          message: "Bonjour, je voudrais un collier.",
        }),
      });
    try {
      for (let i = 0; i < 10; i++) expect((await signup(shop.url, i)).status).toBe(200);
      expect((await signup(shop.url, 10)).status).toBe(429);
      for (let i = 0; i < 5; i++) expect((await contact(shop.url)).status).toBeLessThan(400);
      expect((await contact(shop.url)).status).toBe(429);
    } finally {
      await stopServer(shop);
    }
    const again = startServer({
      port: shop.port,
      dataDir: shop.dataDir,
      env: { SEED_DEMO: "0", TRUST_PROXY: "1" },
    });
    try {
      await waitHealthy(again);
      const refused = await signup(again.url, 11);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Trop de tentatives. Patientez quelques minutes avant de réessayer.",
      );
      expect((await contact(again.url)).status).toBe(429);
    } finally {
      await stopServer(again);
    }
  }, 180_000);
});
