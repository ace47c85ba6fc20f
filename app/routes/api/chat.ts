/**
 * /api/chat — the support chat's commands (POST, JSON or form) and the messages of one
 * conversation (GET ?conversation=&depuis=). A customer only ever reaches their own conversation;
 * an admin reaches all (docs/product.md §6). Messages are rate-limited per account.
 */

import {
  deleteChat,
  listMessages,
  markChatRead,
  openCustomerChat,
  resolveChat,
  sendChatMessage,
} from "~/features/chat/chat.server";
import { chatActionSchema } from "~/features/chat/chat-schemas";
import { CHAT_MESSAGES } from "~/features/chat/chat-types";
import { notifyChatMessage } from "~/features/settings/seller-notifications.server";
import {
  apiError,
  invalidInput,
  readBody,
  refusingInvalidWrites,
  requireApiUser,
} from "~/server/api-responses.server";
import { getAppContext } from "~/server/context.server";
import { createRateLimiter } from "~/server/rate-limit.server";
import type { Route } from "./+types/chat";

const NOT_FOUND = "Conversation introuvable.";
// Generous for a conversation, tight enough to stop a script flooding the seller.
const MESSAGE_LIMIT = { scope: "chat", max: 20, windowMs: 60_000 };

export function action(args: Route.ActionArgs) {
  return refusingInvalidWrites(() => act(args));
}

async function act({ request }: Route.ActionArgs) {
  const user = await requireApiUser(request);
  if (request.method !== "POST") return apiError("Méthode non autorisée.", 405);
  const parsed = chatActionSchema.safeParse(await readBody(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const ctx = getAppContext();
  const { db, chatHub } = ctx;
  const command = parsed.data;

  if (command.intent === "open") {
    if (user.role === "admin")
      return apiError("Les conversations se gèrent depuis le tableau de bord, rubrique Messages.", 403);
    const chat = await openCustomerChat(db, chatHub, user.id);
    if (!chat) return { ok: true as const, chat: null, messages: [] };
    return { ok: true as const, chat, messages: await listMessages(db, chat.id) };
  }

  if (command.intent === "delete") {
    if (user.role !== "admin")
      return apiError("Seule l'administratrice peut supprimer une conversation.", 403);
    if (!(await deleteChat(db, chatHub, command.chatId))) return apiError(NOT_FOUND, 404);
    return { ok: true as const };
  }

  const chat = await resolveChat(db, user, command.chatId);
  if (!chat) return apiError(NOT_FOUND, 404);

  if (command.intent === "read") {
    return { ok: true as const, chat: await markChatRead(db, chatHub, user, chat.id) };
  }

  if (!(await createRateLimiter(db, MESSAGE_LIMIT).attempt(user.id)))
    return apiError("Vous envoyez beaucoup de messages : patientez une minute avant de continuer.", 429);
  // A customer's message while no admin is around is e-mailed to the shop: recorded in the outbox
  // with the message itself (ADR 025).
  const sent = await sendChatMessage(
    db,
    chatHub,
    user,
    chat.id,
    command.content,
    user.role === "admin"
      ? undefined
      : (trx) =>
          notifyChatMessage(
            { db: trx, env: ctx.env },
            { chatId: chat.id, customerName: chat.customerName, content: command.content },
          ),
  );
  if (!sent) return apiError(CHAT_MESSAGES.sendFailed, 409);
  ctx.outbox.nudge();
  return { ok: true as const, ...sent };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const requested = url.searchParams.get("conversation") ?? undefined;
  const since = url.searchParams.get("depuis") ?? undefined;
  if (since && Number.isNaN(Date.parse(since))) return apiError("Date invalide.", 400);
  const { db } = getAppContext();
  const chat = await resolveChat(db, user, requested);
  if (!chat) return apiError(NOT_FOUND, 404);
  return { ok: true as const, chat, messages: await listMessages(db, chat.id, since) };
}
