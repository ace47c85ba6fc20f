/**
 * GET /api/chat/flux — the support chat's live stream (Server-Sent Events). Each connection first
 * gets a `sync` (its conversations and the messages written since `?depuis=`, so nothing is lost
 * while disconnected), then every event its subscriber may see: a customer their own conversation,
 * an admin all of them. A demotion, a sign-out, a password change or a deletion ends the account's
 * streams at once, on every instance (the hub's `revoke`, docs/product.md §10.11); a heartbeat keeps
 * proxies from closing the stream and re-checks the session besides. An admin's open stream also
 * counts as an admin being around (the chat's e-mails to the shop wait, docs/product.md §10.20).
 */

import { catchUp } from "~/features/chat/chat.server";
import type { ChatEvent } from "~/features/chat/chat-types";
import { recordAdminPresence } from "~/features/settings/seller-notifications.server";
import { requireApiUser } from "~/server/api-responses.server";
import { getAppContext } from "~/server/context.server";
import type { Route } from "./+types/chat-stream";

const HEARTBEAT_MS = 25_000;

async function sessionStillGrants(sessionId: string, userId: string, role: string) {
  const row = await getAppContext()
    .db.selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.role as role", "sessions.expires_at as expiresAt"])
    .where("sessions.id", "=", sessionId)
    .where("sessions.user_id", "=", userId)
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return false;
  return (row.role === "admin" ? "admin" : "user") === role;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const { db, chatHub } = getAppContext();
  const viewer = { id: user.id, role: user.role };
  const requested = new URL(request.url).searchParams.get("depuis");
  const since = requested && !Number.isNaN(Date.parse(requested)) ? requested : new Date().toISOString();
  const encoder = new TextEncoder();

  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const send = (event: ChatEvent) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);

      // Sends what was written since `from`: on connection, and again whenever the hub may have
      // missed events from other instances (its listener reconnected, ADR 014).
      const sync = (from: string) => {
        // Everything written from now on arrives live: the next reconnection may start from here.
        const serverTime = new Date().toISOString();
        catchUp(db, viewer, from)
          .then(({ chats, messages }) => send({ type: "sync", chats, messages, serverTime }))
          .catch((error) => {
            console.error("Rattrapage du chat impossible", error);
            cleanup();
          });
      };
      const unsubscribe = chatHub.subscribe({
        viewer,
        sessionId: user.sessionId,
        deliver: send,
        close: () => cleanup(),
        resync: (from) => sync(from),
      });
      const stillGranted = () => sessionStillGrants(user.sessionId, user.id, user.role).catch(() => false);
      // A revocation published between the session's reading and this subscription missed the
      // stream: once subscribed, the session is read again.
      void stillGranted().then((granted) => {
        if (!granted) cleanup();
      });
      const present = () => {
        if (user.role === "admin") void recordAdminPresence(db);
      };
      const heartbeat = setInterval(async () => {
        if (await stillGranted()) {
          write(": ping\n\n");
          present();
        } else cleanup();
      }, HEARTBEAT_MS);
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      request.signal.addEventListener("abort", () => cleanup(), { once: true });

      // Subscribed before reading the catch-up: an event written in between arrives twice at
      // worst, and the browser ignores duplicates.
      write(": connecté\n\n");
      sync(since);
      present();
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}
