/**
 * Orders (docs/product.md §10.19, ADR 016): a cart sent from /contact becomes an order with a readable
 * number, its lines at the price of that moment, a total computed here, and its pieces held. The
 * admin then moves it through its steps; each step is recorded with its time and admin.
 *
 * Every rule lives here, checked inside one transaction per change. On PostgreSQL, where several
 * transactions (and instances) run at once, the pieces an order touches are locked in id order
 * before their free units are counted, so two customers racing for the last unit are served one
 * after the other: exactly one gets it. SQLite runs the shop's transactions one at a time.
 */
import crypto from "node:crypto";
import { type Selectable, sql } from "kysely";
import { deliveryRates } from "~/features/delivery/delivery-rates.server";
import { deliveryCost, piecesTotal } from "~/features/delivery/delivery-types";
import { issueInvoice } from "~/features/invoices/invoices.server";
import type { DB } from "~/server/database.server";
import type { OrdersTable } from "~/server/db-schema.server";
import { newId } from "~/server/ids.server";
import { lockingRows } from "../../../db/dialect";
import {
  emailKey,
  freeUnits,
  heldQuantities,
  holdCap,
  lockClient,
  type OrderClient,
  UNCONFIRMED_HOLD_MS,
  unitsHeldByClient,
  unitsToHold,
} from "./holds.server";
import type { OrderForm } from "./order-schema";
import {
  canMove,
  type DeliveryMethod,
  HOLDING_STATUSES,
  ORDER_NOT_FOUND,
  ORDER_STATUS_LABELS,
  type OrderLineView,
  type OrderStatus,
  type OrderSummary,
  type OrderView,
} from "./order-types";

const DAY_MS = 86_400_000;

/** A refusal the customer or admin reads, with its HTTP status. Nothing was written. */
export interface OrderRefusal {
  ok: false;
  status: 400 | 403 | 404 | 409;
  message: string;
}

/** What a blocked address is told, and nothing more (ADR 022). */
export const BLOCKED_EMAIL_MESSAGE =
  "Cette adresse e-mail ne peut pas passer commande sur la boutique. Écrivez-nous si vous pensez qu'il s'agit d'une erreur.";

/** The admin's view adds what only the shop sees. */
export interface AdminOrderView extends OrderView {
  internalNote: string;
  trackingToken: string;
}

export interface PlacedOrder {
  ok: true;
  id: string;
  number: string;
  trackingToken: string;
  /** The single-use token of the confirmation link (ADR 022); null when the address counts as confirmed. */
  confirmToken: string | null;
}

/** NAC-2026-0042: the shop's prefix, the year, the order's rank in that year (4 digits at least). */
export function formatOrderNumber(year: number, rank: number): string {
  return `NAC-${year}-${String(rank).padStart(4, "0")}`;
}

/** 32 random bytes: the guest's link to follow the order. Unguessable, URL-safe. */
export function newTrackingToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** The stored form of a confirmation token: only its SHA-256 is kept (it is e-mailed once). */
export function confirmTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Whether `email` is already proven the customer's: their signed-in account's, verified (ADR 022). */
async function emailAlreadyConfirmed(db: DB, userId: string | null, key: string): Promise<boolean> {
  if (!userId) return false;
  const user = await db
    .selectFrom("users")
    .select(["email", "email_verified"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return user?.email_verified === 1 && emailKey(user.email) === key;
}

/** The hold's length in days (shop settings, default 7). */
export async function holdDays(db: DB): Promise<number> {
  const row = await db
    .selectFrom("shop_settings")
    .select("hold_days")
    .where("id", "=", "shop")
    .executeTakeFirst();
  return row?.hold_days ?? 7;
}

async function nextOrderNumber(db: DB, year: number): Promise<string> {
  const row = await db
    .insertInto("order_counters")
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last: sql<number>`order_counters.last + 1` }))
    .returning("last")
    .executeTakeFirstOrThrow();
  return formatOrderNumber(year, Number(row.last));
}

