/** Mark a contact message read or unread, or delete it: the action of /admin/contacts. */
import { runAdminCommand } from "~/server/admin-command.server";
import { getDb } from "~/server/context.server";
import { INBOX_MESSAGES, inboxActionSchema } from "./contact-inbox-schema";
import { applyInboxAction } from "./inbox.server";

export function runInboxCommand(form: FormData) {
  return runAdminCommand(form, {
    schema: inboxActionSchema,
    apply: (command) => applyInboxAction(getDb(), command),
    failure: (command) => (command.intent === "delete" ? INBOX_MESSAGES.deleteFailed : INBOX_MESSAGES.failed),
    label: "Action sur le message de contact impossible",
  });
}
