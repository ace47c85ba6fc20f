/**
 * The signed-in visitor's live link to the support chat, mounted once in the root: the unread
 * badge (header, dashboard navigation) and the events that the chat screens listen to. The
 * connection code is loaded only for signed-in visitors, one second after the page opens (docs/product.md §9).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { type ChatEvent, reconnectDelay, SUBSCRIBE_DELAY_MS } from "./chat-types";

type Listener = (event: ChatEvent) => void;

interface ChatLink {
  unread: number;
  /** Registers a listener; it first receives the recent messages it may have missed while mounting. */
  listen: (listener: Listener) => () => void;
}

const ChatContext = createContext<ChatLink>({ unread: 0, listen: () => () => {} });

/** New messages kept for screens that mount after they arrived (they ignore duplicates). */
const REPLAY_SIZE = 100;

export function ChatProvider({
  role,
  unreadByChat,
  since,
  children,
}: {
  /** Null for visitors: no connection at all. */
  role: "user" | "admin" | null;
  unreadByChat: Record<string, number>;
  since: string;
  children: React.ReactNode;
}) {
  const [counters, setCounters] = useState(unreadByChat);
  // Each loader revalidation brings the counters as the server sees them.
  useEffect(() => setCounters(unreadByChat), [unreadByChat]);

  const listeners = useRef(new Set<Listener>());
  const recent = useRef<ChatEvent[]>([]);
  const latestSince = useRef(since);
  latestSince.current = since;

  useEffect(() => {
    if (!role) return;
    // Where the first connection catches up from: the server time of the render that brought this
    // role — the page's for a signed-in page load, the sign-in's revalidation for a visitor who has
    // just signed in (a visitor's page has none). Taken now, not when the connection opens a second
    // later: a message written meanwhile arrives in the first sync.
    const from = latestSince.current;
    const counterOf = (chat: { unreadUser: number; unreadAdmin: number }) =>
      role === "admin" ? chat.unreadAdmin : chat.unreadUser;
    const onEvent = (event: ChatEvent) => {
      if (event.type === "orders") {
        for (const listener of listeners.current) listener(event);
        return;
      }
      setCounters((current) => {
        if (event.type === "sync")
          return Object.fromEntries(event.chats.map((chat) => [chat.id, counterOf(chat)]));
        if (event.type === "chat-deleted") {
          const { [event.chatId]: _removed, ...rest } = current;
          return rest;
        }
        return { ...current, [event.chat.id]: counterOf(event.chat) };
      });
      if (event.type === "message") recent.current = [...recent.current.slice(-(REPLAY_SIZE - 1)), event];
      for (const listener of listeners.current) listener(event);
    };
    let stop: (() => void) | undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    // The connection code itself may fail to load (server restarting): retried on the same back-off.
    const start = (attempt: number) => {
      import("./chat-connection")
        .then(({ connectChat }) => {
          if (!cancelled) stop = connectChat({ since: from, onEvent });
        })
        .catch(() => {
          if (!cancelled) timer = setTimeout(() => start(attempt + 1), reconnectDelay(attempt));
        });
    };
    timer = setTimeout(() => start(0), SUBSCRIBE_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [role]);

  const unread = Object.values(counters).reduce((sum, count) => sum + count, 0);
  const listen = useCallback((listener: Listener) => {
    for (const event of recent.current) listener(event);
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const link = useMemo<ChatLink>(() => ({ unread, listen }), [unread, listen]);
  return <ChatContext.Provider value={link}>{children}</ChatContext.Provider>;
}

/** The number of unread support messages for the signed-in visitor. */
export function useChatUnread(): number {
  return useContext(ChatContext).unread;
}

/** Calls `listener` for each live chat event while the component is mounted. */
export function useChatEvents(listener: Listener) {
  const { listen } = useContext(ChatContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => listen((event) => latest.current(event)), [listen]);
}
