/**
 * The order request of /contact (docs/product.md §10.19): the form's data (the visitor's cart or
 * favourites read here from the server, a customer's or a guest's basket (ADR 032), so the form works
 * without JavaScript; the upcoming events to pick up from) and its action: checked by
 * `orderFormSchema`, rate limited, then `submitOrder`, which holds the pieces, e-mails the customer
 * and the shop, and answers with the order's private link. Without JavaScript, « Calculer les frais
 * de livraison » posts the form to get its figures back (ADR 028): nothing is written.
 */
import { data, redirect } from "react-router";
import { getProfile } from "~/features/account/profile.server";
import { checkAvailability, listCart, listFavorites } from "~/features/basket/basket.server";
import { basketOwnerOf, guestBasketOf } from "~/features/basket/guest-basket.server";
import { listEvents, splitByTime } from "~/features/events/events.server";
import { submitOrder } from "~/features/orders/order-flow.server";
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  ORDER_MESSAGES,
  type OrderFormField,
  orderFormSchema,
  QUANTITY_FIELD_PREFIX,
} from "~/features/orders/order-schema";
import { orderPagePath, QUOTE_INTENT } from "~/features/orders/order-types";
import { parseForm } from "~/lib/form";
import { getAppContext } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import { CONSTRAINT_MESSAGE, constraintStatus, isConstraintViolation } from "~/server/db-errors.server";
import { withFlash } from "~/server/flash.server";
import { clientAddress, createRateLimiter } from "~/server/rate-limit.server";
import { getOptionalUser, type SessionUser } from "~/server/session.server";
import type { OrderFormLine, OrderFormState, OrderRequestData, OrderSource } from "./order-request-types";

/** Five orders per address every ten minutes, as for the contact form: plenty for a person. */
const ORDER_LIMIT = { scope: "commande", max: 5, windowMs: 10 * 60 * 1000 };
/** A visitor without JavaScript recomputes as the mode, zone or quantities change: more, still bounded. */
const QUOTE_LIMIT = { scope: "commande-calcul", max: 30, windowMs: 10 * 60 * 1000 };

/** What a bot's honeypot submission is told: all went well (nothing was written). */
export const ORDER_RECEIVED =
  "Merci ! Votre commande est enregistrée. Un e-mail de confirmation vient de vous être envoyé.";

export function orderPlacedMessage(number: string): string {
  return `Merci ! Votre commande ${number} est enregistrée. Un e-mail de confirmation vient de vous être envoyé.`;
}

const toLine = (line: OrderFormLine): OrderFormLine => ({
  productId: line.productId,
  slug: line.slug,
  name: line.name,
  priceCents: line.priceCents,
  image: line.image ? { fileName: line.image.fileName } : null,
  stock: line.stock,
  isUnique: line.isUnique,
  availability: line.availability,
  quantity: line.quantity,
});

/**
 * The form's first state: the visitor's lists on the server (the posted lines stay what is
 * ordered, checked again by placeOrder), a customer's details, the events ahead.
 */
export async function loadOrderRequest(
  db: DB,
  request: Request,
  source: OrderSource,
  now: Date = new Date(),
): Promise<OrderRequestData> {
  const [user, owner] = await Promise.all([getOptionalUser(request), basketOwnerOf(request)]);
  const [events, lines, profile] = await Promise.all([
    listEvents(db),
    owner
      ? source === "panier"
        ? listCart(db, owner)
        : listFavorites(db, owner).then((items) => items.map((item) => ({ ...item, quantity: 1 })))
      : null,
    user ? getProfile(db, user.id) : null,
  ]);
  return {
    source,
    lines: lines ? lines.filter((line) => line.name).map(toLine) : null,
    customer: profile
      ? {
          name: profile.name,
          email: profile.email,
          phone: profile.phoneNumber,
          postalCode: profile.postalCode,
        }
      : null,
    events: splitByTime(events, now).upcoming.map((event) => ({
      id: event.id,
      title: event.title,
      startDate: event.startDate,
      endDate: event.endDate,
      location: event.location,
    })),
  };
}

const PIECE_ID = /^[a-z0-9]{1,40}$/;

/**
 * The pieces a form names, as the shop sees them now (name, price, photo, free units), with the
 * quantities asked: what a refused order is shown with, even to a guest without JavaScript.
 */