export function refusal(status: OrderRefusal["status"], message: string): OrderRefusal {
  return { ok: false, status, message };
}

/** The pieces an order names, locked (PostgreSQL) in id order so racing orders never deadlock. */
export async function lockPieces(db: DB, productIds: readonly string[]) {
  const ids = [...new Set(productIds)].sort();
  const rows = ids.length
    ? await lockingRows(
        db,
        db
          .selectFrom("products")
          .select(["id", "name", "slug", "price_cents", "stock", "is_unique", "is_sold"])
          .where("id", "in", ids)
          .orderBy("id"),
      ).execute()
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether the event can still be chosen for a pick-up: not over yet. */
function eventStillAhead(event: { start_date: string; end_date: string | null }, now: Date): boolean {
  const end = new Date(event.end_date ?? event.start_date);
  if (!event.end_date) end.setHours(23, 59, 59, 999);
  return end.getTime() >= now.getTime();
}

export interface PlaceOrderInput {
  form: OrderForm;
  userId: string | null;
  /** A guest's server basket (ADR 032): the ordered pieces leave its cart as a customer's leave hers. */
  guestBasketId?: string | null;
  /** The network address the order came from, as the shop sees it ('' unknown). */
  clientAddress?: string;
  now?: Date;
  /**
   * Runs inside the order's transaction once it is written: what the order owes (its e-mails,
   * recorded in the outbox, ADR 025) commits with it or not at all.
   */
  inTransaction?: (trx: DB, placed: PlacedOrder) => Promise<void>;
}

/**
 * Places an order: checks every line against the pieces as they are now (for sale, enough
 * free units once other orders' holds are counted), takes the prices from the database, holds the
 * units, records the first step and empties those lines from the customer's or the guest's cart.
 *
 * What it holds (ADR 022): at most what is left of the client's cap (units held by the same account,
 * normalised e-mail or network address), the rest of the lines waiting for the seller's approval;
 * for `hold_days` when the address is already the customer's verified account address, else for two
 * hours until the customer follows the confirmation link. A blocked address is refused.
 */
export async function placeOrder(db: DB, input: PlaceOrderInput): Promise<PlacedOrder | OrderRefusal> {
  const now = input.now ?? new Date();
  const { form } = input;
  const client: OrderClient = {
    userId: input.userId,
    emailKey: emailKey(form.email),
    address: input.clientAddress ?? "",
  };
  return db.transaction().execute(async (trx) => {
    const blocked = await trx
      .selectFrom("blocked_emails")
      .select("email_key")
      .where("email_key", "=", client.emailKey)
      .executeTakeFirst();
    if (blocked) return refusal(403, BLOCKED_EMAIL_MESSAGE);
    // The client first, then the pieces (in id order): two orders of one client are counted one
    // after the other, and no two transactions wait on each other in a circle.
    await lockClient(trx, client);
    const locked = await lockPieces(
      trx,
      form.lines.map((line) => line.productId),
    );
    const held = await heldQuantities(trx, [...locked.keys()], now);
    const wanted = new Map<string, number>();
    for (const line of form.lines)
      wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);

    const lines: Omit<OrderLineView, "id" | "heldQuantity">[] = [];
    for (const [productId, quantity] of wanted) {
      const piece = locked.get(productId);
      if (!piece)
        return refusal(409, "Une création de votre commande n'existe plus : retirez-la pour continuer.");
      if (piece.is_sold === 1) return refusal(409, `« ${piece.name} » a déjà été vendue.`);
      const heldUnits = held.get(productId) ?? 0;
      const free = freeUnits(piece, heldUnits);
      if (free < quantity) {
        if (piece.is_unique === 1 && heldUnits > 0)
          return refusal(409, `« ${piece.name} » vient d'être réservée pour une autre commande.`);
        return refusal(
          409,
          free > 0
            ? `« ${piece.name} » n'est plus disponible dans cette quantité (${free} au plus).`
            : `« ${piece.name} » n'est plus disponible.`,
        );
      }
      lines.push({
        productId,
        name: piece.name,
        slug: piece.slug,
        unitPriceCents: piece.price_cents,
        quantity,
      });
    }

    let event: { id: string; title: string; start_date: string } | null = null;
    if (form.delivery === "evenement") {
      const row = await trx
        .selectFrom("events")
        .select(["id", "title", "start_date", "end_date"])
        .where("id", "=", form.eventId)
        .executeTakeFirst();
      if (!row || !eventStillAhead(row, now))
        return refusal(409, "Cet événement n'est plus au programme : choisissez-en un autre.");
      event = row;
    }

    const days = await holdDays(trx);
    const confirmed = await emailAlreadyConfirmed(trx, input.userId, client.emailKey);
    const remaining = (await holdCap(trx)) - (await unitsHeldByClient(trx, client, now));
    const unitsHeld = unitsToHold(
      lines.map((line) => line.quantity),
      remaining,
    );
    const confirmToken = confirmed ? null : newTrackingToken();
    const holdMs = confirmed ? days * DAY_MS : Math.min(UNCONFIRMED_HOLD_MS, days * DAY_MS);
    const id = newId();
    const number = await nextOrderNumber(trx, now.getUTCFullYear());
    const trackingToken = newTrackingToken();
    const at = now.toISOString();
    // A piece on request is ordered with its price unknown (null): the total counts the known prices
    // and the seller fixes the rest before the payment link (docs/product.md §10.19). The delivery's
    // cost comes from the rates of this moment, never from the form (ADR 028); unknown (null) when
    // the zone is « sur devis » or the free threshold waits for a piece's price.
    const byPost = form.delivery === "envoi";
    const zone = byPost ? form.zone : "france";
    const pieces = piecesTotal(
      lines.map((line) => ({ priceCents: line.unitPriceCents, quantity: line.quantity })),
    );
    const delivery = deliveryCost(await deliveryRates(trx), form.delivery, zone, pieces);
    const total = pieces.knownCents + (delivery ?? 0);
    await trx
      .insertInto("orders")
      .values({
        id,
        number,
        tracking_token: trackingToken,
        user_id: input.userId,
        status: "nouvelle",
        customer_name: form.name,
        email: form.email,
        phone: form.phone,
        delivery_method: form.delivery as DeliveryMethod,
        address_line: byPost ? form.addressLine : "",
        postal_code: byPost ? form.postalCode : "",
        city: byPost ? form.city : "",
        delivery_zone: zone,
        delivery_cents: delivery,
        event_id: event?.id ?? null,
        event_title: event?.title ?? "",
        event_start: event?.start_date ?? null,
        message: form.message,
        total_cents: total,
        hold_expires_at: new Date(now.getTime() + holdMs).toISOString(),
        email_confirmed_at: confirmed ? at : null,
        confirm_token_hash: confirmToken ? confirmTokenHash(confirmToken) : null,
        email_key: client.emailKey,
        client_address: client.address,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .insertInto("order_lines")
      .values(
        lines.map((line, position) => ({
          id: newId(),
          order_id: id,
          product_id: line.productId,
          product_name: line.name,
          product_slug: line.slug,
          unit_price_cents: line.unitPriceCents,
          quantity: line.quantity,
          waiting_quantity: line.quantity - (unitsHeld[position] ?? 0),
          position,
        })),
      )
      .execute();
    await trx
      .insertInto("order_events")
      .values({ id: newId(), order_id: id, status: "nouvelle", admin_id: null, created_at: at })
      .execute();
    const owner = input.userId
      ? ({ column: "user_id", id: input.userId } as const)
      : input.guestBasketId
        ? ({ column: "guest_basket_id", id: input.guestBasketId } as const)
        : null;
    if (owner) {
      await trx
        .deleteFrom("cart_items")
        .where(owner.column, "=", owner.id)
        .where("product_id", "in", [...wanted.keys()])
        .execute();
    }
    const placed = { ok: true as const, id, number, trackingToken, confirmToken };
    await input.inTransaction?.(trx, placed);
    return placed;
  });
}

// --- Reading orders

type OrderRow = Selectable<OrdersTable>;

function selectOrders(db: DB) {
  return db.selectFrom("orders").selectAll();
}

async function withLinesAndSteps(db: DB, rows: OrderRow[]): Promise<AdminOrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, steps] = await Promise.all([
    db.selectFrom("order_lines").selectAll().where("order_id", "in", ids).orderBy("position").execute(),
    db
      .selectFrom("order_events")
      .selectAll()
      .where("order_id", "in", ids)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    customerName: row.customer_name,
    email: row.email,
    phone: row.phone,
    userId: row.user_id,
    delivery: {
      method: row.delivery_method,
      addressLine: row.address_line,
      postalCode: row.postal_code,
      city: row.city,
      zone: row.delivery_zone,
      eventId: row.event_id,
      eventTitle: row.event_title,
      eventStart: row.event_start,
    },
    message: row.message,
    deliveryCents: row.delivery_cents,
    totalCents: row.total_cents,
    holdExpiresAt: row.hold_expires_at,
    emailConfirmedAt: row.email_confirmed_at,
    awaitingConfirmation: row.confirm_token_hash !== null,
    approvedAt: row.approved_at,
    paymentUrl: row.payment_url,
    trackingNumber: row.tracking_number,
    cgvVersion: row.cgv_version === null ? null : Number(row.cgv_version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    internalNote: row.internal_note,
    trackingToken: row.tracking_token,
    lines: lines
      .filter((line) => line.order_id === row.id)
      .map((line) => ({
        id: line.id,
        productId: line.product_id,
        name: line.product_name,
        slug: line.product_slug,
        unitPriceCents: line.unit_price_cents,
        quantity: line.quantity,
        heldQuantity: line.quantity - line.waiting_quantity,
      })),
    steps: steps
      .filter((step) => step.order_id === row.id)
      .map((step) => ({
        status: step.status,
        label: ORDER_STATUS_LABELS[step.status],
        at: step.created_at,
        adminName: step.admin_id || step.admin_name ? step.admin_name : null,
        detail: step.detail,
      })),
  }));
}

