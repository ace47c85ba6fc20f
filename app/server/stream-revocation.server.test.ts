/**
 * Revocation reaches every instance (docs/product.md §10.11, ADR 014): two shared hubs on two
 * instance buses over one real PostgreSQL database stand for two instances. A revocation published
 * on A ends, within a second, the matching streams held by B (by account, or by session), and only
 * those; an event published before it is delivered first, nothing after it. The HTTP side (the
 * demotion, sign-out, password change and deletion that publish it) is tests/routes/stream-revocation.test.ts.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChatEvent } from "~/features/chat/chat-types";
import { type ChatHub, createSharedChatHub, type Viewer } from "~/features/chat/realtime.server";
import { createTestDatabaseUrl } from "../../tests/support/test-database";
import { createInstanceBus, type InstanceBus } from "./instance-bus.server";

let url: string;
const pools: pg.Pool[] = [];
const buses: InstanceBus[] = [];

function instance(): { hub: ChatHub; bus: InstanceBus } {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const bus = createInstanceBus({ connectionString: url, pool });
  pools.push(pool);
  buses.push(bus);
  return { hub: createSharedChatHub({ bus, load: async () => null }), bus };
}

/** A stream held by `hub`: what it received, and when it was closed. */
function stream(hub: ChatHub, viewer: Viewer, sessionId: string) {
  const received: ChatEvent[] = [];
  let closedAt: number | undefined;
  hub.subscribe({
    viewer,
    sessionId,
    deliver: (event) => received.push(event),
    close: () => {
      closedAt ??= performance.now();
    },
  });
  return { received, closedAt: () => closedAt };
}

const message = (text: string): ChatEvent =>
  ({
    type: "message",
    chat: { id: "chat-cliente", ownerId: "cliente" },
    message: { id: text, chatId: "chat-cliente", content: text },
  }) as unknown as ChatEvent;

let a: ReturnType<typeof instance>;
let b: ReturnType<typeof instance>;

beforeAll(async () => {
  url = createTestDatabaseUrl("revocation");
  a = instance();
  b = instance();
  // Listening starts with a hub's first subscriber.
  stream(a.hub, { id: "veille-a", role: "user" }, "veille-a");
  stream(b.hub, { id: "veille-b", role: "user" }, "veille-b");
  await vi.waitFor(() => expect(a.bus.listening && b.bus.listening).toBe(true), { timeout: 5000 });
});

afterAll(async () => {
  for (const bus of buses) await bus.close();
  for (const pool of pools) await pool.end();
});

describe("a revocation published on one instance", () => {
  it("ends within a second the demoted admin's streams on the other, after what was published before it", async () => {
    const demotedOnB = stream(b.hub, { id: "seconde", role: "admin" }, "session-1");
    const otherAdminOnB = stream(b.hub, { id: "premiere", role: "admin" }, "session-2");
    const started = performance.now();
    a.hub.publish(message("avant"));
    await a.hub.revoke({ userId: "seconde" });
    a.hub.publish(message("après"));
    await vi.waitFor(() => expect(demotedOnB.closedAt()).toBeDefined(), { timeout: 3000 });
    expect((demotedOnB.closedAt() as number) - started).toBeLessThan(1000);
    await vi.waitFor(() => expect(otherAdminOnB.received).toHaveLength(2), { timeout: 3000 });
    expect(demotedOnB.received.map((event) => (event as { message: { id: string } }).message.id)).toEqual([
      "avant",
    ]);
    expect(otherAdminOnB.closedAt()).toBeUndefined();
  });

  it("ends the signed-out session's stream on the other instance, not the account's other sessions", async () => {
    const leaving = stream(b.hub, { id: "cliente", role: "user" }, "session-partie");
    const staying = stream(b.hub, { id: "cliente", role: "user" }, "session-restee");
    const started = performance.now();
    await a.hub.revoke({ sessionId: "session-partie" });
    await vi.waitFor(() => expect(leaving.closedAt()).toBeDefined(), { timeout: 3000 });
    expect((leaving.closedAt() as number) - started).toBeLessThan(1000);
    a.hub.publish(message("encore là"));
    await vi.waitFor(() => expect(staying.received).toHaveLength(1), { timeout: 3000 });
    expect(staying.closedAt()).toBeUndefined();
  });
});
