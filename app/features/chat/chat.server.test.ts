import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import {
  catchUp,
  deleteChat,
  findCustomerChat,
  listChatsForAdmin,
  listMessages,
  markChatRead,
  openCustomerChat,
  resolveChat,
  sendChatMessage,
  unreadByChat,
} from "./chat.server";
import type { ChatEvent } from "./chat-types";
import type { Viewer } from "./realtime.server";

let ctx: AppContext;
let alice: Viewer;
let bruno: Viewer;

async function account(email: string, name: string): Promise<Viewer> {
  const { user } = await ctx.auth.api.signUpEmail({ body: { email, password: "motdepasse-2026", name } });
  return { id: user.id, role: "user" };
}

async function makeAdmin(email: string): Promise<Viewer> {
  const viewer = await account(email, "Vaea");
  await ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", viewer.id).execute();
  return { id: viewer.id, role: "admin" };
}

function record() {
  const events: ChatEvent[] = [];
  const stop = ctx.chatHub.subscribe({
    viewer: { id: "observateur", role: "admin" },
    deliver: (event) => events.push(event),
    close: () => {},
  });
  return { events, stop };
}

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await account("alice@exemple.fr", "Alice");
  bruno = await account("bruno@exemple.fr", "Bruno");
});

afterAll(() => ctx.close());

