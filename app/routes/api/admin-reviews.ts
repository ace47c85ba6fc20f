/** POST /api/admin/avis — review moderation (intent: approve, delete). Same command as the dashboard page's action (kept for scripts and the HTTP suites). */
import { moderateReview } from "~/features/reviews/moderation-command.server";
import { requireAdminApi } from "~/server/admin-guard.server";
import { apiError } from "~/server/api-responses.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/admin-reviews";

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  return moderateReview(await readLimitedForm(request));
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
