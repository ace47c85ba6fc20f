/**
 * A PostgreSQL outage (docs/product.md §10.18): the shop reaches its database through a TCP relay
 * that the test cuts — every connection dropped, the port refusing new ones, as when the server
 * restarts or the network goes. Pages then answer a French 503 page with Retry-After, the API and
 * the resources a French JSON 503, instead of the 500 they gave; once the database is back, the
 * shop serves again by itself.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabaseUrl, TEST_AUTH_SECRET } from "../support/test-database";
import { startTestShop, type TestShop } from "../support/test-shop";

/** A relay from a local port to the database: `cut()` drops it all, `restore()` listens again. */
async function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  return {
    port,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
  };
}

let shop: TestShop;
let database: Awaited<ReturnType<typeof relay>>;

beforeAll(async () => {
  const real = new URL(createTestDatabaseUrl("panne"));
  database = await relay(real);
  const relayed = new URL(real);
  relayed.hostname = "127.0.0.1";
  relayed.port = String(database.port);
  // An empty shop (no demo to copy onto this database), pages never served from the cache.
  shop = await startTestShop("panne", {
    DATABASE_URL: relayed.toString(),
    AUTH_SECRET: TEST_AUTH_SECRET,
    SEED_DEMO: "0",
    PAGE_CACHE_MS: "0",
  });
}, 180_000);

afterAll(async () => {
  await database?.restore().catch(() => {});
  await shop?.close();
});

describe("while PostgreSQL is gone", () => {
  it("answers pages with a French 503 page and the API with a French JSON 503, both with Retry-After; then serves again", async () => {
    expect((await fetch(`${shop.url}/catalogue`)).status).toBe(200);
    await database.cut();

    const page = await fetch(`${shop.url}/catalogue`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("30");
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("La boutique est momentanément indisponible.");
    expect(html).not.toMatch(/ECONNREFUSED|postgres|stack/i);

    // An endpoint ahead of React Router, and one of React Router's resource routes.
    for (const path of ["/api/recherche?q=perle", "/sitemap.xml"]) {
      const answer = await fetch(`${shop.url}${path}`);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get("retry-after"), path).toBe("30");
      expect(await answer.json(), path).toEqual({
        ok: false,
        error: "La boutique est momentanément indisponible. Réessayez dans quelques instants.",
      });
    }

    await database.restore();
    expect((await fetch(`${shop.url}/catalogue`)).status).toBe(200);
  });
});
