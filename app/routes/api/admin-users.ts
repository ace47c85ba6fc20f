/** POST /api/admin/utilisateurs — the user manager (intent: set-role, set-email-visibility, delete). Same command as the dashboard page's action (kept for scripts and the HTTP suites). */
import { runUserCommand } from "~/features/account/user-command.server";
import { requireAdminApi } from "~/server/admin-guard.server";
import { apiError } from "~/server/api-responses.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/admin-users";

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  return runUserCommand(await readLimitedForm(request), admin);
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
