/** POST /api/admin/utilisateurs — the user manager (intent: set-role, set-email-visibility, delete). */

import { USER_MESSAGES, userActionSchema } from "~/features/account/user-schema";
import { formToObject } from "~/features/admin/form-data";
import { requireAdminApi } from "~/server/admin-guard.server";
import { readLimitedForm } from "~/server/admin-uploads.server";
import { applyUserAction } from "~/server/admin-users.server";
import { apiError, invalidInput } from "~/server/api-responses.server";
import { getAppContext } from "~/server/context.server";
import type { Route } from "./+types/admin-users";

const FAILURES = {
  "set-role": USER_MESSAGES.roleFailed,
  "set-email-visibility": USER_MESSAGES.visibilityFailed,
  delete: USER_MESSAGES.deleteFailed,
} as const;

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  const parsed = userActionSchema.safeParse(formToObject(await readLimitedForm(request)));
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const result = await applyUserAction(getAppContext(), admin.id, parsed.data);
    return result.ok ? result : apiError(result.error, result.status);
  } catch (error) {
    console.error("Action sur l'utilisateur impossible", error);
    return apiError(FAILURES[parsed.data.intent], 500);
  }
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
