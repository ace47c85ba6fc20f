import { describe, expect, it } from "vitest";
import { chatActionSchema } from "./chat-schemas";
import { type ChatMessageView, mergeMessages, RECONNECT_DELAYS_MS, reconnectDelay } from "./chat-types";

const message = (id: string, createdAt: string): ChatMessageView => ({
  id,
  chatId: "c",
  senderRole: "user",
  senderName: "Moana",
  content: id,
  createdAt,
});

describe("reconnectDelay", () => {
  it("follows docs/product.md §9's back-off, then keeps the last delay for unlimited attempts", () => {
    expect(RECONNECT_DELAYS_MS).toEqual([200, 300, 500, 1000, 1200, 1500, 2000]);
    expect([0, 1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([200, 300, 500, 1000, 1200, 1500, 2000]);
    expect(reconnectDelay(7)).toBe(2000);
    expect(reconnectDelay(10_000)).toBe(2000);
  });
});

describe("mergeMessages", () => {
  it("ignores duplicates and keeps the order of creation", () => {
    const a = message("a", "2026-11-22T10:00:00.000Z");
    const b = message("b", "2026-11-22T10:01:00.000Z");
    const c = message("c", "2026-11-22T10:02:00.000Z");
    const list = mergeMessages([a, c], [c, b, a]);
    expect(list.map((m) => m.id)).toEqual(["a", "b", "c"]);
  });

  it("returns the same list when nothing is new, so React does not re-render", () => {
    const list = [message("a", "2026-11-22T10:00:00.000Z")];
    expect(mergeMessages(list, [...list])).toBe(list);
  });
});

describe("chatActionSchema", () => {
  it("trims the text and refuses a blank message (docs/product.md §5)", () => {
    expect(chatActionSchema.parse({ intent: "send", content: "  Bonjour  " })).toEqual({
      intent: "send",
      content: "Bonjour",
    });
    const blank = chatActionSchema.safeParse({ intent: "send", content: " \n\t " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("Votre message est vide.");
  });

  it("refuses unknown intents, forged ids and oversize text in French", () => {
    expect(chatActionSchema.safeParse({ intent: "lire-tout" }).error?.issues[0]?.message).toBe(
      "Action inconnue.",
    );
    expect(chatActionSchema.safeParse({ intent: "delete", chatId: "../x" }).error?.issues[0]?.message).toBe(
      "Conversation introuvable.",
    );
    expect(
      chatActionSchema.safeParse({ intent: "send", content: "a".repeat(2001) }).error?.issues[0]?.message,
    ).toBe("Votre message est trop long (2000 caractères au maximum).");
  });
});