describe("support chat", () => {
  it("cannot be created while the shop has no admin (docs/product.md §8: silent null), and says so politely", async () => {
    expect(await openCustomerChat(ctx.db, ctx.chatHub, alice.id)).toBeNull();
    expect(await ctx.db.selectFrom("chats").selectAll().execute()).toEqual([]);
  });

  it("is created once per customer, assigned to the first admin, even when opened twice at once", async () => {
    const first = await makeAdmin("vaea@exemple.fr");
    await makeAdmin("second@exemple.fr");
    const [a, b] = await Promise.all([
      openCustomerChat(ctx.db, ctx.chatHub, alice.id),
      openCustomerChat(ctx.db, ctx.chatHub, alice.id),
    ]);
    expect(a?.id).toBeTruthy();
    expect(b?.id).toBe(a?.id);
    const rows = await ctx.db.selectFrom("chats").selectAll().where("user_id", "=", alice.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ admin_id: first.id, unread_count_user: 0, unread_count_admin: 0 });
    expect(a).toMatchObject({ customerName: "Alice", ownerId: alice.id, lastMessage: "" });
  });

  it("sends: sets last_message and updated, raises the other side's counter, publishes the message", async () => {
    const admin = (await ctx.db.selectFrom("users").select("id").where("role", "=", "admin").execute())[0];
    const chat = await findCustomerChat(ctx.db, alice.id);
    if (!chat || !admin) throw new Error("conversation manquante");
    const { events, stop } = record();
    const sent = await sendChatMessage(
      ctx.db,
      ctx.chatHub,
      alice,
      chat.id,
      "Bonjour, ce collier existe-t-il en 45 cm ?",
    );
    expect(sent?.chat).toMatchObject({
      lastMessage: "Bonjour, ce collier existe-t-il en 45 cm ?",
      unreadAdmin: 1,
      unreadUser: 0,
    });
    expect((sent?.chat.updatedAt ?? "") > chat.updatedAt).toBe(true);
    expect(sent?.message).toMatchObject({ senderRole: "user", senderName: "Alice" });
    await sendChatMessage(ctx.db, ctx.chatHub, alice, chat.id, "Merci !");
    const reply = await sendChatMessage(
      ctx.db,
      ctx.chatHub,
      { id: admin.id, role: "admin" },
      chat.id,
      "Oui !",
    );
    expect(reply?.chat).toMatchObject({ unreadAdmin: 2, unreadUser: 1, lastMessage: "Oui !" });
    expect(reply?.message.senderRole).toBe("admin");
    stop();
    expect(events.map((event) => event.type)).toEqual(["message", "message", "message"]);
    expect((await listMessages(ctx.db, chat.id)).map((m) => m.content)).toEqual([
      "Bonjour, ce collier existe-t-il en 45 cm ?",
      "Merci !",
      "Oui !",
    ]);
    expect(await unreadByChat(ctx.db, { id: admin.id, role: "admin" })).toEqual({ [chat.id]: 2 });
    expect(await unreadByChat(ctx.db, alice)).toEqual({ [chat.id]: 1 });
    expect(await unreadByChat(ctx.db, bruno)).toEqual({});
  });

  it("opening resets the reader's own counter only, and marks the other side's messages read", async () => {
    const chat = await findCustomerChat(ctx.db, alice.id);
    if (!chat) throw new Error("conversation manquante");
    const admin: Viewer = { id: "quelconque", role: "admin" };
    const read = await markChatRead(ctx.db, ctx.chatHub, admin, chat.id);
    expect(read).toMatchObject({ unreadAdmin: 0, unreadUser: 1 });
    const flags = await ctx.db
      .selectFrom("chat_messages")
      .select(["sender_role", "read_status"])
      .where("chat_id", "=", chat.id)
      .execute();
    expect(flags.filter((m) => m.sender_role === "user").every((m) => m.read_status === 1)).toBe(true);
    expect(flags.filter((m) => m.sender_role === "admin").every((m) => m.read_status === 0)).toBe(true);
    expect(await openCustomerChat(ctx.db, ctx.chatHub, alice.id)).toMatchObject({ unreadUser: 0 });
  });

  it("never lets a customer reach another customer's conversation", async () => {
    const aliceChat = await findCustomerChat(ctx.db, alice.id);
    if (!aliceChat) throw new Error("conversation manquante");
    expect(await resolveChat(ctx.db, bruno, aliceChat.id)).toBeNull();
    expect(await resolveChat(ctx.db, bruno, undefined)).toBeNull();
    expect((await resolveChat(ctx.db, alice, undefined))?.id).toBe(aliceChat.id);
    expect((await resolveChat(ctx.db, { id: "x", role: "admin" }, aliceChat.id))?.id).toBe(aliceChat.id);
    expect(await catchUp(ctx.db, bruno, "2000-01-01T00:00:00.000Z")).toEqual({ chats: [], messages: [] });
    const forAlice = await catchUp(ctx.db, alice, "2000-01-01T00:00:00.000Z");
    expect(forAlice.chats.map((c) => c.id)).toEqual([aliceChat.id]);
    expect(forAlice.messages).toHaveLength(3);
  });

  it("the hub only delivers to a customer the events of their own conversation", async () => {
    const aliceChat = await findCustomerChat(ctx.db, alice.id);
    const brunoChat = await openCustomerChat(ctx.db, ctx.chatHub, bruno.id);
    if (!aliceChat || !brunoChat) throw new Error("conversation manquante");
    const seenByBruno: ChatEvent[] = [];
    const stop = ctx.chatHub.subscribe({
      viewer: bruno,
      deliver: (e) => seenByBruno.push(e),
      close: () => {},
    });
    await sendChatMessage(ctx.db, ctx.chatHub, alice, aliceChat.id, "Secret d'Alice");
    await sendChatMessage(ctx.db, ctx.chatHub, bruno, brunoChat.id, "Message de Bruno");
    stop();
    expect(JSON.stringify(seenByBruno)).not.toContain("Alice");
    expect(seenByBruno).toHaveLength(1);
  });

  it("lists conversations last updated first, and deletes one with its messages", async () => {
    const list = await listChatsForAdmin(ctx.db);
    expect(list.map((c) => c.customerName)).toEqual(["Bruno", "Alice"]);
    const aliceChat = list[1];
    if (!aliceChat) throw new Error("conversation manquante");
    const { events, stop } = record();
    expect(await deleteChat(ctx.db, ctx.chatHub, aliceChat.id)).toBe(true);
    expect(await deleteChat(ctx.db, ctx.chatHub, aliceChat.id)).toBe(false);
    stop();
    expect(events).toEqual([{ type: "chat-deleted", chatId: aliceChat.id, ownerId: alice.id }]);
    expect(await listMessages(ctx.db, aliceChat.id)).toEqual([]);
    expect(await sendChatMessage(ctx.db, ctx.chatHub, alice, aliceChat.id, "Encore là ?")).toBeNull();
  });
});
