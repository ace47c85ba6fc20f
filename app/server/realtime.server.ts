/**
 * The live part of the support chat: an in-process publish/subscribe hub (docs/product.md §10.11, ADR 007).
 * One Node process serves the shop, so memory is the right place; each subscriber carries its own
 * filter, which decides what it may see (a customer: their own conversation; an admin: all).
 */
import type { ChatEvent } from "~/features/chat/chat-types";

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
    case "sync":
      // A sync is built for one subscriber and sent to it directly, never published.
      return false;
  }
}

interface Subscriber {
  viewer: Viewer;
  deliver: (event: ChatEvent) => void;
  close: () => void;
}

export interface ChatHub {
  subscribe(subscriber: Subscriber): () => void;
  publish(event: ChatEvent): void;
  /** Ends every stream (graceful shutdown): the browsers reconnect to the next process. */
  closeAll(): void;
  readonly size: number;
}

export function createChatHub(): ChatHub {
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
    closeAll() {
      closed = true;
      for (const subscriber of [...subscribers]) {
        subscribers.delete(subscriber);
        subscriber.close();
      }
    },
    get size() {
      return subscribers.size;
    },
  };
}