/** What the customer may see of an order: no internal note, no token. */
export function customerView(order: AdminOrderView): OrderView {
  const { internalNote: _note, trackingToken: _token, ...view } = order;
  return view;
}

export async function findOrderById(db: DB, id: string): Promise<AdminOrderView | null> {
  const rows = await selectOrders(db).where("id", "=", id).execute();
  return (await withLinesAndSteps(db, rows))[0] ?? null;
}

/** The order behind a guest's link; a token of the wrong shape is not even looked up. */
export async function findOrderByToken(db: DB, token: string): Promise<OrderView | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const rows = await selectOrders(db).where("tracking_token", "=", token).execute();
  const order = (await withLinesAndSteps(db, rows))[0];
  return order ? customerView(order) : null;
}

/** A customer's own orders, newest first: only those placed from their account. */
export async function listOrdersOfUser(db: DB, userId: string): Promise<OrderView[]> {
  const rows = await selectOrders(db)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return (await withLinesAndSteps(db, rows)).map(customerView);
}

/** Orders waiting for the seller's first step (the dashboard navigation's live count). */
export async function countNewOrders(db: DB): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("status", "=", "nouvelle")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// --- The admin's steps

export interface OrderActor {
  id: string;
  name: string;
}

export type StepRequest =
  | { to: "lien_envoye"; paymentUrl: string }
  | { to: "payee" }
  | { to: "expediee"; trackingNumber: string }
  | { to: "livree" }
  | { to: "annulee" };

