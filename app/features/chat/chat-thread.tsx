/**
 * A conversation's bubbles (docs/product.md §2 "Chat"): the viewer's own messages on the right, friendly
 * timestamps (docs/product.md §9), a welcome placeholder when empty, and a button back to the latest message
 * when the reader has scrolled more than 50 px away from it.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { chatTimestamp } from "~/lib/dates";
import styles from "./chat.module.css";
import { type ChatMessageView, SCROLL_BUTTON_THRESHOLD_PX } from "./chat-types";

export function ChatThread({
  messages,
  viewerSide,
  placeholder,
  autoScrollDelays = [],
  label,
}: {
  messages: ChatMessageView[];
  viewerSide: "user" | "admin";
  placeholder: React.ReactNode;
  /** Extra scrolls to the bottom after opening, while images and fonts settle (docs/product.md §9). */
  autoScrollDelays?: readonly number[];
  label: string;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const nearBottom = useRef(true);

  const scrollToLatest = useCallback((behavior: ScrollBehavior = "auto") => {
    const list = listRef.current;
    if (list) list.scrollTo({ top: list.scrollHeight, behavior });
  }, []);

  // The extra scrolls after opening stop as soon as the reader scrolls up: they never pull a reader
  // back down from an older message.
  const settlingScrolls = useRef<ReturnType<typeof setTimeout>[]>([]);
  const stopSettlingScrolls = useCallback(() => {
    for (const timer of settlingScrolls.current) clearTimeout(timer);
    settlingScrolls.current = [];
  }, []);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const away = list.scrollHeight - list.scrollTop - list.clientHeight > SCROLL_BUTTON_THRESHOLD_PX;
    nearBottom.current = !away;
    if (away) stopSettlingScrolls();
    setAwayFromBottom(away);
  };

  useEffect(() => {
    scrollToLatest();
    settlingScrolls.current = autoScrollDelays.map((delay) => setTimeout(() => scrollToLatest(), delay));
    return stopSettlingScrolls;
  }, [autoScrollDelays, scrollToLatest, stopSettlingScrolls]);

  // A new message shows at once when the reader is at the bottom or wrote it.
  const last = messages.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the newest message is the trigger.
  useLayoutEffect(() => {
    if (last && (nearBottom.current || last.senderRole === viewerSide)) scrollToLatest();
  }, [last?.id]);

  const now = new Date();
  return (
    <div className={styles.thread}>
      {messages.length === 0 ? (
        <div className={styles.placeholder}>{placeholder}</div>
      ) : (
        <ol
          ref={listRef}
          className={styles.messages}
          aria-label={label}
          onScroll={onScroll}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1): the keyboard scrolls back through a long conversation.
          tabIndex={0}
        >
          {messages.map((message) => {
            const own = message.senderRole === viewerSide;
            return (
              <li key={message.id} className={own ? styles.own : styles.theirs}>
                <p className={styles.bubble}>{message.content}</p>
                <p className={styles.meta}>
                  <span>
                    {own
                      ? "Vous"
                      : message.senderName || (message.senderRole === "admin" ? "Nacre" : "Client")}
                  </span>
                  {" · "}
                  <time dateTime={message.createdAt} suppressHydrationWarning>
                    {chatTimestamp(message.createdAt, now)}
                  </time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {awayFromBottom && messages.length > 0 ? (
        <button type="button" className={styles.toLatest} onClick={() => scrollToLatest("smooth")}>
          Derniers messages ↓
        </button>
      ) : null}
    </div>
  );
}
