/** The contact inbox (docs/product.md §10.4: the contact form is stored for the admin): read, unread, delete. */
import { z } from "zod";
import { recordId } from "~/lib/record-id";

export const INBOX_MESSAGES = {
  markedRead: "Message marqué comme lu.",
  markedUnread: "Message marqué comme non lu.",
  deleted: "Message supprimé.",
  failed: "Une erreur s'est produite. Veuillez réessayer.",
  deleteFailed: "Erreur lors de la suppression du message.",
  notFound: "Ce message n'existe plus.",
  empty: "Aucun message de contact pour le moment.",
} as const;

export const inboxActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set-read"),
    id: recordId,
    read: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);

export type InboxAction = z.infer<typeof inboxActionSchema>;
