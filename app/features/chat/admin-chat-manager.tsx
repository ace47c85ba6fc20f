/**
 * The seller's support desk (docs/product.md §2 admin "support chat manager"): conversations last updated
 * first with their unread counts, the selected conversation beside them (alone on a phone), replies,
 * and deletion after confirmation. Everything stays live through the chat stream.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import buttonStyles from "~/components/button.module.css";
import { chatTimestamp } from "~/lib/dates";
import styles from "./admin-chat.module.css";
import { postChat } from "./chat-api";
import { ChatComposer } from "./chat-composer";
import { useChatEvents } from "./chat-context";
import { ChatThread } from "./chat-thread";
import { CHAT_MESSAGES, type ChatMessageView, type ChatSummary, mergeMessages } from "./chat-types";

const byLastUpdate = (a: ChatSummary, b: ChatSummary) =>
  b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id);

function upsert(list: ChatSummary[], chat: ChatSummary) {
  return [...list.filter((item) => item.id !== chat.id), chat].sort(byLastUpdate);
}

export function AdminChatManager({
  chats: initialChats,
  selectedId,
  messages: initialMessages,
}: {
  chats: ChatSummary[];
  selectedId: string | null;
  messages: ChatMessageView[];
}) {
  const [chats, setChats] = useState(initialChats);
  const [messages, setMessages] = useState(initialMessages);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const selected = chats.find((chat) => chat.id === selectedId) ?? null;
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;

  // Each loader run (another conversation chosen, a revalidation) brings the server's view.
  useEffect(() => setChats(initialChats), [initialChats]);
  useEffect(() => setMessages(initialMessages), [initialMessages]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another conversation clears the error.
  useEffect(() => setError(null), [selectedId]);

  // Opening a conversation resets the admin's counter (docs/product.md §4).
  const unreadOfSelected = selected?.unreadAdmin ?? 0;
  useEffect(() => {
    if (selectedId && unreadOfSelected > 0 && document.visibilityState === "visible") {
      const timer = setTimeout(() => postChat({ intent: "read", chatId: selectedId }).catch(() => {}), 200);
      return () => clearTimeout(timer);
    }
  }, [selectedId, unreadOfSelected]);

  useChatEvents((event) => {
    if (event.type === "sync") {
      setChats([...event.chats].sort(byLastUpdate));
      const current = selectedRef.current;
      setMessages((list) =>
        mergeMessages(
          list,
          event.messages.filter((m) => m.chatId === current),
        ),
      );
    } else if (event.type === "chat-deleted") {
      setChats((list) => list.filter((chat) => chat.id !== event.chatId));
      if (event.chatId === selectedRef.current) setMessages([]);
    } else if (event.type === "chat") {
      setChats((list) => upsert(list, event.chat));
    } else if (event.type === "message") {
      setChats((list) => upsert(list, event.chat));
      if (event.chat.id === selectedRef.current) setMessages((list) => mergeMessages(list, [event.message]));
    }
  });

  const reply = async (content: string) => {
    if (!selectedId) return;
    const answer = await postChat({ intent: "send", chatId: selectedId, content });
    if (answer.chat) setChats((list) => upsert(list, answer.chat as ChatSummary));
    if (answer.message) setMessages((list) => mergeMessages(list, [answer.message as ChatMessageView]));
  };

  const remove = async () => {
    if (!selected) return;
    if (!window.confirm(`Supprimer la conversation avec ${selected.customerName} et tous ses messages ?`))
      return;
    try {
      await postChat({ intent: "delete", chatId: selected.id });
      setChats((list) => list.filter((chat) => chat.id !== selected.id));
      navigate("/admin/messages", { replace: true });
    } catch {
      setError(CHAT_MESSAGES.deleteFailed);
    }
  };

  if (chats.length === 0 && !selectedId) {
    return <p className={styles.empty}>{CHAT_MESSAGES.noConversation}</p>;
  }
  const now = new Date();
  return (
    <div className={styles.desk} data-selected={selectedId ? "true" : "false"}>
      <nav className={styles.list} aria-label="Conversations">
        {chats.length === 0 ? <p className={styles.empty}>{CHAT_MESSAGES.noConversation}</p> : null}
        <ul>
          {chats.map((chat) => (
            <li key={chat.id}>
              <Link
                to={`?conversation=${chat.id}`}
                className={styles.item}
                aria-current={chat.id === selectedId ? "true" : undefined}
                preventScrollReset
              >
                <span className={styles.itemHead}>
                  <strong>{chat.customerName}</strong>
                  {chat.unreadAdmin > 0 ? (
                    <span className={styles.unread}>
                      {chat.unreadAdmin}
                      <span className="visually-hidden"> non lu{chat.unreadAdmin > 1 ? "s" : ""}</span>
                    </span>
                  ) : null}
                </span>
                <span className={styles.preview}>{chat.lastMessage || "Aucun message pour l'instant"}</span>
                <time className={styles.when} dateTime={chat.updatedAt} suppressHydrationWarning>
                  {chatTimestamp(chat.updatedAt, now)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className={styles.pane} aria-label="Conversation">
        {selected ? (
          <>
            <header className={styles.paneHead}>
              <Link to="/admin/messages" className={styles.back}>
                ← Conversations
              </Link>
              <div>
                <h2>{selected.customerName}</h2>
                <a href={`mailto:${selected.customerEmail}`} className={styles.email}>
                  {selected.customerEmail}
                </a>
              </div>
              <button type="button" className={buttonStyles.secondary} onClick={remove}>
                Supprimer
              </button>
            </header>
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            <ChatThread
              key={selected.id}
              messages={messages}
              viewerSide="admin"
              label={`Messages de ${selected.customerName}`}
              placeholder={<p>La conversation est ouverte : aucun message pour l'instant.</p>}
            />
            <ChatComposer onSend={reply} label={`Répondre à ${selected.customerName}`} />
          </>
        ) : selectedId ? (
          <p className={styles.hint}>Cette conversation n'existe plus.</p>
        ) : (
          <p className={styles.hint}>Choisissez une conversation pour la lire et y répondre.</p>
        )}
      </section>
    </div>
  );
}
