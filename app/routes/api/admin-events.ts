/**
 * POST /api/admin/evenements — an event saved with its image (intent: save), uploaded through
 * XMLHttpRequest for its progress events; delete is the /admin/agenda action's command, answered
 * here too for scripts and the HTTP suites.
 */
import { EVENT_MESSAGES } from "~/features/admin/admin-messages";
import { type EventResult, saveEvent } from "~/features/events/event-admin.server";
import { runEventCommand } from "~/features/events/event-command.server";
import { eventFields } from "~/features/events/event-schema";
import { formToObject } from "~/lib/form-data";
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
  return runEventCommand(form);
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
