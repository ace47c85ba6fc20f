/** Delete an event: the action of /admin/agenda (saves, with their image, go to POST /api/admin/evenements). */
import { runAdminCommand } from "~/features/admin/admin-command.server";
import { EVENT_MESSAGES } from "~/features/admin/admin-messages";
import { getAppContext } from "~/server/context.server";
import { deleteEvent } from "./event-admin.server";
import { eventDeleteSchema } from "./event-schema";

export function runEventCommand(form: FormData) {
  return runAdminCommand(form, {
    schema: eventDeleteSchema,
    apply: (command) => deleteEvent(getAppContext(), command.id),
    failure: () => EVENT_MESSAGES.deleteFailed,
    label: "Suppression de l'événement impossible",
  });
}
