/**
 * The support chat's live stream (GET /api/chat/flux, ADR 007; docs/product.md §6), a process test:
 * the built server holds the stream open through its real HTTP stack, as a browser gets it. A
 * customer's stream carries only their own conversation, from its catch-up on; the admin's carries
 * every conversation. The chat's commands and reads are route tests: tests/routes/chat.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, type ShopServer, signIn, signUp, startShop, stopServer } from "../support/shop-server";

let server: ShopServer;
let url: string;
let alice: string;
let bruno: string;
let admin: string;

function post(cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/chat`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Opens the live stream and collects its raw text until `stop()` is called. */
function listen(cookie: string, since = "2000-01-01T00:00:00.000Z") {
  const controller = new AbortController();
  let text = "";
  const opened = fetch(`${url}/api/chat/flux?depuis=${encodeURIComponent(since)}`, {
    headers: { cookie },
    signal: controller.signal,
  }).then(async (response) => {
    const status = response.status;
    if (!response.body) return status;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += value;
        }
      } catch {
        // aborted by stop()
      }
    })();
    return status;
  });
  return {
    opened,
    text: () => text,
    stop: () => controller.abort(),
    /** Waits until the stream carried `needle` (or fails after `ms`). */
    async waitFor(needle: string, ms = 3000) {
      const deadline = Date.now() + ms;
      while (!text.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`« ${needle} » n'est pas arrivé :\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

beforeAll(async () => {
  server = await startShop("chat-flux", { SEED_DEMO: "0" });
  url = server.url;
  alice = await signUp(url, "alice-chat@exemple.fr", "Alice");
  bruno = await signUp(url, "bruno-chat@exemple.fr", "Bruno");
  admin = await signIn(url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  expect((await post(alice, { intent: "open" })).status).toBe(200);
  expect((await post(alice, { intent: "send", content: "Secret d'Alice" })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await stopServer(server);
});

describe("a customer only ever reaches their own conversation", () => {
  it("subscribes only to events of their own conversation", async () => {
    await post(bruno, { intent: "open" });
    const brunoStream = listen(bruno);
    const adminStream = listen(admin);
    expect(await brunoStream.opened).toBe(200);
    expect(await adminStream.opened).toBe(200);
    await brunoStream.waitFor("event: sync");
    await adminStream.waitFor("event: sync");
    // The catch-up sent to Bruno holds nothing of Alice's, the admin's holds everything.
    expect(brunoStream.text()).not.toContain("Secret d'Alice");
    expect(adminStream.text()).toContain("Secret d'Alice");

    await post(alice, { intent: "send", content: "Deuxième secret d'Alice" });
    await post(bruno, { intent: "send", content: "Bonjour de Bruno" });
    await brunoStream.waitFor("Bonjour de Bruno");
    await adminStream.waitFor("Bonjour de Bruno");
    expect(adminStream.text()).toContain("Deuxième secret d'Alice");
    expect(brunoStream.text()).not.toContain("Alice");
    expect(brunoStream.text()).not.toContain("alice-chat@exemple.fr");
    brunoStream.stop();
    adminStream.stop();
  });
});
