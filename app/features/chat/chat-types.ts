/**
 * What the support chat sends over the wire (JSON answers and the Server-Sent Events stream),
 * shared by the server and the browser.
 */

/** One conversation as the list and the badges see it. */
export interface ChatSummary {
  id: string;
  /** The customer who owns the conversation: events are only ever sent to them and to admins. */
  ownerId: string;
  customerName: string;
  customerEmail: string;
  lastMessage: string;
  updatedAt: string;
  unreadUser: number;
  unreadAdmin: number;
}

export interface ChatMessageView {
  id: string;
  chatId: string;
  senderRole: "user" | "admin";
  senderName: string;
  content: string;
  createdAt: string;
}

/** Events of the live stream (/api/chat/flux). */
export type ChatEvent =
  | { type: "message"; chat: ChatSummary; message: ChatMessageView }
  | { type: "chat"; chat: ChatSummary }
  | { type: "chat-deleted"; chatId: string; ownerId: string }
  /** Admins only: how many orders wait for the seller's first step (docs/product.md §10.19). */
  | { type: "orders"; newOrders: number }
  /** Sent on every (re)connection: the conversations and the messages missed since `depuis`. */
  | { type: "sync"; chats: ChatSummary[]; messages: ChatMessageView[]; serverTime: string };

/** docs/product.md §9: reconnect delays, in ms, the last one repeated for ever. */
export const RECONNECT_DELAYS_MS = [200, 300, 500, 1000, 1200, 1500, 2000] as const;

export function reconnectDelay(attempt: number): number {
  const last = RECONNECT_DELAYS_MS.length - 1;
  return RECONNECT_DELAYS_MS[Math.min(Math.max(attempt, 0), last)] as number;
}

/** docs/product.md §9: the subscription starts 1 s after login (and after each page load). */
export const SUBSCRIBE_DELAY_MS = 1000;
/** docs/product.md §9: the scroll-to-latest button shows beyond 50 px from the bottom. */
export const SCROLL_BUTTON_THRESHOLD_PX = 50;
/** docs/product.md §9: the account chat scrolls to the latest message at 300, 600 and 1000 ms after opening. */
export const AUTO_SCROLL_DELAYS_MS = [300, 600, 1000] as const;

export const CHAT_MESSAGES = {
  sendFailed: "Une erreur s'est produite lors de l'envoi du message.",
  deleteFailed: "Erreur lors de la suppression de la conversation.",
  noConversation: "Aucune conversation de support.",
  unavailable:
    "Le support en ligne n'est pas disponible pour le moment. Écrivez-nous depuis la page Contact : nous vous répondrons très vite.",
} as const;

/** Adds messages to a list without duplicates (an event can arrive twice: live and at catch-up). */
export function mergeMessages(current: ChatMessageView[], incoming: ChatMessageView[]): ChatMessageView[] {
  if (incoming.length === 0) return current;
  const known = new Set(current.map((message) => message.id));
  const added = incoming.filter((message) => !known.has(message.id));
  if (added.length === 0) return current;
  return [...current, ...added].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}
