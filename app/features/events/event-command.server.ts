/** Delete an event: the action of /admin/agenda (saves, with their image, go to POST /api/admin/evenements). */

import { EVENT_MESSAGES } from "~/features/events/events-messages";
import { runAdminCommand } from "~/server/admin-command.server";
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
