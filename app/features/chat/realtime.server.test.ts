/**
 * The chat hub of several instances (ADR 014) over a stand-in bus that behaves like
 * LISTEN/NOTIFY: asynchronous, every instance (the sender included) hears every notification, and
 * payloads over PostgreSQL's limit are refused. The per-subscriber filter holds for events from
 * another instance, events too large for a notification go by reference, order is kept, and a
 * listener that comes back sends every stream a fresh sync.
 */
import { describe, expect, it } from "vitest";
import { BUS_PAYLOAD_MAX_BYTES, type BusChannel, type InstanceBus } from "~/server/instance-bus.server";
import type { ChatEvent, ChatMessageView, ChatSummary } from "./chat-types";
import {
  type ChatEventReference,
  createSharedChatHub,
  type Subscriber,
  type Viewer,
} from "./realtime.server";

type Receiver = (payload: string, delivery: { fromThisInstance: boolean }) => void;

/** One database's notifications, heard by every bus made from it. */
function fakeDatabase() {
  const buses: { receivers: Map<string, Set<Receiver>>; resume: Set<(since: Date) => void> }[] = [];
  const sent: string[] = [];
  function bus(): InstanceBus & { resumeAfterOutage(since: Date): void } {
    const me = { receivers: new Map<string, Set<Receiver>>(), resume: new Set<(since: Date) => void>() };
    buses.push(me);
    return {
      async send(channel: BusChannel, payload: string) {
        if (Buffer.byteLength(payload) > BUS_PAYLOAD_MAX_BYTES) throw new Error("payload string too long");
        sent.push(payload);
        // Delivered later, as PostgreSQL does once the NOTIFY is committed.
        setTimeout(() => {
          for (const other of buses)
            for (const receive of other.receivers.get(channel) ?? [])
              receive(payload, { fromThisInstance: other === me });
        }, 1);
      },
      listen(channel, receive) {
        const set = me.receivers.get(channel) ?? new Set();
        me.receivers.set(channel, set);
        set.add(receive);
        return () => set.delete(receive);
      },
      onResume(resume) {
        me.resume.add(resume);
        return () => me.resume.delete(resume);
      },
      listening: true,
      close: async () => {},
      resumeAfterOutage(since: Date) {
        for (const resume of me.resume) resume(since);
      },
    };
  }
  return { bus, sent };
}

const alice: Viewer = { id: "alice", role: "user" };
const bruno: Viewer = { id: "bruno", role: "user" };
const admin: Viewer = { id: "vaea", role: "admin" };

function summary(ownerId: string, lastMessage = "Bonjour"): ChatSummary {
  return {
    id: `chat-${ownerId}`,
    ownerId,
    customerName: ownerId,
    customerEmail: `${ownerId}@exemple.fr`,
    lastMessage,
    updatedAt: "2026-01-01T10:00:00.000Z",
    unreadUser: 1,
    unreadAdmin: 0,
  };
}

function messageEvent(ownerId: string, content: string, id = `m-${content.length}-${ownerId}`): ChatEvent {
  const message: ChatMessageView = {
    id,
    chatId: `chat-${ownerId}`,
    senderRole: "admin",
    senderName: "Vaea",
    content,
    createdAt: "2026-01-01T10:00:00.000Z",
  };
  return { type: "message", chat: summary(ownerId, content), message };
}

