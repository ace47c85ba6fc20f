/** POST /api/admin/evenements — the event manager's mutations (intent: save with one image, delete). */
import { EVENT_MESSAGES } from "~/features/admin/admin-messages";
import { formToObject } from "~/features/admin/form-data";
import { eventDeleteSchema, eventFields } from "~/features/events/event-schema";
import { deleteEvent, type EventResult, saveEvent } from "~/server/admin-events.server";
import { requireAdminApi } from "~/server/admin-guard.server";
import { filesOf, readLimitedForm, UploadRejectedError } from "~/server/admin-uploads.server";
import { apiError, invalidInput } from "~/server/api-responses.server";
import { getAppContext } from "~/server/context.server";
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
      console.error("Enregistrement de l'événement impossible", error);
      return apiError(EVENT_MESSAGES.saveFailed, 500);
    }
  }
  const parsed = eventDeleteSchema.safeParse(formToObject(form));
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    return answer(await deleteEvent(ctx, parsed.data.id));
  } catch (error) {
    console.error("Suppression de l'événement impossible", error);
    return apiError(EVENT_MESSAGES.deleteFailed, 500);
  }
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