type LockedPieces = Awaited<ReturnType<typeof lockPieces>>;

/**
 * Takes an order's units out of the stock ("out": paid; a unique piece becomes sold) or puts them
 * back ("back": a paid order cancelled). Pieces deleted since are skipped: nothing is left to move.
 */
async function moveUnits(
  db: DB,
  lines: readonly { product_id: string | null; quantity: number }[],
  pieces: LockedPieces,
  direction: "out" | "back",
  now: Date,
) {
  for (const line of lines) {
    const piece = line.product_id ? pieces.get(line.product_id) : undefined;
    if (!piece) continue;
    const delta = direction === "out" ? -line.quantity : line.quantity;
    await db
      .updateTable("products")
      .set(
        piece.is_unique === 1
          ? { is_sold: direction === "out" ? 1 : 0, updated_at: now.toISOString() }
          : { stock: sql<number>`stock + ${delta}`, updated_at: now.toISOString() },
      )
      .where("id", "=", piece.id)
      .execute();
  }
}

export interface StepDone {
  ok: true;
  order: AdminOrderView;
  previous: OrderStatus;
}

/**
 * Moves an order one step (docs/product.md §10.19): only along the allowed transitions. Paying takes
 * the units out of the stock (a unique piece becomes sold and moves to the gallery), after checking
 * they were not meanwhile taken by another order (a hold that expired), and issues the order's
 * invoice (docs/product.md §10.25); cancelling a paid order puts them back on sale (its invoice stays:
 * the seller records the refund, which issues a credit note).
 */