function recorder(viewer: Viewer, extra: Partial<Subscriber> = {}) {
  const events: ChatEvent[] = [];
  return {
    events,
    subscriber: { viewer, deliver: (e: ChatEvent) => events.push(e), close: () => {}, ...extra },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Two instances on one database, with what each instance's loader was asked for. */
function twoInstances(load: (ref: ChatEventReference) => Promise<ChatEvent | null> = async () => null) {
  const database = fakeDatabase();
  const busA = database.bus();
  const busB = database.bus();
  const loads: ChatEventReference[] = [];
  const counted = async (ref: ChatEventReference) => {
    loads.push(ref);
    return load(ref);
  };
  return {
    a: createSharedChatHub({ bus: busA, load: counted }),
    b: createSharedChatHub({ bus: busB, load: counted }),
    busB,
    loads,
    sent: database.sent,
  };
}

describe("shared chat hub", () => {
  it("delivers an event published on one instance to the subscribers of another, filtered per subscriber", async () => {
    const { a, b } = twoInstances();
    const aliceOnB = recorder(alice);
    const brunoOnB = recorder(bruno);
    const adminOnB = recorder(admin);
    for (const r of [aliceOnB, brunoOnB, adminOnB]) b.subscribe(r.subscriber);
    a.subscribe(recorder(admin).subscriber);

    a.publish(messageEvent("alice", "Secret d'Alice"));
    a.publish({ type: "chat", chat: summary("bruno") });
    a.publish({ type: "chat-deleted", chatId: "chat-alice", ownerId: "alice" });
    await settle();

    expect(aliceOnB.events.map((e) => e.type)).toEqual(["message", "chat-deleted"]);
    expect(brunoOnB.events.map((e) => e.type)).toEqual(["chat"]);
    expect(JSON.stringify(brunoOnB.events)).not.toContain("Alice");
    expect(adminOnB.events.map((e) => e.type)).toEqual(["message", "chat", "chat-deleted"]);
  });

  it("serves the sender's own subscribers at once, and only once", async () => {
    const { a } = twoInstances();
    const adminOnA = recorder(admin);
    a.subscribe(adminOnA.subscriber);
    a.publish(messageEvent("alice", "Bonjour"));
    expect(adminOnA.events).toHaveLength(1);
    await settle();
    expect(adminOnA.events).toHaveLength(1);
  });

  it("sends an event too large for a notification by reference; the other instance loads it, filter included", async () => {
    // 2,000 characters of two bytes each, twice in the event (message and last message).
    const long = "é".repeat(2000);
    const large = messageEvent("alice", long);
    const { a, b, loads, sent } = twoInstances(async (ref) => (ref.type === "message" ? large : null));
    const aliceOnB = recorder(alice);
    const brunoOnB = recorder(bruno);
    b.subscribe(aliceOnB.subscriber);
    b.subscribe(brunoOnB.subscriber);

    a.publish(large);
    await settle();

    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toContain(long);
    expect(Buffer.byteLength(sent[0] ?? "")).toBeLessThan(200);
    expect(loads).toEqual([
      { type: "message", chatId: "chat-alice", messageId: large.type === "message" ? large.message.id : "" },
    ]);
    expect(aliceOnB.events).toEqual([large]);
    expect(brunoOnB.events).toEqual([]);
  });

  it("keeps the publication order when an event loaded by reference takes a while", async () => {
    const large = messageEvent("alice", "あ".repeat(2000), "grand");
    const { a, b } = twoInstances(async () => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return large;
    });
    const adminOnB = recorder(admin);
    b.subscribe(adminOnB.subscriber);
    a.publish(large);
    a.publish(messageEvent("alice", "Petit", "petit"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(adminOnB.events.map((e) => (e.type === "message" ? e.message.id : e.type))).toEqual([
      "grand",
      "petit",
    ]);
  });

  it("drops an event whose conversation was deleted before it could be loaded", async () => {
    const { a, b } = twoInstances(async () => null);
    const adminOnB = recorder(admin);
    b.subscribe(adminOnB.subscriber);
    a.publish(messageEvent("alice", "€".repeat(2000)));
    await settle();
    expect(adminOnB.events).toEqual([]);
  });

  it("asks every stream for a sync from before the outage when its listener comes back", async () => {
    const { b, busB } = twoInstances();
    const asked: string[] = [];
    const stream = recorder(alice, { resync: (since) => asked.push(since) });
    const plain = recorder(bruno);
    b.subscribe(stream.subscriber);
    b.subscribe(plain.subscriber);
    busB.resumeAfterOutage(new Date("2026-01-01T10:05:00.000Z"));
    // A minute earlier: the other instances' clocks may differ a little.
    expect(asked).toEqual(["2026-01-01T10:04:00.000Z"]);
    expect(b.size).toBe(2);
  });
});
