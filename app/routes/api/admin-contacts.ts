/** POST /api/admin/contacts — the contact inbox (intent: set-read, delete). */
import { INBOX_MESSAGES, inboxActionSchema } from "~/features/admin/contact-inbox-schema";
import { formToObject } from "~/features/admin/form-data";
import { applyInboxAction } from "~/features/contact/inbox.server";
import { requireAdminApi } from "~/server/admin-guard.server";
import { actionFailed, apiError, invalidInput } from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/admin-contacts";

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const parsed = inboxActionSchema.safeParse(formToObject(await readLimitedForm(request)));
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const result = await applyInboxAction(getDb(), parsed.data);
    return result.ok ? result : apiError(result.error, result.status);
  } catch (error) {
    return actionFailed(
      error,
      parsed.data.intent === "delete" ? INBOX_MESSAGES.deleteFailed : INBOX_MESSAGES.failed,
      "Action sur le message de contact impossible",
    );
  }
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
