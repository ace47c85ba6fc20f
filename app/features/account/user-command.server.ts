/** Role, e-mail visibility and deletion of a user: the action of /admin/utilisateurs. */
import { runAdminCommand } from "~/server/admin-command.server";
import { getAppContext } from "~/server/context.server";
import type { SessionUser } from "~/server/session.server";
import { applyUserAction } from "./user-admin.server";
import { USER_MESSAGES, userActionSchema } from "./user-schema";

const FAILURES = {
  "set-role": USER_MESSAGES.roleFailed,
  "set-email-visibility": USER_MESSAGES.visibilityFailed,
  delete: USER_MESSAGES.deleteFailed,
} as const;

export function runUserCommand(form: FormData, admin: SessionUser) {
  return runAdminCommand(form, {
    schema: userActionSchema,
    apply: (command) => applyUserAction(getAppContext(), admin.id, command),
    failure: (command) => FAILURES[command.intent],
    label: "Action sur l'utilisateur impossible",
  });
}
