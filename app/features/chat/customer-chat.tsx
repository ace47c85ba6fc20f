/**
 * The customer's support chat in /mon-compte (docs/product.md §2 "Chat"). Opening it creates the conversation
 * once and resets the customer's unread counter; the seller's answers arrive live and are marked
 * read while the page is in view.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import styles from "./chat.module.css";
import { postChat } from "./chat-api";
import { ChatComposer } from "./chat-composer";
import { useChatEvents } from "./chat-context";
import { ChatThread } from "./chat-thread";
import {
  AUTO_SCROLL_DELAYS_MS,
  CHAT_MESSAGES,
  type ChatMessageView,
  type ChatSummary,
  mergeMessages,
} from "./chat-types";

export function CustomerChat({
  initialChat,
  initialMessages,
  available: initiallyAvailable,
}: {
  initialChat: ChatSummary | null;
  initialMessages: ChatMessageView[];
  /** False when the shop has no admin to answer (docs/product.md §8): a notice replaces the chat. */
  available: boolean;
}) {
  const [chat, setChat] = useState(initialChat);
  const [messages, setMessages] = useState(initialMessages);
  const [available, setAvailable] = useState(initiallyAvailable);
  const chatId = useRef(initialChat?.id ?? null);
  chatId.current = chat?.id ?? null;

  const open = useCallback(async () => {
    const answer = await postChat({ intent: "open" });
    if (!answer.chat) {
      setAvailable(false);
      return null;
    }
    setChat(answer.chat);
    setMessages((current) => mergeMessages(current, answer.messages ?? []));
    return answer.chat;
  }, []);

  // Opening support (docs/product.md §4): the conversation exists from now on, and its counter is back to 0.
  useEffect(() => {
    if (initiallyAvailable) open().catch(() => {});
  }, [initiallyAvailable, open]);

  const markRead = useRef<ReturnType<typeof setTimeout>>(undefined);
  const readNow = useCallback(() => {
    markRead.current = undefined;
    postChat({ intent: "read" }).catch(() => {});
  }, []);
  useChatEvents((event) => {
    if (event.type === "chat-deleted" && event.chatId === chatId.current) {
      setChat(null);
      setMessages([]);
      return;
    }
    if (event.type === "sync") {
      const own = event.chats[0];
      if (own) setChat(own);
      setMessages((current) => mergeMessages(current, event.messages));
      return;
    }
    if (event.type === "chat" && event.chat.id === chatId.current) setChat(event.chat);
    if (event.type !== "message") return;
    setChat(event.chat);
    setMessages((current) => mergeMessages(current, [event.message]));
  });

  // Answers on screen are read (docs/product.md §4: opening resets the reader's counter), however they came:
  // live, at catch-up, or while the tab was hidden. One request for a burst of messages.
  const unread = chat?.unreadUser ?? 0;
  useEffect(() => {
    if (unread === 0) return;
    const schedule = () => {
      if (document.visibilityState !== "visible") return;
      clearTimeout(markRead.current);
      markRead.current = setTimeout(readNow, 300);
    };
    schedule();
    document.addEventListener("visibilitychange", schedule);
    return () => document.removeEventListener("visibilitychange", schedule);
  }, [unread, readNow]);
  // Leaving the page right after an answer showed: it was seen, so it is still marked read.
  useEffect(
    () => () => {
      if (markRead.current === undefined) return;
      clearTimeout(markRead.current);
      readNow();
    },
    [readNow],
  );

  const send = async (content: string) => {
    const target = chat ?? (await open());
    if (!target) throw new Error(CHAT_MESSAGES.unavailable);
    const answer = await postChat({ intent: "send", content });
    if (answer.chat) setChat(answer.chat);
    if (answer.message) setMessages((current) => mergeMessages(current, [answer.message as ChatMessageView]));
  };

  const count = messages.length;
  return (
    <div className={styles.customerChat}>
      <header className={styles.chatHeader}>
        <h2 id="support-titre">Support en ligne</h2>
        <p className={styles.count} aria-live="polite">
          {count} message{count > 1 ? "s" : ""}
        </p>
      </header>
      {available ? (
        <>
          <ChatThread
            messages={messages}
            viewerSide="user"
            label="Messages du support"
            autoScrollDelays={AUTO_SCROLL_DELAYS_MS}
            placeholder={
              <>
                <p className={styles.welcome}>Ia ora na, bienvenue !</p>
                <p>
                  Une question sur une création, une commande ou une livraison ? Écrivez-nous ici : la
                  créatrice vous répond personnellement, en général dans la journée.
                </p>
              </>
            }
          />
          <ChatComposer onSend={send} />
        </>
      ) : (
        <p className={styles.notice} role="status">
          {CHAT_MESSAGES.unavailable} <a href="/contact">Page Contact</a>
        </p>
      )}
    </div>
  );
}
