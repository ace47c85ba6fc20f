/**
 * The support chat's commands and reads (POST and GET /api/chat; docs/product.md §6: "own support
 * chat (chats filtered to own)"), a route test: the app in this process over real HTTP. A
 * customer cannot read, post into, mark read or delete another customer's conversation, only admins
 * see all, and every refusal is a French 4xx. What the live stream (GET /api/chat/flux) sends to
 * whom is a process test: tests/integration/chat-stream.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let server: TestShop;
let url: string;
let alice: string;
let bruno: string;
let admin: string;
let aliceChatId: string;

function post(cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/chat`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function chatRows() {
  return queryDatabase(server.dataDir, async (db) => ({
    chats: await db.all("select * from chats order by id"),
    messages: await db.all("select * from chat_messages order by id"),
  }));
}

beforeAll(async () => {
  server = await startTestShop("chat", { SEED_DEMO: "0" });
  url = server.url;
  alice = await signUp(url, "alice-chat@exemple.fr", "Alice");
  bruno = await signUp(url, "bruno-chat@exemple.fr", "Bruno");
  admin = await signIn(url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const opened = await (await post(alice, { intent: "open" })).json();
  aliceChatId = opened.chat.id;
  expect((await post(alice, { intent: "send", content: "Secret d'Alice" })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("a customer only ever reaches their own conversation", () => {
  it("cannot read another customer's messages", async () => {
    const response = await fetch(`${url}/api/chat?conversation=${aliceChatId}`, {
      headers: { cookie: bruno },
    });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toContain("Conversation introuvable.");
    expect(body).not.toContain("Secret d'Alice");
    // Their own (none yet) is not found either; Alice reads hers.
    expect((await fetch(`${url}/api/chat`, { headers: { cookie: bruno } })).status).toBe(404);
    const own = await (await fetch(`${url}/api/chat`, { headers: { cookie: alice } })).json();
    expect(own.messages.map((m: { content: string }) => m.content)).toEqual(["Secret d'Alice"]);
  });

  it("cannot post into, mark read or delete another customer's conversation", async () => {
    const before = await chatRows();
    const forged = await post(bruno, { intent: "send", chatId: aliceChatId, content: "Intrusion" });
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual({ ok: false, error: "Conversation introuvable." });
    expect((await post(bruno, { intent: "read", chatId: aliceChatId })).status).toBe(404);
    const deletion = await post(bruno, { intent: "delete", chatId: aliceChatId });
    expect(deletion.status).toBe(403);
    expect((await deletion.json()).error).toBe("Seule l'administratrice peut supprimer une conversation.");
    expect(await chatRows()).toEqual(before);
  });

  it("refuses anonymous callers with a French 401, and forged origins with a 403", async () => {
    const stream = await fetch(`${url}/api/chat/flux`);
    expect(stream.status).toBe(401);
    expect(await stream.json()).toEqual({ ok: false, error: "Veuillez vous connecter." });
    expect((await post("", { intent: "open" })).status).toBe(401);
    const forged = await post(
      alice,
      { intent: "send", content: "CSRF" },
      { origin: "https://pirate.example" },
    );
    expect(forged.status).toBe(403);
  });
});

describe("the seller", () => {
  // The conversations go on as in the live-stream test (tests/integration/chat-stream.test.ts):
  // Bruno opens his own, Alice writes a second time, Bruno once; the counts below include them.
  beforeAll(async () => {
    expect((await post(bruno, { intent: "open" })).status).toBe(200);
    expect((await post(alice, { intent: "send", content: "Deuxième secret d'Alice" })).status).toBe(200);
    expect((await post(bruno, { intent: "send", content: "Bonjour de Bruno" })).status).toBe(200);
  });

  it("reads, answers and deletes any conversation; answers raise the customer's counter", async () => {
    const read = await (
      await fetch(`${url}/api/chat?conversation=${aliceChatId}`, { headers: { cookie: admin } })
    ).json();
    expect(read.chat.customerName).toBe("Alice");
    const reply = await post(admin, {
      intent: "send",
      chatId: aliceChatId,
      content: "Réponse de la créatrice",
    });
    expect(reply.status).toBe(200);
    expect((await reply.json()).message.senderRole).toBe("admin");
    const row = await queryDatabase(server.dataDir, (db) =>
      db.get(
        "select unread_count_user, unread_count_admin, last_message from chats where id = ?",
        aliceChatId,
      ),
    );
    expect(row).toEqual({
      unread_count_user: 1,
      unread_count_admin: 2,
      last_message: "Réponse de la créatrice",
    });
    // An admin has no conversation of their own to open.
    expect((await post(admin, { intent: "open" })).status).toBe(403);
    expect((await post(admin, { intent: "send", content: "Sans destinataire" })).status).toBe(404);
    expect((await post(admin, { intent: "delete", chatId: aliceChatId })).status).toBe(200);
    expect((await post(admin, { intent: "delete", chatId: aliceChatId })).status).toBe(404);
    expect(
      await queryDatabase(server.dataDir, (db) =>
        db.get("select count(*) as n from chat_messages where chat_id = ?", aliceChatId),
      ),
    ).toEqual({ n: 0 });
  });
});

describe("bad input never reaches the database", () => {
  it("answers malformed commands with a French 400 and leaves every row as it was", async () => {
    const before = await chatRows();
    const cases: [unknown, string][] = [
      ["{pas du json", "Action inconnue."],
      [{ intent: "send", content: "   " }, "Votre message est vide."],
      [{ intent: "send", content: 42 }, "Votre message est vide."],
      [
        { intent: "send", content: "x".repeat(2001) },
        "Votre message est trop long (2000 caractères au maximum).",
      ],
      [{ intent: "delete", chatId: "../../etc" }, "Conversation introuvable."],
      [{ intent: "effacer-tout" }, "Action inconnue."],
      [[1, 2, 3], "Action inconnue."],
    ];
    for (const [body, message] of cases) {
      const response = await post(bruno, body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((await response.json()).error).toBe(message);
    }
    expect((await fetch(`${url}/api/chat?depuis=hier`, { headers: { cookie: bruno } })).status).toBe(400);
    expect(await chatRows()).toEqual(before);
  });

  it("limits a flood of messages with a French 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await post(bruno, { intent: "send", content: `n° ${i}` })).status);
    // Bruno already sent one message in this minute.
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    const refused = await post(bruno, { intent: "send", content: "encore" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(
      "Vous envoyez beaucoup de messages : patientez une minute avant de continuer.",
    );
  });
});

describe("with nobody to answer", () => {
  it("shows the customer a polite French notice instead of the chat, and creates nothing", async () => {
    const newcomer = await signUp(url, "sans-admin@exemple.fr", "Hina");
    await queryDatabase(server.dataDir, (db) =>
      db.run("update users set role = 'user' where role = 'admin'"),
    );
    try {
      const page = await fetch(`${url}/mon-compte`, { headers: { cookie: newcomer } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Le support en ligne n&#x27;est pas disponible pour le moment.");
      expect(html).not.toContain("Écrivez votre message");
      const open = await post(newcomer, { intent: "open" });
      expect(open.status).toBe(200);
      expect(await open.json()).toEqual({ ok: true, chat: null, messages: [] });
      const chats = await queryDatabase(server.dataDir, (db) =>
        db.get(
          "select count(*) as n from chats c join users u on u.id = c.user_id where u.email = ?",
          "sans-admin@exemple.fr",
        ),
      );
      expect(chats).toEqual({ n: 0 });
    } finally {
      await queryDatabase(server.dataDir, (db) =>
        db.run("update users set role = 'admin' where email = ?", DEMO_ADMIN.email),
      );
    }
  });
});
