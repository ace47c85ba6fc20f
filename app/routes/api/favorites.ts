/** POST /api/favoris — a signed-in customer's favourites (guests keep theirs in local storage). */
import {
  BASKET_ERROR_MESSAGES,
  listFavorites,
  removeFavorite,
  toggleFavorite,
} from "~/features/basket/basket.server";
import { backToPage, isPlainFormPost } from "~/features/basket/basket-form.server";
import { favoriteActionSchema } from "~/features/basket/basket-schemas";
import { recordEvent } from "~/features/stats/stats-events.server";
import {
  apiError,
  invalidInput,
  readBody,
  refusingInvalidWrites,
  requireApiUser,
} from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/favorites";

const FAVORITE_ADDED = "Création ajoutée aux favoris.";
const FAVORITE_REMOVED = "Création retirée des favoris.";

export function action(args: Route.ActionArgs) {
  return refusingInvalidWrites(() => act(args));
}

async function act({ request }: Route.ActionArgs) {
  const user = await requireApiUser(request);
  if (request.method !== "POST") return apiError("Méthode non autorisée.", 405);
  const parsed = favoriteActionSchema.safeParse(await readBody(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const db = getDb();
  const { intent, productId } = parsed.data;
  let message = FAVORITE_REMOVED;
  if (intent === "toggle") {
    const result = await toggleFavorite(db, user.id, productId);
    if (result === true) recordEvent("favorite_add", productId, request);
    if (typeof result === "string") message = BASKET_ERROR_MESSAGES[result];
    else if (result) message = FAVORITE_ADDED;
    if (typeof result === "string" && !isPlainFormPost(request)) return apiError(message, 404);
  } else {
    await removeFavorite(db, user.id, productId);
  }
  if (isPlainFormPost(request)) return backToPage(request, db, productId, message);
  return { ok: true as const, favorites: await listFavorites(db, user.id) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return { ok: true as const, favorites: await listFavorites(getDb(), user.id) };
}
