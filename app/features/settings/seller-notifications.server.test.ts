/**
 * The seller's e-mails (docs/product.md §10.20), on both back ends, with an injected clock: a chat
 * message is e-mailed only after ten minutes without an admin, once per conversation and absence,
 * never twice when two messages race; each kind honours its switch. (A mail server's refusal is the
 * outbox worker's business: app/server/outbox.server.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { submitOrder } from "~/features/orders/order-flow.server";
import type { OrderForm } from "~/features/orders/order-schema";
import type { AppContext } from "~/server/context.server";
import { newId } from "~/server/ids.server";
import type { MailMessage } from "~/server/mail.server";
import { createTestContext } from "~/server/test-context";
import {
  createPresenceRecorder,
  notifyChatMessage,
  notifyContactMessage,
  notifyReviewAwaiting,
  recordAdminVisit,
} from "./seller-notifications.server";

const SHOP_EMAIL = "boutique@exemple.fr";
const MINUTE = 60_000;
const T0 = new Date("2026-11-23T10:00:00.000Z").getTime();
const at = (minutes: number) => new Date(T0 + minutes * MINUTE);

let ctx: AppContext;
let sent: MailMessage[] = [];

/** The mails are recorded in the outbox (ADR 025): deliver what is due before reading what was sent. */
const settled = () => ctx.outbox.deliverDue();

async function settings(values: {
  notify_new_order?: 0 | 1;
  notify_contact?: 0 | 1;
  notify_review?: 0 | 1;
  notify_chat?: 0 | 1;
  admin_seen_at?: string | null;
  email?: string;
}) {
  await ctx.db.updateTable("shop_settings").set(values).where("id", "=", "shop").execute();
}

/** A new customer's conversation (one per customer). */
async function newChat(): Promise<string> {
  const email = `client-${newId().slice(0, 8).toLowerCase()}@exemple.fr`;
  const { user } = await ctx.auth.api.signUpEmail({
    body: { email, password: "motdepasse-long", name: "Hina Client" },
  });
  const id = newId();
  await ctx.db.insertInto("chats").values({ id, user_id: user.id, admin_id: null }).execute();
  return id;
}

function chatMessage(chatId: string, content = "Bonjour, la bague est-elle encore disponible ?") {
  return { chatId, customerName: "Hina Client", content };
}

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: "https://nacre.exemple.fr" });
  ctx.mailer = {
    async send(message) {
      sent.push(message);
      return {};
    },
  };
  await ctx.db
    .insertInto("shop_settings")
    .values({ id: "shop", shop_name: "Nacre", email: SHOP_EMAIL })
    .execute();
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  // What an earlier test recorded and did not read goes now, not into this test's list.
  await settled();
  sent = [];
  await settings({
    notify_new_order: 1,
    notify_contact: 1,
    notify_review: 1,
    notify_chat: 1,
    admin_seen_at: null,
    email: SHOP_EMAIL,
  });
});

describe("a customer's chat message while no admin is around", () => {
  it("waits while an admin was seen 5 minutes ago, e-mails once after 11, and again after the next absence", async () => {
    const chatId = await newChat();
    const present = createPresenceRecorder();
    await present(ctx.db, at(0));

    expect(await notifyChatMessage(ctx, chatMessage(chatId), at(5))).toBe(false);
    await settled();
    expect(sent).toEqual([]);

    expect(await notifyChatMessage(ctx, chatMessage(chatId), at(11))).toBe(true);
    await settled();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(SHOP_EMAIL);
    expect(sent[0]?.subject).toContain("Hina Client");
    expect(sent[0]?.text).toContain("Bonjour, la bague est-elle encore disponible ?");
    expect(sent[0]?.text).toContain("https://nacre.exemple.fr/admin/messages");

    // The same absence: the second message is not e-mailed.
    expect(await notifyChatMessage(ctx, chatMessage(chatId, "Et en argent ?"), at(12))).toBe(false);
    expect(await notifyChatMessage(ctx, chatMessage(chatId, "Merci !"), at(40))).toBe(false);
    await settled();
    expect(sent).toHaveLength(1);

    // An admin comes back, reads, leaves: 11 minutes later a new message is a new absence.
    await present(ctx.db, at(45));
    expect(await notifyChatMessage(ctx, chatMessage(chatId, "Vous êtes là ?"), at(50))).toBe(false);
    expect(await notifyChatMessage(ctx, chatMessage(chatId, "Vous êtes là ?"), at(56))).toBe(true);
    await settled();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.text).toContain("Vous êtes là ?");
  });

  it("e-mails when no admin was ever seen, and each conversation once in the same absence", async () => {
    const first = await newChat();
    const second = await newChat();
    expect(await notifyChatMessage(ctx, chatMessage(first), at(100))).toBe(true);
    expect(await notifyChatMessage(ctx, chatMessage(first), at(101))).toBe(false);
    expect(await notifyChatMessage(ctx, chatMessage(second), at(102))).toBe(true);
    await settled();
    expect(sent).toHaveLength(2);
  });

  it("sends one e-mail when two messages of one conversation race (one conditional UPDATE claims it)", async () => {
    const chatId = await newChat();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => notifyChatMessage(ctx, chatMessage(chatId, `n°${i}`), at(200))),
    );
    await settled();
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("sends nothing when the switch is off, or when the shop has no address", async () => {
    const chatId = await newChat();
    await settings({ notify_chat: 0 });
    expect(await notifyChatMessage(ctx, chatMessage(chatId), at(300))).toBe(false);
    await settings({ notify_chat: 1, email: "" });
    expect(await notifyChatMessage(ctx, chatMessage(chatId), at(301))).toBe(false);
    await settled();
    expect(sent).toEqual([]);
    // Nothing was claimed meanwhile: switched back on, the absence is e-mailed.
    await settings({ email: SHOP_EMAIL });
    expect(await notifyChatMessage(ctx, chatMessage(chatId), at(302))).toBe(true);
  });
});

