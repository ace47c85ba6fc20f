/**
 * Two shops on one PostgreSQL database (docs/product.md §10.18, ADR 014): what one instance writes
 * reaches the visitors of the other at once. A customer following the chat on B sees, within a
 * second, the message the seller sends through A, with their unread counter; an anonymous page B
 * keeps in its cache (for a minute here) is dropped as soon as A saves a product, not when the
 * minute is over.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "~/features/catalogue/product-types";
import type { ChatEvent } from "~/features/chat/chat-types";
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  databaseEnvOf,
  freePort,
  newDataDir,
  queryDatabase,
  type ShopServer,
  signIn,
  signUp,
  startServer,
  stopServer,
  waitHealthy,
} from "../../support/shop-server";

/** Long enough that only a broadcast, never the expiry, can explain a fresh page within a second. */
const PAGE_CACHE_MS = 60_000;
const WITHIN_MS = 1000;

let a: ShopServer;
let b: ShopServer;
let admin = "";
let customer = "";

beforeAll(async () => {
  const dataA = newDataDir("instance-a");
  // B has its own DATA_DIR but A's database and secret: the two are instances of one shop.
  const dataB = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-instance-b-"));
  const shared = { ...databaseEnvOf(dataA), PAGE_CACHE_MS: String(PAGE_CACHE_MS) };
  // One after the other: the first starts on a copy of the demo database, the second finds the
  // shop ready (seeding itself is tested in server.test.ts).
  a = startServer({ port: await freePort(), dataDir: dataA, env: shared });
  await waitHealthy(a, 180_000);
  b = startServer({ port: await freePort(), dataDir: dataB, env: shared });
  await waitHealthy(b, 60_000);
  admin = await signIn(a.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  customer = await signIn(b.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
}, 300_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((server) => stopServer(server)));
});