async function postedLines(db: DB, fields: Record<string, unknown>): Promise<OrderFormLine[]> {
  const asked = new Map<string, number>();
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith(QUANTITY_FIELD_PREFIX) || asked.size >= MAX_ORDER_LINES) continue;
    const id = name.slice(QUANTITY_FIELD_PREFIX.length);
    const quantity = Number(value);
    if (PIECE_ID.test(id))
      asked.set(id, Number.isInteger(quantity) ? Math.min(Math.max(quantity, 0), MAX_LINE_QUANTITY) : 1);
  }
  const ids = [...asked.keys()];
  if (ids.length === 0) return [];
  const [pieces, images, availability] = await Promise.all([
    db.selectFrom("products").select(["id", "slug", "name", "price_cents"]).where("id", "in", ids).execute(),
    db
      .selectFrom("product_images")
      .select(["product_id", "file_name", "position"])
      .where("product_id", "in", ids)
      .orderBy("position")
      .execute(),
    checkAvailability(db, ids),
  ]);
  const byId = new Map(pieces.map((piece) => [piece.id, piece]));
  return ids.flatMap((id) => {
    const piece = byId.get(id);
    const known = availability[id];
    if (!piece || !known) return [];
    const image = images.find((row) => row.product_id === id);
    return [
      {
        productId: id,
        slug: piece.slug,
        name: piece.name,
        priceCents: piece.price_cents,
        image: image ? { fileName: image.file_name } : null,
        stock: known.stock,
        isUnique: known.isUnique,
        availability: known.availability,
        quantity: asked.get(id) ?? 1,
      },
    ];
  });
}

const ECHOED = new Set([
  "name",
  "email",
  "phone",
  "delivery",
  "zone",
  "addressLine",
  "postalCode",
  "city",
  "eventId",
]);

/** What the form sent, as text, to fill it again (the honeypot left out, long values cut). */
function echo(fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== "string") continue;
    if (name === "message") values[name] = value.slice(0, 5000);
    else if (ECHOED.has(name) || name.startsWith(QUANTITY_FIELD_PREFIX)) values[name] = value.slice(0, 200);
  }
  return values;
}

async function refused(
  db: DB,
  fields: Record<string, unknown>,
  status: number,
  message: string,
  fieldErrors?: OrderFormState["fieldErrors"],
) {
  const state: OrderFormState = {
    form: "commande",
    ok: false,
    message,
    ...(fieldErrors ? { fieldErrors } : {}),
    values: echo(fields),
    // The refusal is what matters: without the pieces' details the form still shows it.
    lines: await postedLines(db, fields).catch(() => []),
  };
  return data(state, { status });
}

/** The order form's action: a redirect to the order's page, or the refusal in French. */
export async function handleOrderRequest(
  request: Request,
  fields: Record<string, FormDataEntryValue>,
  user: Pick<SessionUser, "id"> | null,
) {
  const ctx = getAppContext();
  if (fields.intent === QUOTE_INTENT) {
    // The figures only: the page draws them from the echoed form with the server's rates.
    if (!(await createRateLimiter(ctx.db, QUOTE_LIMIT).attempt(clientAddress(request))))
      return refused(ctx.db, fields, 429, ORDER_MESSAGES.tooMany);
    const state: OrderFormState = {
      form: "commande",
      ok: false,
      quoted: true,
      message: "",
      values: echo(fields),
      lines: await postedLines(ctx.db, fields).catch(() => []),
    };
    return data(state);
  }
  const parsed = parseForm<typeof orderFormSchema, OrderFormField>(orderFormSchema, fields);
  if (!parsed.ok) {
    return refused(ctx.db, fields, 400, parsed.formError ?? ORDER_MESSAGES.fixFields, parsed.fieldErrors);
  }
  // A bot filled the hidden field: answer as if all went well, keep nothing.
  if (parsed.data.site_web) {
    const state: OrderFormState = { form: "commande", ok: true, message: ORDER_RECEIVED };
    return data(state);
  }
  if (!(await createRateLimiter(ctx.db, ORDER_LIMIT).attempt(clientAddress(request))))
    return refused(ctx.db, fields, 429, ORDER_MESSAGES.tooMany);
  try {
    // The ordered pieces leave the visitor's cart: the account's, or the guest basket's (ADR 032).
    const guestBasketId = user ? null : await guestBasketOf(request.headers.get("cookie"), ctx.db);
    const placed = await submitOrder(
      ctx,
      parsed.data,
      user?.id ?? null,
      new Date(),
      clientAddress(request),
      guestBasketId,
    );
    if (!placed.ok) {
      const onEvent = placed.message === ORDER_MESSAGES.eventUnknown;
      return refused(
        ctx.db,
        fields,
        placed.status,
        placed.message,
        onEvent ? { eventId: placed.message } : {},
      );
    }
    return redirect(orderPagePath(placed.trackingToken, true), {
      status: 303,
      headers: withFlash(new Headers(), orderPlacedMessage(placed.number)),
    });
  } catch (error) {
    if (isConstraintViolation(error))
      return refused(ctx.db, fields, constraintStatus(error), CONSTRAINT_MESSAGE);
    console.error("Commande non enregistrée", error);
    return refused(ctx.db, fields, 503, ORDER_MESSAGES.failed);
  }
}
