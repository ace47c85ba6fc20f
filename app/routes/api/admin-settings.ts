/** POST /api/admin/parametres — the shop settings (intent: save). */
import { formToObject } from "~/features/admin/form-data";
import { SETTINGS_MESSAGES, shopSettingsSchema } from "~/features/settings/settings-schema";
import { requireAdminApi } from "~/server/admin-guard.server";
import { saveShopSettings } from "~/server/admin-settings.server";
import { readLimitedForm } from "~/server/admin-uploads.server";
import { apiError, invalidInput } from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/admin-settings";

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const form = formToObject(await readLimitedForm(request));
  if (form.intent !== "save") return apiError("Requête invalide.", 400);
  const parsed = shopSettingsSchema.safeParse(form);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    await saveShopSettings(getDb(), parsed.data);
    return { ok: true as const, message: SETTINGS_MESSAGES.saved };
  } catch (error) {
    console.error("Enregistrement des paramètres impossible", error);
    return apiError(SETTINGS_MESSAGES.saveFailed, 500);
  }
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