describe("the admins' presence", () => {
  const seenAt = async () =>
    (
      await ctx.db
        .selectFrom("shop_settings")
        .select("admin_seen_at")
        .where("id", "=", "shop")
        .executeTakeFirstOrThrow()
    ).admin_seen_at;

  it("is written at most once a minute per instance, and never moves back", async () => {
    const present = createPresenceRecorder();
    await present(ctx.db, at(0));
    expect(await seenAt()).toBe(at(0).toISOString());
    await present(ctx.db, new Date(T0 + 30_000));
    expect(await seenAt()).toBe(at(0).toISOString());
    await present(ctx.db, at(1));
    expect(await seenAt()).toBe(at(1).toISOString());
    // Another instance wrote a later time: an earlier one from here leaves it.
    await settings({ admin_seen_at: at(20).toISOString() });
    await present(ctx.db, at(10));
    expect(await seenAt()).toBe(at(20).toISOString());
  });

  it("is recorded by a dashboard page read, not by the loaders run inside a form post", async () => {
    await settings({ admin_seen_at: null });
    const url = "http://localhost/admin/parametres";
    // React Router's loaders after a no-JavaScript post get a GET carrying the post's headers.
    await recordAdminVisit(ctx.db, new Request(url, { headers: { "content-type": "multipart/form-data" } }));
    expect(await seenAt()).toBeNull();
    await recordAdminVisit(ctx.db, new Request(url));
    expect(Date.now() - Date.parse((await seenAt()) ?? "")).toBeLessThan(60_000);
  });
});

describe("reviews and contact messages", () => {
  const review = { authorName: "Hina Client", rating: 4, comment: "Très jolie perle, merci." };

  it("e-mails a new review to approve, with its link, unless switched off", async () => {
    expect(await notifyReviewAwaiting(ctx, review)).toBe(true);
    await settled();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(SHOP_EMAIL);
    expect(sent[0]?.text).toContain("Hina Client a laissé un avis : 4/5.");
    expect(sent[0]?.text).toContain("Très jolie perle, merci.");
    expect(sent[0]?.text).toContain("https://nacre.exemple.fr/admin/avis");
    await settings({ notify_review: 0 });
    expect(await notifyReviewAwaiting(ctx, review)).toBe(false);
    await settled();
    expect(sent).toHaveLength(1);
  });

  it("e-mails a contact message unless switched off", async () => {
    const shop = { shopName: "Nacre", email: SHOP_EMAIL };
    const message = { name: "Teva", email: "teva@exemple.fr", message: "Une question sur les tailles." };
    expect(await notifyContactMessage(ctx, shop, message)).toBe(true);
    await settings({ notify_contact: 0 });
    expect(await notifyContactMessage(ctx, shop, message)).toBe(false);
    await settled();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.replyTo).toBe("teva@exemple.fr");
  });
});

describe("a new order", () => {
  const form = (productId: string): OrderForm => ({
    "form-name": "commande",
    lines: [{ productId, quantity: 1 }],
    name: "Hina Client",
    email: "hina@exemple.fr",
    phone: "",
    delivery: "main_propre",
    zone: "france",
    addressLine: "",
    postalCode: "",
    city: "",
    eventId: "",
    message: "",
  });

  it("e-mails the shop when notify_new_order is on, and only the customer when it is off", async () => {
    await ctx.db
      .insertInto("products")
      .values({ id: "perle-notif", slug: "perle-notif", name: "Perle notif", price_cents: 9000, stock: 5 })
      .execute();
    const placed = await submitOrder(ctx, form("perle-notif"), null);
    expect(placed.ok).toBe(true);
    await settled();
    expect(sent.map((mail) => mail.to).sort()).toEqual([SHOP_EMAIL, "hina@exemple.fr"].sort());

    sent = [];
    await settings({ notify_new_order: 0 });
    expect((await submitOrder(ctx, form("perle-notif"), null)).ok).toBe(true);
    await settled();
    expect(sent.map((mail) => mail.to)).toEqual(["hina@exemple.fr"]);
  });
});