function postChat(server: ShopServer, cookie: string, body: unknown) {
  return fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Follows /api/chat/flux on `server`; every event is kept with the moment it arrived. */
async function follow(server: ShopServer, cookie: string) {
  const controller = new AbortController();
  const events: { at: number; event: ChatEvent }[] = [];
  const response = await fetch(
    `${server.url}/api/chat/flux?depuis=${encodeURIComponent(new Date().toISOString())}`,
    {
      headers: { cookie },
      signal: controller.signal,
    },
  );
  expect(response.status).toBe(200);
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffer += chunk.value;
        const blocks = buffer.split("\n\n");
        buffer = blocks.pop() ?? "";
        for (const block of blocks) {
          const data = block
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trim())
            .join("\n");
          if (data) events.push({ at: performance.now(), event: JSON.parse(data) as ChatEvent });
        }
      }
    } catch {
      // stopped
    }
  })();
  return {
    events,
    stop: () => controller.abort(),
    async next(match: (event: ChatEvent) => boolean, ms = 5000) {
      const deadline = performance.now() + ms;
      for (;;) {
        const found = events.find((entry) => match(entry.event));
        if (found) return found;
        if (performance.now() > deadline)
          throw new Error(
            `événement attendu non reçu ; reçus : ${JSON.stringify(events.map((e) => e.event))}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

describe("two instances on one database", () => {
  it("delivers the seller's message sent through A to the customer following on B within a second, with the counter", async () => {
    const opened = await postChat(b, customer, { intent: "open" });
    expect(opened.status).toBe(200);
    const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;
    const other = await signUp(b.url, "autre-cliente@exemple.fr", "Autre cliente");
    expect((await postChat(b, other, { intent: "open" })).status).toBe(200);

    const stream = await follow(b, customer);
    const otherStream = await follow(b, other);
    await stream.next((event) => event.type === "sync");
    await otherStream.next((event) => event.type === "sync");

    const content = `Bonjour depuis l'instance A (${Date.now()})`;
    const sentAt = performance.now();
    const sent = await postChat(a, admin, { intent: "send", chatId, content });
    expect(sent.status).toBe(200);
    const arrived = await stream.next(
      (event) => event.type === "message" && event.message.content === content,
    );
    const latencyMs = arrived.at - sentAt;
    console.info(`Message de A reçu sur B en ${latencyMs.toFixed(1)} ms`);
    expect(latencyMs).toBeLessThan(WITHIN_MS);
    expect(arrived.event.type === "message" && arrived.event.chat.unreadUser).toBe(1);

    // The customer reads it in another tab, served by A: B's stream gets the counter back to 0.
    expect((await postChat(a, customer, { intent: "read", chatId })).status).toBe(200);
    const read = await stream.next((event) => event.type === "chat" && event.chat.unreadUser === 0);
    expect(read.at - arrived.at).toBeLessThan(5000);

    // A message too large for one notification (2,000 two-byte characters) arrives as well.
    const long = "é".repeat(2000);
    expect((await postChat(a, admin, { intent: "send", chatId, content: long })).status).toBe(200);
    const large = await stream.next((event) => event.type === "message" && event.message.content === long);
    expect(large.event.type === "message" && large.event.chat.unreadUser).toBe(1);

    // Another customer following on the same instance never saw any of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(JSON.stringify(otherStream.events)).not.toContain("instance A");
    expect(otherStream.events.map((entry) => entry.event.type)).toEqual(["sync"]);
    stream.stop();
    otherStream.stop();
  });

  it("drops B's cached anonymous page as soon as a product is saved through A", async () => {
    const anonymous = async (server: ShopServer) => {
      const response = await fetch(`${server.url}/catalogue`);
      return { html: await response.text(), hit: response.headers.get("x-page-cache") === "hit" };
    };
    await anonymous(b);
    const cached = await anonymous(b);
    expect(cached.hit).toBe(true);
    const names = await queryDatabase(a.dataDir, (db) =>
      db.all<{ id: string; name: string }>("select id, name from products"),
    );
    // A name no other product's contains, so that the page cannot show it for another product.
    const product = names.find(
      (row) =>
        cached.html.includes(`>${row.name}<`) &&
        names.every((other) => other.id === row.id || !other.name.includes(row.name)),
    );
    if (!product) throw new Error("aucun produit du catalogue dans la page de B");

    const read = await fetch(`${a.url}/api/admin/produits?id=${product.id}`, { headers: { cookie: admin } });
    const { product: current } = (await read.json()) as { product: AdminProduct };
    const renamed = `Piece renommee ${Date.now()}`;
    const form = new FormData();
    const fields: Record<string, string | string[]> = {
      intent: "save",
      id: product.id,
      name: renamed,
      description: current.description,
      price: current.priceCents === null ? "" : (current.priceCents / 100).toFixed(2),
      stock: String(current.stock),
      ...(current.isUnique ? { isUnique: "on" } : {}),
      ...(current.isSold ? { isSold: "on" } : {}),
      categories: current.categories,
      colors: current.colors,
      materials: current.materials,
      pearlTypes: current.pearlTypes,
      images: current.images.map((image) => image.fileName),
    };
    for (const [key, value] of Object.entries(fields))
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);

    // Until the save, B keeps serving its copy with the old name.
    const before = await anonymous(b);
    expect(before.hit).toBe(true);
    expect(before.html).toContain(`>${product.name}<`);

    const saved = await fetch(`${a.url}/api/admin/produits`, {
      method: "POST",
      headers: { cookie: admin, origin: a.url },
      body: form,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const savedAt = performance.now();
    let page = await anonymous(b);
    while (!page.html.includes(renamed) && performance.now() - savedAt < WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      page = await anonymous(b);
    }
    const elapsedMs = performance.now() - savedAt;
    console.info(`Page anonyme de B à jour ${elapsedMs.toFixed(1)} ms après l'enregistrement sur A`);
    expect(page.html).toContain(renamed);
    expect(page.html).not.toContain(`>${product.name}<`);
    expect(elapsedMs).toBeLessThan(WITHIN_MS);
  });
});
