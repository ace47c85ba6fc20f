/**
 * The support chat between a customer and the seller (docs/product.md §4 "Chat", §7 chats and chat_messages).
 * One conversation per customer, created when they open support and assigned to the first admin;
 * each message updates the conversation and raises the other side's unread counter in one
 * transaction, then goes out live through the hub. Callers pass the signed-in user: a customer
 * only ever reaches their own conversation here, whatever id they send.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "~/server/db-schema.server";
import { newId } from "~/server/ids.server";
import type { ChatEvent, ChatMessageView, ChatSummary } from "./chat-types";
import type { ChatEventReference, ChatHub, Viewer } from "./realtime.server";

type Db = Kysely<Database>;

/** How many missed messages a reconnection catches up at most (older ones are on the page). */
const CATCH_UP_LIMIT = 500;
/** The admin's list shows this many conversations, most recent first. */
const ADMIN_LIST_LIMIT = 200;

function summaryQuery(db: Db) {
  return db
    .selectFrom("chats")
    .innerJoin("users", "users.id", "chats.user_id")
    .select([
      "chats.id as id",
      "chats.user_id as ownerId",
      "users.name as name",
      "users.username as username",
      "users.email as customerEmail",
      "chats.last_message as lastMessage",
      "chats.updated_at as updatedAt",
      "chats.unread_count_user as unreadUser",
      "chats.unread_count_admin as unreadAdmin",
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>["executeTakeFirstOrThrow"]>>;

function toSummary({ name, username, ...row }: SummaryRow): ChatSummary {
  return { ...row, customerName: name || username || row.customerEmail };
}

function messageQuery(db: Db) {
  return db
    .selectFrom("chat_messages")
    .leftJoin("users", "users.id", "chat_messages.sender_id")
    .select([
      "chat_messages.id as id",
      "chat_messages.chat_id as chatId",
      "chat_messages.sender_role as senderRole",
      "users.name as senderName",
      "chat_messages.content as content",
      "chat_messages.created_at as createdAt",
    ]);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messageQuery>["executeTakeFirstOrThrow"]>>;

function toMessage(row: MessageRow): ChatMessageView {
  return { ...row, senderName: row.senderName ?? "" };
}

export async function getChatSummary(db: Db, chatId: string): Promise<ChatSummary | null> {
  const row = await summaryQuery(db).where("chats.id", "=", chatId).executeTakeFirst();
  return row ? toSummary(row) : null;
}

export async function findCustomerChat(db: Db, userId: string): Promise<ChatSummary | null> {
  const row = await summaryQuery(db).where("chats.user_id", "=", userId).executeTakeFirst();
  return row ? toSummary(row) : null;
}

/** Every conversation, last updated first (docs/product.md §7: sort -updated). Admins only. */
export async function listChatsForAdmin(db: Db): Promise<ChatSummary[]> {
  const rows = await summaryQuery(db)
    .orderBy("chats.updated_at", "desc")
    .orderBy("chats.id")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
  return rows.map(toSummary);
}

/** A conversation's messages in the order they were written (docs/product.md §7: sort created). */
let lastStamp = 0;
/**
 * The conversation's clock: never twice the same millisecond in this process, so "last updated
 * first" and the order of messages hold even for writes a millisecond apart.
 */
function chatClock(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

/**
 * Two messages written in the same millisecond by two processes could still share a timestamp;
 * their ids are random. The row number SQLite gives each insert keeps the order they were written.
 */
const WRITE_ORDER = sql<number>`chat_messages.rowid`;

export async function listMessages(db: Db, chatId: string, since?: string): Promise<ChatMessageView[]> {
  let query = messageQuery(db).where("chat_messages.chat_id", "=", chatId);
  if (since) query = query.where("chat_messages.created_at", ">=", since);
  const rows = await query.orderBy("chat_messages.created_at").orderBy(WRITE_ORDER).execute();
  return rows.map(toMessage);
}

/** The conversations and missed messages a viewer may see, sent when their stream (re)connects. */
export async function catchUp(db: Db, viewer: Viewer, since: string) {
  if (viewer.role === "admin") {
    const [chats, rows] = await Promise.all([
      listChatsForAdmin(db),
      messageQuery(db)
        .where("chat_messages.created_at", ">=", since)
        .orderBy("chat_messages.created_at", "desc")
        .orderBy(WRITE_ORDER, "desc")
        .limit(CATCH_UP_LIMIT)
        .execute(),
    ]);
    return { chats, messages: rows.reverse().map(toMessage) };
  }
  const chat = await findCustomerChat(db, viewer.id);
  if (!chat) return { chats: [], messages: [] };
  const messages = await listMessages(db, chat.id, since);
  return { chats: [chat], messages: messages.slice(-CATCH_UP_LIMIT) };
}

/** docs/product.md §4: the conversation is assigned to the first admin found. */
async function firstAdminId(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .orderBy("created_at")
    .orderBy("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether a customer can start a conversation: someone must be there to answer. */
export async function supportIsAvailable(db: Db): Promise<boolean> {
  return (await firstAdminId(db)) !== null;
}

/**
 * A customer opens support: their conversation is created on the first visit (once: chats.user_id
 * is unique, so two tabs opening at once still make one), and their unread counter goes back to 0.
 * Returns null when no admin exists to answer (docs/product.md §8: the chat cannot be created).
 */
export async function openCustomerChat(db: Db, hub: ChatHub, userId: string): Promise<ChatSummary | null> {
  let chat = await findCustomerChat(db, userId);
  if (!chat) {
    const adminId = await firstAdminId(db);
    if (!adminId) return null;
    const now = chatClock();
    await db
      .insertInto("chats")
      .values({ id: newId(), user_id: userId, admin_id: adminId, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    chat = await findCustomerChat(db, userId);
    if (!chat) return null;
  }
  return markChatRead(db, hub, { id: userId, role: "user" }, chat.id);
}

/**
 * The conversation `viewer` may act on: an admin names any conversation; a customer only ever gets
 * their own (a forged id of someone else's is answered as "not found", never acted on).
 */
export async function resolveChat(db: Db, viewer: Viewer, chatId: string | undefined) {
  if (viewer.role === "admin") return chatId ? getChatSummary(db, chatId) : null;
  const own = await findCustomerChat(db, viewer.id);
  if (!own || (chatId && chatId !== own.id)) return null;
  return own;
}

/** Opening a conversation resets the reader's own counter and marks the other side's messages read. */
export async function markChatRead(db: Db, hub: ChatHub, reader: Viewer, chatId: string) {
  const counter = reader.role === "admin" ? "unread_count_admin" : "unread_count_user";
  const otherSide = reader.role === "admin" ? "user" : "admin";
  const changed = await db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable("chats")
      .set({ [counter]: 0 })
      .where("id", "=", chatId)
      .where(counter, ">", 0)
      .executeTakeFirst();
    await trx
      .updateTable("chat_messages")
      .set({ read_status: 1 })
      .where("chat_id", "=", chatId)
      .where("sender_role", "=", otherSide)
      .where("read_status", "=", 0)
      .execute();
    return numUpdatedRows > 0n;
  });
  const chat = await getChatSummary(db, chatId);
  if (chat && changed) hub.publish({ type: "chat", chat });
  return chat;
}

/**
 * docs/product.md §4: sending sets last_message and updated and raises the other side's unread counter by
 * one; the sender side is admin when the sender is an admin.
 */
export async function sendChatMessage(
  db: Db,
  hub: ChatHub,
  sender: Viewer,
  chatId: string,
  content: string,
  /** Runs inside the message's transaction once it is stored (the shop's e-mail, ADR 025). */
  inTransaction?: (trx: Db) => Promise<unknown>,
): Promise<{ chat: ChatSummary; message: ChatMessageView } | null> {
  const id = newId();
  const now = chatClock();
  const otherCounter = sender.role === "admin" ? "unread_count_user" : "unread_count_admin";
  const stored = await db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable("chats")
      .set({
        last_message: content,
        updated_at: now,
        [otherCounter]: sql<number>`${sql.ref(otherCounter)} + 1`,
      })
      .where("id", "=", chatId)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) return false;
    await trx
      .insertInto("chat_messages")
      .values({
        id,
        chat_id: chatId,
        sender_id: sender.id,
        sender_role: sender.role,
        content,
        message_type: "text",
        read_status: 0,
        created_at: now,
      })
      .execute();
    await inTransaction?.(trx);
    return true;
  });
  if (!stored) return null;
  const [chat, message] = await Promise.all([
    getChatSummary(db, chatId),
    messageQuery(db).where("chat_messages.id", "=", id).executeTakeFirst(),
  ]);
  if (!chat || !message) return null;
  const view = toMessage(message);
  hub.publish({ type: "message", chat, message: view });
  return { chat, message: view };
}

/** Admins only (the route checks): the conversation and its messages go in one statement. */
export async function deleteChat(db: Db, hub: ChatHub, chatId: string): Promise<boolean> {
  const deleted = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("chats").select("user_id").where("id", "=", chatId).executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom("chat_messages").where("chat_id", "=", chatId).execute();
    await trx.deleteFrom("chats").where("id", "=", chatId).execute();
    return row.user_id;
  });
  if (!deleted) return false;
  hub.publish({ type: "chat-deleted", chatId, ownerId: deleted });
  return true;
}

/**
 * An event another instance announced by reference (too large for a notification, ADR 014), read
 * again from the database: null when its conversation or message is gone meanwhile.
 */
export async function loadChatEvent(db: Db, ref: ChatEventReference): Promise<ChatEvent | null> {
  const chat = await getChatSummary(db, ref.chatId);
  if (!chat) return null;
  if (ref.type === "chat") return { type: "chat", chat };
  const message = await messageQuery(db)
    .where("chat_messages.id", "=", ref.messageId)
    .where("chat_messages.chat_id", "=", ref.chatId)
    .executeTakeFirst();
  return message ? { type: "message", chat, message: toMessage(message) } : null;
}

/** Unread counters for the header and dashboard badges: by conversation id, non-zero only. */
export async function unreadByChat(db: Db, viewer: Viewer): Promise<Record<string, number>> {
  const rows =
    viewer.role === "admin"
      ? await db
          .selectFrom("chats")
          .select(["id", "unread_count_admin as unread"])
          .where("unread_count_admin", ">", 0)
          .execute()
      : await db
          .selectFrom("chats")
          .select(["id", "unread_count_user as unread"])
          .where("user_id", "=", viewer.id)
          .where("unread_count_user", ">", 0)
          .execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.unread]));
}
