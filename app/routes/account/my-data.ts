/**
 * GET /mon-compte/mes-donnees — 'Télécharger mes données' (docs/product.md §10.21): the signed-in
 * account's own data as a JSON attachment. The account is the session's, never a parameter.
 */
import { dataExportResponse, exportUserData } from "~/features/account/data-export.server";
import { apiError, requireApiUser } from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/my-data";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const now = new Date();
  const document = await exportUserData(getDb(), user.id, now);
  if (!document) throw apiError("Veuillez vous connecter.", 401);
  return dataExportResponse(document, now);
}

/** A download only: a POST is answered in French, not by the framework's English default. */
export function action() {
  return apiError("Méthode non autorisée.", 405);
}