export async function moveOrder(
  db: DB,
  orderId: string,
  request: StepRequest,
  actor: OrderActor,
  now: Date = new Date(),
  /** Runs inside the step's transaction once it is written (its e-mail, ADR 025). */
  inTransaction?: (trx: DB, done: StepDone) => Promise<void>,
): Promise<StepDone | OrderRefusal> {
  const result = await db.transaction().execute(async (trx) => {
    const order = await lockingRows(
      trx,
      trx.selectFrom("orders").select(["id", "status", "delivery_cents"]).where("id", "=", orderId),
    ).executeTakeFirst();
    if (!order) return refusal(404, ORDER_NOT_FOUND);
    if (!canMove(order.status, request.to))
      return refusal(
        409,
        `Une commande « ${ORDER_STATUS_LABELS[order.status]} » ne peut pas passer à « ${ORDER_STATUS_LABELS[request.to]} ».`,
      );
    const lines = await trx
      .selectFrom("order_lines")
      .select(["product_id", "product_name", "quantity", "unit_price_cents"])
      .where("order_id", "=", orderId)
      .execute();
    // Code de la consommation L112-1, L221-5: the customer knows the whole price before paying, so a
    // piece ordered on request gets its price from the seller first (docs/product.md §10.19).
    if (
      (request.to === "lien_envoye" || request.to === "payee") &&
      lines.some((l) => l.unit_price_cents === null)
    )
      return refusal(409, request.to === "lien_envoye" ? PRICE_NEEDED_FOR_LINK : PRICE_NEEDED_FOR_PAYMENT);
    // The same for a delivery « sur devis » (ADR 028): its cost is part of the price to pay.
    if ((request.to === "lien_envoye" || request.to === "payee") && order.delivery_cents === null)
      return refusal(
        409,
        request.to === "lien_envoye" ? DELIVERY_NEEDED_FOR_LINK : DELIVERY_NEEDED_FOR_PAYMENT,
      );
    const pieceIds = lines.flatMap((line) => (line.product_id ? [line.product_id] : []));

    if (request.to === "payee") {
      const pieces = await lockPieces(trx, pieceIds);
      const heldByOthers = await heldQuantities(trx, pieceIds, now, orderId);
      for (const line of lines) {
        const piece = line.product_id ? pieces.get(line.product_id) : undefined;
        if (!piece) continue; // deleted since: nothing left to take from the stock
        if (piece.is_sold === 1) return refusal(409, `« ${piece.name} » est déjà vendue.`);
        if (freeUnits(piece, heldByOthers.get(piece.id) ?? 0) < line.quantity)
          return refusal(
            409,
            `« ${piece.name} » n'est plus disponible : sa réservation a expiré et elle est retenue pour une autre commande.`,
          );
      }
      await moveUnits(trx, lines, pieces, "out", now);
    }
    // A withdrawn order follows its own steps (docs/product.md §10.24): cancelling it would put the
    // returned pieces on sale a second time.
    if (request.to === "annulee") {
      const withdrawn = await trx
        .selectFrom("order_withdrawals")
        .select("id")
        .where("order_id", "=", orderId)
        .executeTakeFirst();
      if (withdrawn) return refusal(409, WITHDRAWN_ORDER_CANNOT_BE_CANCELLED);
    }
    if (request.to === "annulee" && order.status === "payee") {
      await moveUnits(trx, lines, await lockPieces(trx, pieceIds), "back", now);
    }

    // The history is read in time order: a step taken within the same millisecond as the previous
    // one is dated one millisecond after it, so the order of steps never depends on their ids.
    const previous = await trx
      .selectFrom("order_events")
      .select((eb) => eb.fn.max("created_at").as("at"))
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    const latest = previous?.at ? Date.parse(previous.at) : Number.NEGATIVE_INFINITY;
    const at = new Date(Math.max(now.getTime(), latest + 1)).toISOString();
    const detail =
      request.to === "lien_envoye"
        ? request.paymentUrl
        : request.to === "expediee"
          ? request.trackingNumber
          : "";
    await trx
      .updateTable("orders")
      .set({
        status: request.to,
        updated_at: at,
        ...(request.to === "lien_envoye" ? { payment_url: request.paymentUrl } : {}),
        ...(request.to === "expediee" ? { tracking_number: request.trackingNumber || null } : {}),
      })
      .where("id", "=", orderId)
      .execute();
    await trx
      .insertInto("order_events")
      .values({
        id: newId(),
        order_id: orderId,
        status: request.to,
        admin_id: actor.id,
        admin_name: actor.name,
        detail,
        created_at: at,
      })
      .execute();
    // The invoice is issued with the payment, in this transaction (ADR 026): a payment that rolls
    // back takes its invoice number with it, so the yearly sequence has no gap.
    if (request.to === "payee") await issueInvoice(trx, { orderId, paidAt: at });
    const moved = await findOrderById(trx, orderId);
    if (!moved) return refusal(404, ORDER_NOT_FOUND);
    const done: StepDone = { ok: true, order: moved, previous: order.status };
    await inTransaction?.(trx, done);
    return done;
  });
  return result;
}

