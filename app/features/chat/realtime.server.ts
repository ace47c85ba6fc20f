/**
 * The live part of the support chat: a publish/subscribe hub (docs/product.md §10.11, ADR 007).
 * Each subscriber carries its own filter, which decides what it may see (a customer: their own
 * conversation; an admin: all). On SQLite one process serves the shop and the hub lives in its
 * memory; on PostgreSQL several instances may share the database (ADR 014), and the shared hub
 * also passes every event to the other instances over the instance bus.
 */

import { BUS_CHANNELS, BUS_PAYLOAD_MAX_BYTES, type InstanceBus } from "~/server/instance-bus.server";
import type { ChatEvent } from "./chat-types";

export interface Viewer {
  id: string;
  role: "user" | "admin";
}

/** Whether `viewer` may receive `event`: the heart of docs/product.md §6's "chats filtered to own". */
export function mayReceive(viewer: Viewer, event: ChatEvent): boolean {
  if (viewer.role === "admin") return true;
  switch (event.type) {
    case "message":
    case "chat":
      return event.chat.ownerId === viewer.id;
    case "chat-deleted":
      return event.ownerId === viewer.id;
    case "orders":
      return false;
    case "sync":
      // A sync is built for one subscriber and sent to it directly, never published.
      return false;
  }
}

/**
 * Whose streams must end now (docs/product.md §10.11): every stream of an account (demoted,
 * deleted, its password changed) or those of one session (signed out).
 */
export type Revocation = { userId: string } | { sessionId: string };

export interface Subscriber {
  viewer: Viewer;
  /** The session the stream was opened with: signing it out ends the stream. */
  sessionId?: string;
  deliver: (event: ChatEvent) => void;
  close: () => void;
  /**
   * Sends the subscriber a fresh `sync` of what was written since `since`: events from other
   * instances may have been missed while the listener was reconnecting. Optional: a subscriber
   * without it simply goes on.
   */
  resync?: (since: string) => void;
}

export interface ChatHub {
  subscribe(subscriber: Subscriber): () => void;
  publish(event: ChatEvent): void;
  /**
   * Ends the matching streams at once, here and on every other instance (ADR 014); the promise
   * settles once the other instances are told (a command that exits right after waits for it).
   */
  revoke(revocation: Revocation): Promise<void>;
  /** Ends every stream (graceful shutdown): the browsers reconnect to the next process. */
  closeAll(): void;
  readonly size: number;
}

function revokes(revocation: Revocation, subscriber: Subscriber): boolean {
  return "userId" in revocation
    ? subscriber.viewer.id === revocation.userId
    : subscriber.sessionId === revocation.sessionId;
}

