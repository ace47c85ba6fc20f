/** POST /api/admin/avis — review moderation (intent: approve, delete). */
import { formToObject } from "~/features/admin/form-data";
import { REVIEW_MESSAGES, reviewActionSchema } from "~/features/reviews/moderation-schema";
import { requireAdminApi } from "~/server/admin-guard.server";
import { applyReviewAction } from "~/server/admin-reviews.server";
import { readLimitedForm } from "~/server/admin-uploads.server";
import { apiError, invalidInput } from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/admin-reviews";

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const parsed = reviewActionSchema.safeParse(formToObject(await readLimitedForm(request)));
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const result = await applyReviewAction(getDb(), parsed.data);
    return result.ok ? result : apiError(result.error, result.status);
  } catch (error) {
    console.error("Modération de l'avis impossible", error);
    const failed =
      parsed.data.intent === "approve" ? REVIEW_MESSAGES.approveFailed : REVIEW_MESSAGES.deleteFailed;
    return apiError(failed, 500);
  }
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