/** docs/product.md §8: a withdrawn order is settled by its return and refund, never cancelled. */
export const WITHDRAWN_ORDER_CANNOT_BE_CANCELLED =
  "Cette commande fait l'objet d'une rétractation : enregistrez le retour et le remboursement dans le bloc « Rétractation » au lieu de l'annuler.";

/** docs/product.md §8: a step that needs every price while a piece on request has none. */
/**
 * An open order cancelled, by the seller releasing it (ADR 022) or by its customer (ADR 028): its
 * status, its confirmation link gone with it, and the step in its history, in the caller's
 * transaction (the holds follow the status: only open orders hold).
 */
export async function recordCancellation(
  trx: DB,
  orderId: string,
  step: { at: string; adminId: string | null; adminName: string; detail: string },
): Promise<void> {
  await trx
    .updateTable("orders")
    .set({ status: "annulee", confirm_token_hash: null, updated_at: step.at })
    .where("id", "=", orderId)
    .execute();
  await trx
    .insertInto("order_events")
    .values({
      id: newId(),
      order_id: orderId,
      status: "annulee",
      admin_id: step.adminId,
      admin_name: step.adminName,
      detail: step.detail,
      created_at: step.at,
    })
    .execute();
}

export const PRICE_NEEDED_FOR_LINK = "Indiquez le prix de chaque pièce avant d'envoyer le lien de paiement.";
export const PRICE_NEEDED_FOR_PAYMENT =
  "Indiquez le prix de chaque pièce avant de marquer la commande payée.";
/** ADR 028: a step that needs the delivery's cost while it is « sur devis ». */
export const DELIVERY_NEEDED_FOR_LINK =
  "Indiquez les frais de livraison (sur devis) avant d'envoyer le lien de paiement.";
