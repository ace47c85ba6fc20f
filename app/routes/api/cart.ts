/** POST /api/panier — a signed-in customer's cart (guests keep theirs in local storage). */

import {
  addToCart,
  BASKET_ERROR_MESSAGES,
  changeCartQuantity,
  listCart,
  removeFromCart,
} from "~/features/basket/basket.server";
import { backToPage, isPlainFormPost } from "~/features/basket/basket-form.server";
import { cartActionSchema } from "~/features/basket/basket-schemas";
import { recordEvent } from "~/features/stats/stats-events.server";
import {
  apiError,
  invalidInput,
  readBody,
  refusingInvalidWrites,
  requireApiUser,
} from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/cart";

const CART_DONE = {
  add: "Création ajoutée au panier.",
  change: "Panier mis à jour.",
  remove: "Création retirée du panier.",
} as const;

export function action(args: Route.ActionArgs) {
  return refusingInvalidWrites(() => act(args));
}

async function act({ request }: Route.ActionArgs) {
  const user = await requireApiUser(request);
  if (request.method !== "POST") return apiError("Méthode non autorisée.", 405);
  const parsed = cartActionSchema.safeParse(await readBody(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const db = getDb();
  const command = parsed.data;
  let failure = null;
  if (command.intent === "add") failure = await addToCart(db, user.id, command.productId);
  if (command.intent === "add" && !failure) recordEvent("cart_add", command.productId, request);
  if (command.intent === "change")
    failure = await changeCartQuantity(db, user.id, command.productId, command.delta);
  if (command.intent === "remove") await removeFromCart(db, user.id, command.productId);
  if (isPlainFormPost(request)) {
    const message = failure ? BASKET_ERROR_MESSAGES[failure] : CART_DONE[command.intent];
    return backToPage(request, db, command.productId, message);
  }
  if (failure) return apiError(BASKET_ERROR_MESSAGES[failure], failure === "introuvable" ? 404 : 409);
  return { ok: true as const, cart: await listCart(db, user.id) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return { ok: true as const, cart: await listCart(getDb(), user.id) };
}
