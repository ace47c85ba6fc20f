import { z } from "zod";
import { multiLineText } from "~/lib/text-schema";
import "~/lib/zod-french";

/** docs/product.md §5: a blank message is not sent; text is trimmed. The cap keeps one bubble readable. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

const chatId = z.string().regex(/^[a-z0-9]{1,32}$/, "Conversation introuvable.");
const content = multiLineText({ error: "Votre message est vide." })
  .min(1, "Votre message est vide.")
  .max(
    CHAT_MESSAGE_MAX_LENGTH,
    `Votre message est trop long (${CHAT_MESSAGE_MAX_LENGTH} caractères au maximum).`,
  );

/**
 * POST /api/chat. A customer never names a conversation: theirs is found from the session, and
 * a chatId they send is ignored. An admin always names the one they act on.
 */
export const chatActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("open") }),
    z.object({ intent: z.literal("send"), chatId: chatId.optional(), content }),
    z.object({ intent: z.literal("read"), chatId: chatId.optional() }),
    z.object({ intent: z.literal("delete"), chatId }),
  ],
  { error: "Action inconnue." },
);

export type ChatAction = z.infer<typeof chatActionSchema>;
