/**
 * /api/panier — every visitor's basket (ADR 032): a customer's lists on the account, a guest's in
 * the guest basket named by the `nacre_panier` cookie (features/basket/guest-basket.server.ts).
 * POST changes the cart (`add`, `change`, `remove`) or the favourites (`favorite`, `unfavorite`),
 * or imports a guest's old local-storage basket once (`import`); a guest's first write makes the
 * basket and sets the cookie. A script gets both lists in JSON; a plain form post goes back to its
 * page with a toast. GET, which reads both lists and never sets a cookie, is answered ahead of
 * React Router (features/basket/basket-read-endpoint.server.ts).
 */
import { data } from "react-router";
import {
  addToCart,
  BASKET_ERROR_MESSAGES,
  type BasketError,
  type BasketOwner,
  basketLists,
  changeCartQuantity,
  mergeGuestBasket,
  removeFavorite,
  removeFromCart,
  toggleFavorite,
} from "~/features/basket/basket.server";
import { backToPage, isPlainFormPost } from "~/features/basket/basket-form.server";
import { type BasketAction, basketActionSchema } from "~/features/basket/basket-schemas";
import { basketOwnerForWrite, GUEST_BASKETS_TOO_MANY } from "~/features/basket/guest-basket.server";
import { recordEvent, type StatEvent } from "~/features/stats/stats-events.server";
import { apiError, invalidInput, readBody, refusingInvalidWrites } from "~/server/api-responses.server";
import { getDb } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import type { Route } from "./+types/cart";

const DONE = {
  add: "Création ajoutée au panier.",
  change: "Panier mis à jour.",
  remove: "Création retirée du panier.",
  favorite: "Création ajoutée aux favoris.",
  unfavorite: "Création retirée des favoris.",
  import: "Panier et favoris enregistrés.",
} as const;
const FAVORITE_REMOVED = "Création retirée des favoris.";

/** What the command did: a refusal, or the toast of a plain form post. */
async function apply(
  db: DB,
  owner: BasketOwner,
  command: BasketAction,
): Promise<{ failure: BasketError | null; message: string; added?: StatEvent }> {
  let failure: BasketError | null = null;
  let message: string = DONE[command.intent];
  let added: StatEvent | undefined;
  switch (command.intent) {
    case "add":
      failure = await addToCart(db, owner, command.productId);
      if (!failure) added = "cart_add";
      break;
    case "change":
      failure = await changeCartQuantity(db, owner, command.productId, command.delta);
      break;
    case "remove":
      await removeFromCart(db, owner, command.productId);
      break;
    case "favorite": {
      const result = await toggleFavorite(db, owner, command.productId);
      if (typeof result === "string") failure = result;
      else if (!result) message = FAVORITE_REMOVED;
      else added = "favorite_add";
      break;
    }
    case "unfavorite":
      await removeFavorite(db, owner, command.productId);
      break;
    case "import":
      await mergeGuestBasket(db, owner, command);
      break;
  }
  return { failure, message: failure ? BASKET_ERROR_MESSAGES[failure] : message, added };
}

async function productExists(db: DB, productId: string): Promise<boolean> {
  return Boolean(await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst());
}

/** A guest's basket is made only by a write that puts something in it. */
function createsBasket(command: BasketAction): boolean {
  if (command.intent === "import") return command.cart.length > 0 || command.favorites.length > 0;
  return command.intent === "add" || command.intent === "favorite";
}

export function action(args: Route.ActionArgs) {
  return refusingInvalidWrites(() => act(args));
}

async function act({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("Méthode non autorisée.", 405);
  const parsed = basketActionSchema.safeParse(await readBody(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const db = getDb();
  const command = parsed.data;
  const plain = isPlainFormPost(request);
  const productId = "productId" in command ? command.productId : "";
  // A guest's basket is not made for a piece that does not exist.
  const unknown =
    "productId" in command && createsBasket(command) && !(await productExists(db, command.productId));
  const writer = await basketOwnerForWrite(request, { create: createsBasket(command) && !unknown });
  if (writer.kind === "too-many") {
    return plain
      ? backToPage(request, db, productId, GUEST_BASKETS_TOO_MANY)
      : apiError(GUEST_BASKETS_TOO_MANY, 429);
  }
  let outcome: Awaited<ReturnType<typeof apply>> = {
    failure: null,
    message: DONE[command.intent],
  };
  // A guest without a basket changing or removing a line, or naming an unknown piece: nothing to change.
  if (writer.kind === "none") {
    if (command.intent === "change" || unknown)
      outcome = { failure: "introuvable", message: BASKET_ERROR_MESSAGES.introuvable };
  } else {
    outcome = await apply(db, writer.owner, command);
    // The audience's funnel: a piece added to the cart or to the favourites (ADR 034).
    if (outcome.added) recordEvent(outcome.added, productId, request);
  }
  const setCookie = writer.kind === "owner" ? writer.setCookie : null;
  if (plain) {
    const back = await backToPage(request, db, productId, outcome.message);
    if (setCookie) back.headers.append("Set-Cookie", setCookie);
    return back;
  }
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (outcome.failure)
    return data(
      { ok: false as const, error: outcome.message },
      { status: outcome.failure === "introuvable" ? 404 : 409, headers },
    );
  const lists = await basketLists(db, writer.kind === "owner" ? writer.owner : null);
  return data({ ok: true as const, ...lists }, { headers });
}
