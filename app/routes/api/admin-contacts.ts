/** POST /api/admin/contacts — the contact inbox (intent: set-read, delete). */

import { formToObject } from "~/features/admin/form-data";
import { INBOX_MESSAGES, inboxActionSchema } from "~/features/contact/contact-inbox-schema";
import { applyInboxAction } from "~/server/admin-contacts.server";
import { requireAdminApi } from "~/server/admin-guard.server";
import { readLimitedForm } from "~/server/admin-uploads.server";
import { apiError, invalidInput } from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/admin-contacts";

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const parsed = inboxActionSchema.safeParse(formToObject(await readLimitedForm(request)));
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const result = await applyInboxAction(getDb(), parsed.data);
    return result.ok ? result : apiError(result.error, result.status);
  } catch (error) {
    console.error("Action sur le message de contact impossible", error);
    return apiError(
      parsed.data.intent === "delete" ? INBOX_MESSAGES.deleteFailed : INBOX_MESSAGES.failed,
      500,
    );
  }
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
