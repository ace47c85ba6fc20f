/** POST /api/favoris — a signed-in customer's favourites (guests keep theirs in local storage). */

import {
  BASKET_ERROR_MESSAGES,
  listFavorites,
  removeFavorite,
  toggleFavorite,
} from "~/features/basket/basket.server";
import { favoriteActionSchema } from "~/features/basket/basket-schemas";
import {
  apiError,
  invalidInput,
  readBody,
  refusingInvalidWrites,
  requireApiUser,
} from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/favorites";

export function action(args: Route.ActionArgs) {
  return refusingInvalidWrites(() => act(args));
}

async function act({ request }: Route.ActionArgs) {
  const user = await requireApiUser(request);
  if (request.method !== "POST") return apiError("Méthode non autorisée.", 405);
  const parsed = favoriteActionSchema.safeParse(await readBody(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const db = getDb();
  if (parsed.data.intent === "remove") {
    await removeFavorite(db, user.id, parsed.data.productId);
  } else {
    const result = await toggleFavorite(db, user.id, parsed.data.productId);
    if (typeof result === "string") return apiError(BASKET_ERROR_MESSAGES[result], 404);
  }
  return { ok: true as const, favorites: await listFavorites(db, user.id) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return { ok: true as const, favorites: await listFavorites(getDb(), user.id) };
}