export const DELIVERY_NEEDED_FOR_PAYMENT =
  "Indiquez les frais de livraison (sur devis) avant de marquer la commande payée.";
export const DELIVERY_COST_MESSAGES = {
  alreadySet: "Les frais de livraison de cette commande sont déjà fixés.",
  closed:
    "Cette commande n'attend plus de frais de livraison : seule une commande en cours peut en recevoir.",
} as const;
export const LINE_PRICE_MESSAGES = {
  unknownLine: "Cette pièce ne fait pas partie de la commande.",
  alreadyPriced: "Le prix de cette pièce est déjà fixé.",
  closed: "Cette commande n'attend plus de prix : seule une commande nouvelle peut en recevoir un.",
} as const;

/**
 * Fixes the price of a line ordered on request (docs/product.md §10.19): once, on a new order, before
 * the payment link; the order's total then counts it. Nothing is written on a refusal.
 */
export async function setLinePrice(
  db: DB,
  orderId: string,
  lineId: string,
  unitPriceCents: number,
  now: Date = new Date(),
): Promise<{ ok: true; order: AdminOrderView } | OrderRefusal> {
  return db.transaction().execute(async (trx) => {
    const order = await lockingRows(
      trx,
      trx.selectFrom("orders").select(["id", "status"]).where("id", "=", orderId),
    ).executeTakeFirst();
    if (!order) return refusal(404, ORDER_NOT_FOUND);
    const line = await trx
      .selectFrom("order_lines")
      .select(["id", "unit_price_cents"])
      .where("id", "=", lineId)
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    if (!line) return refusal(404, LINE_PRICE_MESSAGES.unknownLine);
    if (line.unit_price_cents !== null) return refusal(409, LINE_PRICE_MESSAGES.alreadyPriced);
    if (order.status !== "nouvelle") return refusal(409, LINE_PRICE_MESSAGES.closed);
    await trx
      .updateTable("order_lines")
      .set({ unit_price_cents: unitPriceCents })
      .where("id", "=", lineId)
      .execute();
    await updateTotal(trx, orderId, now);
    const updated = await findOrderById(trx, orderId);
    if (!updated) return refusal(404, ORDER_NOT_FOUND);
    return { ok: true as const, order: updated };
  });
}

/**
 * The order's total after a price or the delivery's cost was given (ADR 028): the known prices plus
 * the delivery. A delivery still unknown only because the free threshold waited for a piece's price
 * is computed once every piece has one, from the rates of that moment; « sur devis » stays for the
 * seller to give.
 */
