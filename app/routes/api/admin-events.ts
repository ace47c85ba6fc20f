/** POST /api/admin/evenements — the event manager's mutations (intent: save with one image, delete). */
import { EVENT_MESSAGES } from "~/features/admin/admin-messages";
import { eventDeleteSchema, eventFields } from "~/features/admin/event-schema";
import { formToObject } from "~/features/admin/form-data";
import { deleteEvent, type EventResult, saveEvent } from "~/features/events/event-admin.server";
import { requireAdminApi } from "~/server/admin-guard.server";
import { actionFailed, apiError, invalidInput } from "~/server/api-responses.server";
import { getAppContext } from "~/server/context.server";
import { filesOf, readLimitedForm, UploadRejectedError } from "~/server/uploads.server";
import type { Route } from "./+types/admin-events";

function answer(result: EventResult) {
  return result.ok ? result : apiError(result.error, result.status);
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const form = await readLimitedForm(request);
  const ctx = getAppContext();
  if (form.get("intent") === "save") {
    const parsed = eventFields.safeParse(formToObject(form));
    if (!parsed.success) return invalidInput(parsed.error);
    const images = filesOf(form, "image");
    if (images.length > 1) return apiError("Un événement n'a qu'une image.", 400);
    try {
      return answer(await saveEvent(ctx, parsed.data, images[0] ?? null));
    } catch (error) {
      if (error instanceof UploadRejectedError) return apiError(error.message, error.status);
      return actionFailed(error, EVENT_MESSAGES.saveFailed, "Enregistrement de l'événement impossible");
    }
  }
  const parsed = eventDeleteSchema.safeParse(formToObject(form));
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    return answer(await deleteEvent(ctx, parsed.data.id));
  } catch (error) {
    return actionFailed(error, EVENT_MESSAGES.deleteFailed, "Suppression de l'événement impossible");
  }
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
