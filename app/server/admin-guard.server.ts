/**
 * The guard of the admin resource routes (api/admin/*): they answer JSON, so a caller who is not an
 * admin — anonymous or customer — gets a 403 with a French message instead of a redirect.
 */
import { apiError } from "./api-responses.server";
import { getOptionalUser, type SessionUser } from "./session.server";

export const ADMIN_ONLY_MESSAGE = "Accès non autorisé.";

/** For actions: an admin, and a POST (their commands are never run by another method). */
export async function requireAdminApi(request: Request): Promise<SessionUser> {
  const user = await requireAdminReader(request);
  if (request.method !== "POST") throw apiError("Méthode non autorisée.", 405);
  return user;
}

/** For the few admin reads (GET): an admin, whatever the method. */
export async function requireAdminReader(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user?.role !== "admin") throw apiError(ADMIN_ONLY_MESSAGE, 403);
  return user;
}
