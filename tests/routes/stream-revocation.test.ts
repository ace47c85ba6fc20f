/**
 * Revocation is live (docs/product.md §10.11): an account's open chat stream ends within a second of
 * its demotion, its sign-out, its password change or its deletion, and carries nothing written
 * after. The stream used to go on until its next heartbeat (25 s), and delivered a customer's new
 * message, e-mail included, to an admin demoted a second before. Across instances on PostgreSQL:
 * app/server/stream-revocation.server.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readOutbox } from "../support/outbox";
import { DEMO_ADMIN, DEMO_CUSTOMER, queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop("revocation");
  admin = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

/** How long a revoked stream may stay open (docs/product.md §10.11). */
const WITHIN_MS = 1000;

/** An open /api/chat/flux as `cookie`'s holder: its text so far, and whether it has ended. */
async function openStream(cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${shop.url}/api/chat/flux`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  let text = "";
  let endedAt: number | undefined;
  if (!response.body) throw new Error("flux sans corps");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    } catch {
      // aborted by the test
    }
    endedAt = performance.now();
  })();
  await vi.waitFor(() => expect(text).toContain("event: sync"), { timeout: 5000 });
  return {
    text: () => text,
    stop: () => controller.abort(),
    /** Resolves with the time the stream took to end after `since`, or fails past the deadline. */
    async endsWithin(since: number) {
      const timeout = new Promise<"open">((resolve) => setTimeout(() => resolve("open"), WITHIN_MS * 3));
      const outcome = await Promise.race([ended.then(() => "ended" as const), timeout]);
      if (outcome === "open") controller.abort();
      expect(outcome, "le flux est resté ouvert").toBe("ended");
      expect((endedAt as number) - since).toBeLessThan(WITHIN_MS);
    },
  };
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${shop.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: shop.url, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

function chat(cookie: string, body: Record<string, string>) {
  return fetch(`${shop.url}/api/chat`, {
    method: "POST",
    headers: { origin: shop.url, cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const idOf = async (email: string) =>
  (
    (await queryDatabase(shop.dataDir, (db) => db.get("select id from users where email = ?", email))) as {
      id: string;
    }
  ).id;

describe("an account's open stream ends within a second", () => {
  it("of its demotion, and no customer message reaches it after", async () => {
    const email = "seconde-admin@nacre.test";
    const second = await signUp(shop.url, email, "Seconde administratrice");
    const secondId = await idOf(email);
    await queryDatabase(shop.dataDir, (db) =>
      db.run("update users set role = 'admin' where id = ?", secondId),
    );
    const stream = await openStream(second);

    const started = performance.now();
    const demoted = await post("/admin/utilisateurs", admin, {
      intent: "set-role",
      id: secondId,
      role: "user",
    });
    expect(demoted.status).toBe(200);
    const customer = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await chat(customer, { intent: "open" })).status).toBe(200);
    const secret = `Mon adresse est ${DEMO_CUSTOMER.email}, merci de me rappeler`;
    expect((await chat(customer, { intent: "send", content: secret })).status).toBe(200);

    await stream.endsWithin(started);
    expect(stream.text()).not.toContain(secret);
  });

  it("of its sign-out, the same account's other session streaming on", async () => {
    const email = "deconnexion@nacre.test";
    const leaving = await signUp(shop.url, email, "Cliente qui part");
    const staying = await signIn(shop.url, email, "Motdepasse-2026");
    expect((await chat(staying, { intent: "open" })).status).toBe(200);
    const leavingStream = await openStream(leaving);
    const stayingStream = await openStream(staying);

    const started = performance.now();
    expect((await post("/deconnexion", leaving, {})).status).toBe(302);
    await leavingStream.endsWithin(started);

    const chatId = (
      (await queryDatabase(shop.dataDir, async (db) =>
        db.get("select c.id from chats c join users u on u.id = c.user_id where u.email = ?", email),
      )) as { id: string }
    ).id;
    expect((await chat(admin, { intent: "send", chatId, content: "Toujours là ?" })).status).toBe(200);
    await vi.waitFor(() => expect(stayingStream.text()).toContain("Toujours là ?"), { timeout: 5000 });
    stayingStream.stop();
  });

  it("of its password change by the e-mailed link", async () => {
    const email = "nouveau-mot-de-passe@nacre.test";
    const cookie = await signUp(shop.url, email, "Cliente distraite");
    const stream = await openStream(cookie);
    const asked = await fetch(`${shop.url}/api/auth/request-password-reset`, {
      method: "POST",
      headers: { origin: shop.url, "content-type": "application/json" },
      body: JSON.stringify({ email, redirectTo: "/reinitialiser-mot-de-passe" }),
    });
    expect(asked.status).toBe(200);
    let token = "";
    await vi.waitFor(
      () => {
        const mail = readOutbox(shop.dataDir).find((text) => text.includes(email));
        token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail ?? "")?.[1] ?? "";
        expect(token).not.toBe("");
      },
      { timeout: 5000 },
    );

    const started = performance.now();
    const reset = await fetch(`${shop.url}/api/auth/reset-password`, {
      method: "POST",
      headers: { origin: shop.url, "content-type": "application/json" },
      body: JSON.stringify({ token, newPassword: "Un-autre-secret-2026" }),
    });
    expect(reset.status).toBe(200);
    await stream.endsWithin(started);
  });

  it("of its deletion", async () => {
    const email = "suppression@nacre.test";
    const cookie = await signUp(shop.url, email, "Cliente qui s'en va");
    const stream = await openStream(cookie);
    const started = performance.now();
    const deleted = await post("/mon-compte", cookie, {
      intent: "delete-account",
      password: "Motdepasse-2026",
    });
    expect(deleted.status).toBe(302);
    await stream.endsWithin(started);
  });
});
