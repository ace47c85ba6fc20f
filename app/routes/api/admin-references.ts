/** POST /api/admin/references — categories and attribute lists (intent: create, rename, delete). */
import { formToObject } from "~/features/admin/form-data";
import { referenceActionSchema } from "~/features/catalogue/admin/reference-schema";
import { requireAdminApi } from "~/server/admin-guard.server";
import { applyReferenceAction } from "~/server/admin-references.server";
import { readLimitedForm } from "~/server/admin-uploads.server";
import { apiError, invalidInput } from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/admin-references";

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const parsed = referenceActionSchema.safeParse(formToObject(await readLimitedForm(request)));
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const result = await applyReferenceAction(getDb(), parsed.data);
    return result.ok ? result : apiError(result.error, result.status);
  } catch (error) {
    console.error("Action sur la liste impossible", error);
    return apiError("Une erreur s'est produite. Veuillez réessayer.", 500);
  }
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