async function updateTotal(trx: DB, orderId: string, now: Date) {
  const order = await trx
    .selectFrom("orders")
    .select(["delivery_method", "delivery_zone", "delivery_cents"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const lines = await trx
    .selectFrom("order_lines")
    .select(["unit_price_cents", "quantity"])
    .where("order_id", "=", orderId)
    .execute();
  const pieces = piecesTotal(lines.map((l) => ({ priceCents: l.unit_price_cents, quantity: l.quantity })));
  const delivery =
    order.delivery_cents ??
    (pieces.priceMissing
      ? null
      : deliveryCost(await deliveryRates(trx), order.delivery_method, order.delivery_zone, pieces));
  await trx
    .updateTable("orders")
    .set({
      delivery_cents: delivery,
      total_cents: pieces.knownCents + (delivery ?? 0),
      updated_at: now.toISOString(),
    })
    .where("id", "=", orderId)
    .execute();
}

/**
 * Gives the delivery's cost of an order « sur devis » (ADR 028): once, while the order is open (not
 * paid nor cancelled), before the payment link; the total then counts it. Nothing is written on a
 * refusal.
 */
export async function setDeliveryCost(
  db: DB,
  orderId: string,
  cents: number,
  now: Date = new Date(),
): Promise<{ ok: true; order: AdminOrderView } | OrderRefusal> {
  return db.transaction().execute(async (trx) => {
    const order = await lockingRows(
      trx,
      trx.selectFrom("orders").select(["id", "status", "delivery_cents"]).where("id", "=", orderId),
    ).executeTakeFirst();
    if (!order) return refusal(404, ORDER_NOT_FOUND);
    if (order.delivery_cents !== null) return refusal(409, DELIVERY_COST_MESSAGES.alreadySet);
    if (!HOLDING_STATUSES.includes(order.status)) return refusal(409, DELIVERY_COST_MESSAGES.closed);
    await trx.updateTable("orders").set({ delivery_cents: cents }).where("id", "=", orderId).execute();
    await updateTotal(trx, orderId, now);
    const updated = await findOrderById(trx, orderId);
    if (!updated) return refusal(404, ORDER_NOT_FOUND);
    return { ok: true as const, order: updated };
  });
}

export async function saveInternalNote(db: DB, orderId: string, note: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ internal_note: note })
    .where("id", "=", orderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface OrderListFilter {
  status?: OrderStatus | null;
  /** Number, customer name or e-mail, or a piece's name. */
  query?: string;
  /** Only these orders (the refunds overdue, docs/product.md §10.24). */
  ids?: readonly string[];
}

/** The admin's list, newest first, filtered by status and searched (case-insensitive). */
export async function listOrders(db: DB, filter: OrderListFilter = {}, limit = 200): Promise<OrderSummary[]> {
  let query = db.selectFrom("orders as o").select([
    "o.id",
    "o.number",
    "o.status",
    "o.customer_name",
    "o.email",
    "o.total_cents",
    "o.created_at",
    "o.confirm_token_hash",
    "o.delivery_cents",
    (eb) =>
      eb
        .selectFrom("order_lines as l")
        .select((e) => e.fn.sum<number | string>("l.waiting_quantity").as("n"))
        .whereRef("l.order_id", "=", "o.id")
        .as("waiting_units"),
    (eb) =>
      eb
        .selectFrom("order_lines as l")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .whereRef("l.order_id", "=", "o.id")
        .as("line_count"),
    (eb) =>
      eb
        .selectFrom("order_lines as l")
        .select((e) => e.fn.sum<number | string>("l.quantity").as("n"))
        .whereRef("l.order_id", "=", "o.id")
        .as("piece_count"),
    (eb) =>
      eb
        .selectFrom("order_lines as l")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .whereRef("l.order_id", "=", "o.id")
        .where("l.unit_price_cents", "is", null)
        .as("unpriced_lines"),
  ]);
  if (filter.status) query = query.where("o.status", "=", filter.status);
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    query = query.where("o.id", "in", filter.ids);
  }
  const words = (filter.query ?? "").trim().toLowerCase().slice(0, 100);
  if (words) {
    const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(o.number)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(o.customer_name)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(o.email)`, "like", sql`${pattern} escape '\\'`),
        eb.exists(
          eb
            .selectFrom("order_lines as l")
            .select(eb.lit(1).as("one"))
            .whereRef("l.order_id", "=", "o.id")
            .where(sql`lower(l.product_name)`, "like", sql`${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  const rows = await query.orderBy("o.created_at", "desc").orderBy("o.id").limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    customerName: row.customer_name,
    email: row.email,
    totalCents: row.total_cents,
    lineCount: Number(row.line_count ?? 0),
    pieceCount: Number(row.piece_count ?? 0),
    createdAt: row.created_at,
    unconfirmed: HOLDING_STATUSES.includes(row.status) && row.confirm_token_hash !== null,
    awaitingApproval: HOLDING_STATUSES.includes(row.status) && Number(row.waiting_units ?? 0) > 0,
    deliveryToQuote: HOLDING_STATUSES.includes(row.status) && row.delivery_cents === null,
    priceToConfirm:
      Number(row.unpriced_lines ?? 0) === 0
        ? null
        : Number(row.unpriced_lines) === Number(row.line_count)
          ? "all"
          : "some",
  }));
}
