/**
 * POST /api/admin/evenements — an event saved with its image (intent: save), uploaded through
 * XMLHttpRequest for its progress events, which a page action's fetcher does not give; delete is
 * the /admin/agenda action's command only (ADR 020).
 */

import { type EventResult, saveEvent } from "~/features/events/event-admin.server";
import { eventFields } from "~/features/events/event-schema";
import { EVENT_MESSAGES } from "~/features/events/events-messages";
import { parseForm } from "~/lib/form";
import { formToObject } from "~/lib/form-data";
import { uploadSaveIntent } from "~/server/admin-command.server";
import { requireAdminApi } from "~/server/admin-guard.server";
import { actionFailed, apiError, formRefused } from "~/server/api-responses.server";
import { getAppContext } from "~/server/context.server";
import { filesOf, readLimitedForm, UploadRejectedError } from "~/server/uploads.server";
import type { Route } from "./+types/admin-events";

function answer(result: EventResult) {
  return result.ok ? result : apiError(result.error, result.status);
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const form = await readLimitedForm(request);
  const intent = parseForm(uploadSaveIntent, formToObject(form));
  if (!intent.ok) return formRefused(intent);
  const parsed = parseForm(eventFields, formToObject(form));
  if (!parsed.ok) return formRefused(parsed);
  const images = filesOf(form, "image");
  if (images.length > 1) return apiError("Un événement n'a qu'une image.", 400);
  try {
    return answer(await saveEvent(getAppContext(), parsed.data, images[0] ?? null));
  } catch (error) {
    if (error instanceof UploadRejectedError) return apiError(error.message, error.status);
    return actionFailed(error, EVENT_MESSAGES.saveFailed, "Enregistrement de l'événement impossible");
  }
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