/** The in-process hub: SQLite's, and the local half of the shared one. */
export function createChatHub(): ChatHub & { resyncAll(since: string): void } {
  const subscribers = new Set<Subscriber>();
  let closed = false;
  return {
    subscribe(subscriber) {
      // Shutting down: a stream opened now would only hold the process; end it at once.
      if (closed) {
        queueMicrotask(subscriber.close);
        return () => {};
      }
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    publish(event) {
      for (const subscriber of subscribers) {
        if (!mayReceive(subscriber.viewer, event)) continue;
        try {
          subscriber.deliver(event);
        } catch (error) {
          // One broken stream must not stop the others.
          subscribers.delete(subscriber);
          console.error("Flux du chat interrompu", error);
        }
      }
    },
    async revoke(revocation) {
      for (const subscriber of [...subscribers]) {
        if (!revokes(revocation, subscriber)) continue;
        subscribers.delete(subscriber);
        subscriber.close();
      }
    },
    closeAll() {
      closed = true;
      for (const subscriber of [...subscribers]) {
        subscribers.delete(subscriber);
        subscriber.close();
      }
    },
    resyncAll(since) {
      for (const subscriber of subscribers) {
        try {
          subscriber.resync?.(since);
        } catch (error) {
          console.error("Rattrapage du chat impossible", error);
        }
      }
    },
    get size() {
      return subscribers.size;
    },
  };
}

/**
 * What names an event too large for a notification: the receiving instance reads it again from
 * the database (`loadChatEvent` in the chat feature).
 */
export type ChatEventReference =
  | { type: "message"; chatId: string; messageId: string }
  | { type: "chat"; chatId: string };

type Wire = { event: ChatEvent } | { ref: ChatEventReference } | { revoke: Revocation };

/**
 * Messages are up to 2,000 characters, and a `message` event carries the text twice (the message
 * and the conversation's last message): up to 12,000 bytes of UTF-8 in accented or Asian scripts,
 * beyond PostgreSQL's 8,000-byte NOTIFY payload. Almost every event is far smaller and goes whole,
 * so the receivers need no query; one that does not fit goes as a reference (ids), and each
 * instance loads it once, whatever its number of subscribers. Splitting it over several
 * notifications would need reassembly on every instance, for nothing a reference does not give.
 */
function onTheWire(event: ChatEvent): string | null {
  const whole = JSON.stringify({ event } satisfies Wire);
  if (Buffer.byteLength(whole) <= BUS_PAYLOAD_MAX_BYTES) return whole;
  switch (event.type) {
    case "message":
      return JSON.stringify({
        ref: { type: "message", chatId: event.chat.id, messageId: event.message.id },
      } satisfies Wire);
    case "chat":
      return JSON.stringify({ ref: { type: "chat", chatId: event.chat.id } } satisfies Wire);
    default:
      return null;
  }
}

/**
 * How far before a listener outage a resync starts: other instances stamp messages with their own
 * clocks, which may run a little ahead or behind. A message caught up twice shows once.
 */
const CLOCK_MARGIN_MS = 60_000;

export interface SharedChatHubOptions {
  bus: InstanceBus;
  /** Reads an event announced by reference; null when it is gone (deleted meanwhile). */
  load: (ref: ChatEventReference) => Promise<ChatEvent | null>;
}

/**
 * The hub of an instance among several (PostgreSQL). `publish` serves this instance's subscribers at
 * once, as the in-process hub does (the sender's own notification is then ignored), and notifies the
 * others, in the order of publication; each instance delivers what it hears through the same
 * per-subscriber filter, so a customer never receives another's conversation from any instance.
 * The listener starts with the first subscriber; when it comes back after an outage (or first
 * connects), every stream is sent a fresh `sync` covering the gap.
 */
export function createSharedChatHub({ bus, load }: SharedChatHubOptions): ChatHub {
  const local = createChatHub();
  let listening = false;
  // Sent one after the other: the other instances receive this one's events in publication order.
  let outgoing: Promise<void> = Promise.resolve();
  // Delivered one after the other: an event loaded by reference does not let the next overtake it.
  let incoming: Promise<void> = Promise.resolve();

  function receive(payload: string, { fromThisInstance }: { fromThisInstance: boolean }) {
    if (fromThisInstance) return;
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch {
      console.error("Événement du chat illisible reçu d'une autre instance");
      return;
    }
    incoming = incoming
      .then(async () => {
        if ("revoke" in wire) return local.revoke(wire.revoke);
        const event = "event" in wire ? wire.event : await load(wire.ref);
        if (event) local.publish(event);
      })
      .catch((error) => console.error("Événement du chat d'une autre instance perdu", error));
  }

  function startListening() {
    if (listening) return;
    listening = true;
    bus.listen(BUS_CHANNELS.chat, receive);
    bus.onResume((missedSince) => {
      local.resyncAll(new Date(missedSince.getTime() - CLOCK_MARGIN_MS).toISOString());
    });
  }

  return {
    subscribe(subscriber) {
      startListening();
      return local.subscribe(subscriber);
    },
    publish(event) {
      local.publish(event);
      const payload = onTheWire(event);
      if (payload === null) return;
      outgoing = outgoing
        .then(() => bus.send(BUS_CHANNELS.chat, payload))
        .catch((error) => console.error("Événement du chat non transmis aux autres instances", error));
    },
    revoke(revocation) {
      void local.revoke(revocation);
      // On the chat's channel, behind the events published before it: an instance that hears of a
      // demotion has already delivered what was sent before it, and nothing after.
      const payload = JSON.stringify({ revoke: revocation } satisfies Wire);
      outgoing = outgoing
        .then(() => bus.send(BUS_CHANNELS.chat, payload))
        .catch((error) => console.error("Fin des flux non transmise aux autres instances", error));
      return outgoing;
    },
    closeAll() {
      local.closeAll();
    },
    get size() {
      return local.size;
    },
  };
}
