/** POST /api/admin/contacts — the contact inbox (intent: set-read, delete). Same command as the dashboard page's action (kept for scripts and the HTTP suites). */
import { runInboxCommand } from "~/features/contact/inbox-command.server";
import { requireAdminApi } from "~/server/admin-guard.server";
import { apiError } from "~/server/api-responses.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/admin-contacts";

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  return runInboxCommand(await readLimitedForm(request));
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
