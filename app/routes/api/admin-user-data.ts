/**
 * GET /api/admin/utilisateurs/:id/donnees — an admin exports one account's data (docs/product.md
 * §10.21), for a request received by post or e-mail: the same JSON document as the customer's own
 * 'Télécharger mes données'.
 */
import { dataExportResponse, exportUserData } from "~/features/account/data-export.server";
import { USER_MESSAGES } from "~/features/account/user-schema";
import { requireAdminReader } from "~/server/admin-guard.server";
import { apiError } from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/admin-user-data";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminReader(request);
  const now = new Date();
  const document = await exportUserData(getDb(), params.id.slice(0, 200), now);
  if (!document) throw apiError(USER_MESSAGES.notFound, 404);
  return dataExportResponse(document, now);
}

/** A download only: a POST is answered in French, not by the framework's English default. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminReader(request);
  return apiError("Méthode non autorisée.", 405);
}
