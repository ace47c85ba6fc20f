/**
 * Create, rename or delete a category or an attribute: the action of /admin/categories and
 * /admin/filtres.
 */

import { applyReferenceAction } from "~/features/catalogue/references.server";
import { runAdminCommand } from "~/server/admin-command.server";
import { getDb } from "~/server/context.server";
import { referenceActionSchema } from "./reference-schema";

export function runReferenceCommand(form: FormData) {
  return runAdminCommand(form, {
    schema: referenceActionSchema,
    apply: (command) => applyReferenceAction(getDb(), command),
    failure: () => "Une erreur s'est produite. Veuillez réessayer.",
    label: "Action sur la liste impossible",
  });
}
