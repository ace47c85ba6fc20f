/**
 * The withdrawal function and the seller's side of a withdrawal (docs/product.md §10.24, ADR 027).
 *
 * Customer: from payment until the end of the 14th Paris day after delivery (Code de la consommation
 * L221-18), an order's page offers « Renoncer au contrat ici »; the declaration (L221-21, D221-5) is
 * recorded once per order, and its acknowledgement — the declaration's content with its date and
 * time — is recorded in the outbox in the same transaction (ADR 025), with the seller's notice.
 *
 * Seller: the refund is due 14 days after the declaration (L221-24). « Retour reçu » puts the
 * withdrawn pieces back on sale (a unique piece leaves the gallery); « Remboursée » records the
 * amount and the day. An unrefunded withdrawal past its deadline is flagged in the dashboard.
 *
 * Every function takes `now`: tests move the clock instead of waiting (as the holds do, ADR 016).
 */
import { sql } from "kysely";
import { issueCreditNote } from "~/features/invoices/invoices.server";
import { firstPictures } from "~/features/orders/order-mail-pieces.server";
import { trackingUrl } from "~/features/orders/order-mails.server";
import type { WithdrawalFlag } from "~/features/orders/order-types";
import { type OrderRefusal, refusal } from "~/features/orders/orders.server";
import type { AppContext } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import { isConstraintViolation } from "~/server/db-errors.server";
import { newId } from "~/server/ids.server";
import { recordMail } from "~/server/outbox.server";
import { lockingRows } from "../../../db/dialect";
import {
  acknowledgementMail,
  type DeclaredWithdrawal,
  type ShopForWithdrawal,
  sellerWithdrawalMail,
  type WithdrawalMailLinks,
} from "./withdrawal-mails.server";
import type { Declaration, Lookup } from "./withdrawal-schema";
import type { AdminWithdrawal, DeclarationPage, WithdrawalNotice } from "./withdrawal-types";
import {
  dayIsOver,
  parisDay,
  periodOverMessage,
  refundDeadlineDay,
  type WithdrawalPeriod,
  withdrawalPeriod,
} from "./withdrawal-types";

/** What a withdrawal's credit note gives as its reason (docs/product.md §10.25). */
export const WITHDRAWAL_CREDIT_NOTE_REASON = "Rétractation (article L221-18 du Code de la consommation)";

export const WITHDRAWAL_REFUSALS = {
  unknownOrder: "Cette commande est introuvable.",
  noContract:
    "Cette commande n'est pas payée : il n'y a pas encore de contrat dont se rétracter. Pour y renoncer, il suffit de ne pas la payer, ou de nous écrire.",
  already: "Vous vous êtes déjà rétracté(e) de cette commande : votre déclaration est enregistrée.",
  unknownPiece: "Cette pièce ne fait pas partie de la commande.",
  noWithdrawal: "Cette commande ne fait l'objet d'aucune rétractation.",
  returnAlready: "Le retour de cette commande est déjà enregistré.",
  refundAlready: "Le remboursement de cette commande est déjà enregistré.",
  refundDate: "La date du remboursement doit se situer entre la rétractation et aujourd'hui.",
  cancelled: "Cette commande est annulée : ses pièces ont déjà été remises en vente.",
} as const;

/** When each order was marked delivered (its latest « Livrée » step), for the period's start. */
async function deliveryDates(db: DB, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("order_events")
    .select(["order_id", (eb) => eb.fn.max("created_at").as("at")])
    .where("order_id", "in", orderIds)
    .where("status", "=", "livree")
    .groupBy("order_id")
    .execute();
  return new Map(rows.flatMap((row) => (row.at ? [[row.order_id, String(row.at)] as const] : [])));
}

async function declaredAtOf(db: DB, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("order_withdrawals")
    .select(["order_id", "declared_at"])
    .where("order_id", "in", orderIds)
    .execute();
  return new Map(rows.map((row) => [row.order_id, row.declared_at]));
}

function noticeOf(
  period: WithdrawalPeriod,
  declaredAt: string | undefined,
  href: string,
): WithdrawalNotice | null {
  if (declaredAt) return { kind: "declared", declaredAt };
  if (period.open) return { kind: "open", lastDay: period.lastDay, href };
  if (period.reason === "expired")
    return { kind: "expired", lastDay: period.lastDay, message: periodOverMessage(period.lastDay) };
  return null;
}

/**
 * What each order's page (the private link, 'Mes commandes') shows about withdrawal at `now`: the
 * control while the period runs, the declaration's date once withdrawn, why not once it is over;
 * null for an order without a contract (unpaid, cancelled).
 */
export async function withdrawalNotices(
  db: DB,
  orders: readonly { id: string; status: string }[],
  now: Date,
  hrefOf: (orderId: string) => string,
): Promise<Map<string, WithdrawalNotice | null>> {
  const ids = orders.map((order) => order.id);
  const [delivered, declared] = await Promise.all([deliveryDates(db, ids), declaredAtOf(db, ids)]);
  return new Map(
    orders.map((order) => {
      const period = withdrawalPeriod(
        { status: order.status, deliveredAt: delivered.get(order.id) ?? null },
        now,
      );
      return [order.id, noticeOf(period, declared.get(order.id), hrefOf(order.id))];
    }),
  );
}

/** The page behind « Renoncer au contrat ici »: the form's data while the period runs, else why not. */
export async function loadDeclarationPage(
  db: DB,
  orderId: string,
  now: Date,
): Promise<DeclarationPage | null> {
  const order = await db
    .selectFrom("orders")
    .select(["id", "number", "status", "customer_name", "email"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  const notice = (await withdrawalNotices(db, [order], now, () => "")).get(order.id) ?? null;
  if (!notice) return { state: "closed", number: order.number, message: WITHDRAWAL_REFUSALS.noContract };
  if (notice.kind === "declared")
    return { state: "declared", number: order.number, declaredAt: notice.declaredAt };
  if (notice.kind === "expired") return { state: "closed", number: order.number, message: notice.message };
  const lines = await db
    .selectFrom("order_lines")
    .select(["id", "product_name", "quantity"])
    .where("order_id", "=", order.id)
    .orderBy("position")
    .execute();
  return {
    state: "open",
    draft: {
      number: order.number,
      customerName: order.customer_name,
      email: order.email,
      lines: lines.map((line) => ({ id: line.id, name: line.product_name, quantity: line.quantity })),
      lastDay: notice.lastDay,
    },
  };
}

/** The order behind a guest's private link: its id, or null (a token of the wrong shape is not looked up). */
export async function orderIdByToken(db: DB, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("tracking_token", "=", token)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A signed-in customer's own order (placed from the account); anyone else's is not found. */
export async function ownOrderId(db: DB, userId: string, orderId: string): Promise<string | null> {
  if (!/^[a-z0-9]{1,40}$/.test(orderId)) return null;
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * /retractation (ADR 027): the order whose number AND e-mail both match — the e-mail, compared
 * without case, proves the order is the visitor's. Nothing tells an unknown number from a wrong
 * address.
 */
export async function orderIdByNumberAndEmail(db: DB, lookup: Lookup): Promise<string | null> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("number", "=", lookup.number)
    .where(sql`lower(email)`, "=", lookup.orderEmail.toLowerCase())
    .where("email", "!=", "")
    .executeTakeFirst();
  return row?.id ?? null;
}

async function shopForWithdrawal(db: DB): Promise<ShopForWithdrawal> {
  const row = await db
    .selectFrom("shop_settings")
    .select(["shop_name", "email", "address_line", "postal_code", "city"])
    .where("id", "=", "shop")
    .executeTakeFirst();
  return {
    shopName: row?.shop_name ?? "Nacre",
    email: row?.email ?? "",
    addressLine: row?.address_line ?? "",
    postalCode: row?.postal_code ?? "",
    city: row?.city ?? "",
  };
}

export interface Declared {
  ok: true;
  number: string;
  declaredAt: string;
  /** Where the acknowledgement went. */
  email: string;
}

type WithdrawalContext = Pick<AppContext, "db" | "outbox" | "env">;

/**
 * Records a declaration of withdrawal and, in the same transaction, its acknowledgement to the
 * address the customer gave (and a copy to the order's address when it differs: whoever declares,
 * the buyer hears of it) and the seller's notice. Refused — nothing written — for an order without
 * a contract, after the period, a second time, or with a piece not in the order.
 */
export async function declareWithdrawal(
  ctx: WithdrawalContext,
  orderId: string,
  declaration: Declaration,
  now: Date = new Date(),
): Promise<Declared | OrderRefusal> {
  let result: Declared | OrderRefusal;
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      // The order's row is locked: two declarations at once are taken one after the other, and the
      // second finds the first (the unique order_id is the last guard).
      const order = await lockingRows(
        trx,
        trx
          .selectFrom("orders")
          .select(["id", "number", "status", "email", "created_at", "tracking_token"])
          .where("id", "=", orderId),
      ).executeTakeFirst();
      if (!order) return refusal(404, WITHDRAWAL_REFUSALS.unknownOrder);
      if ((await declaredAtOf(trx, [order.id])).has(order.id))
        return refusal(409, WITHDRAWAL_REFUSALS.already);
      const period = withdrawalPeriod(
        { status: order.status, deliveredAt: (await deliveryDates(trx, [order.id])).get(order.id) ?? null },
        now,
      );
      if (!period.open)
        return refusal(
          409,
          period.reason === "expired" ? periodOverMessage(period.lastDay) : WITHDRAWAL_REFUSALS.noContract,
        );
      const lines = await trx
        .selectFrom("order_lines")
        .select(["id", "product_id", "product_name", "product_slug", "quantity", "unit_price_cents"])
        .where("order_id", "=", order.id)
        .orderBy("position")
        .execute();
      const chosen = new Set(declaration.pieces);
      if ([...chosen].some((id) => !lines.some((line) => line.id === id)))
        return refusal(400, WITHDRAWAL_REFUSALS.unknownPiece);
      const withdrawn = lines.filter((line) => chosen.has(line.id));
      const declaredAt = now.toISOString();
      await trx
        .insertInto("order_withdrawals")
        .values({
          id: newId(),
          order_id: order.id,
          line_ids: JSON.stringify(withdrawn.map((line) => line.id)),
          customer_name: declaration.name,
          email: declaration.email,
          reason: declaration.reason,
          declared_at: declaredAt,
        })
        .execute();
      const shop = await shopForWithdrawal(trx);
      const declared: DeclaredWithdrawal = {
        number: order.number,
        orderedAt: order.created_at,
        customerName: declaration.name,
        email: declaration.email,
        reason: declaration.reason,
        declaredAt,
        lines: withdrawn.map((line) => ({
          productId: line.product_id,
          slug: line.product_slug,
          name: line.product_name,
          quantity: line.quantity,
          unitPriceCents: line.unit_price_cents,
        })),
      };
      const links: WithdrawalMailLinks = {
        publicUrl: ctx.env.PUBLIC_URL,
        orderUrl: trackingUrl(ctx.env.PUBLIC_URL, order.tracking_token),
        pictures: await firstPictures(
          trx,
          withdrawn.flatMap((line) => (line.product_id ? [line.product_id] : [])),
        ),
      };
      await recordMail(
        trx,
        acknowledgementMail(declared, shop, links),
        "accusé de réception de rétractation",
        now,
      );
      if (order.email && order.email.toLowerCase() !== declaration.email.toLowerCase())
        await recordMail(
          trx,
          acknowledgementMail(declared, shop, links, order.email),
          "accusé de réception de rétractation",
          now,
        );
      // Not switchable, unlike the other notices (docs/product.md §10.20): a legal deadline runs.
      if (shop.email)
        await recordMail(
          trx,
          sellerWithdrawalMail(declared, shop, links, `${ctx.env.PUBLIC_URL}/admin/commandes/${order.id}`),
          "rétractation",
          now,
        );
      return { ok: true as const, number: order.number, declaredAt, email: declaration.email };
    });
  } catch (error) {
    // Two declarations racing past the check on an engine without row locks: the unique order_id.
    if (isConstraintViolation(error)) return refusal(409, WITHDRAWAL_REFUSALS.already);
    throw error;
  }
  if (result.ok) ctx.outbox.nudge();
  return result;
}

// --- The seller's side

interface WithdrawalRow {
  order_id: string;
  line_ids: string;
  customer_name: string;
  email: string;
  reason: string;
  declared_at: string;
  return_received_at: string | null;
  refunded_at: string | null;
  refund_cents: number | null;
}

function lineIdsOf(row: Pick<WithdrawalRow, "line_ids">): string[] {
  try {
    const ids: unknown = JSON.parse(row.line_ids);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function isOverdue(row: Pick<WithdrawalRow, "declared_at" | "refunded_at">, now: Date): boolean {
  return row.refunded_at === null && dayIsOver(refundDeadlineDay(row.declared_at), now);
}

/** The « Rétractation » block of the seller's order page, or null when the order has none. */
export async function findAdminWithdrawal(
  db: DB,
  orderId: string,
  now: Date,
): Promise<AdminWithdrawal | null> {
  const row = await db
    .selectFrom("order_withdrawals")
    .selectAll()
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!row) return null;
  const ids = lineIdsOf(row);
  const [lines, order, lineCount] = await Promise.all([
    ids.length
      ? db
          .selectFrom("order_lines")
          .select(["id", "product_name", "quantity", "unit_price_cents"])
          .where("order_id", "=", orderId)
          .where("id", "in", ids)
          .orderBy("position")
          .execute()
      : [],
    db.selectFrom("orders").select("delivery_cents").where("id", "=", orderId).executeTakeFirst(),
    db
      .selectFrom("order_lines")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("order_id", "=", orderId)
      .executeTakeFirst(),
  ]);
  const piecesCents = lines.reduce((sum, line) => sum + (line.unit_price_cents ?? 0) * line.quantity, 0);
  // L221-24: all that was paid comes back, the delivery included, when the whole order is withdrawn
  // (the shop's one rate per zone is the standard delivery); a part of it returns its pieces' prices,
  // the parcel having carried the pieces kept too (docs/product.md §10.24).
  const deliveryRefundCents =
    lines.length > 0 && lines.length === Number(lineCount?.n ?? 0) ? (order?.delivery_cents ?? 0) : 0;
  return {
    declaredAt: row.declared_at,
    customerName: row.customer_name,
    email: row.email,
    reason: row.reason,
    lines: lines.map((line) => ({
      id: line.id,
      name: line.product_name,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
    })),
    refundDeadline: refundDeadlineDay(row.declared_at),
    overdue: isOverdue(row, now),
    returnReceivedAt: row.return_received_at,
    refundedAt: row.refunded_at,
    refundCents: row.refund_cents,
    defaultRefundCents: piecesCents + deliveryRefundCents,
    deliveryRefundCents,
    today: parisDay(now),
    declaredDay: parisDay(row.declared_at),
  };
}

type StepResult = { ok: true } | OrderRefusal;

/**
 * « Retour reçu »: the withdrawn pieces are back, so they go back on sale — a unique piece is no longer
 * sold (it leaves the gallery for the catalogue), a stocked piece gets its units back. A piece deleted
 * since is skipped. Once per withdrawal.
 */
export async function markReturnReceived(
  db: DB,
  orderId: string,
  now: Date = new Date(),
): Promise<StepResult> {
  return db.transaction().execute(async (trx) => {
    const order = await lockingRows(
      trx,
      trx.selectFrom("orders").select(["id", "status"]).where("id", "=", orderId),
    ).executeTakeFirst();
    if (!order) return refusal(404, WITHDRAWAL_REFUSALS.unknownOrder);
    const row = await trx
      .selectFrom("order_withdrawals")
      .select(["id", "line_ids", "return_received_at"])
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    if (!row) return refusal(404, WITHDRAWAL_REFUSALS.noWithdrawal);
    if (row.return_received_at) return refusal(409, WITHDRAWAL_REFUSALS.returnAlready);
    if (order.status === "annulee") return refusal(409, WITHDRAWAL_REFUSALS.cancelled);
    const ids = lineIdsOf(row);
    const lines = ids.length
      ? await trx
          .selectFrom("order_lines")
          .select(["product_id", "quantity"])
          .where("order_id", "=", orderId)
          .where("id", "in", ids)
          .execute()
      : [];
    const pieceIds = [...new Set(lines.flatMap((line) => (line.product_id ? [line.product_id] : [])))].sort();
    // Locked in id order, as an order's payment locks them (ADR 016): no two transactions wait in a circle.
    const pieces = pieceIds.length
      ? await lockingRows(
          trx,
          trx.selectFrom("products").select(["id", "is_unique"]).where("id", "in", pieceIds).orderBy("id"),
        ).execute()
      : [];
    const uniqueById = new Map(pieces.map((piece) => [piece.id, piece.is_unique === 1]));
    const at = now.toISOString();
    for (const line of lines) {
      if (!line.product_id || !uniqueById.has(line.product_id)) continue;
      await trx
        .updateTable("products")
        .set(
          uniqueById.get(line.product_id)
            ? { is_sold: 0, stock: 1, updated_at: at }
            : { stock: sql<number>`stock + ${line.quantity}`, updated_at: at },
        )
        .where("id", "=", line.product_id)
        .execute();
    }
    await trx
      .updateTable("order_withdrawals")
      .set({ return_received_at: at })
      .where("id", "=", row.id)
      .execute();
    await trx.updateTable("orders").set({ updated_at: at }).where("id", "=", orderId).execute();
    return { ok: true as const };
  });
}

/**
 * « Remboursée »: records the refund's amount and day (L221-24), once. The day lies between the
 * declaration and today (Paris days); it is stored at noon UTC, which reads as that day in Paris.
 *
 * The refund's credit note is issued here, in the same transaction (docs/product.md §10.25, ADR 026):
 * against the order's invoice, up to what is left of it; refused, nothing is written. An order paid
 * before invoices were issued (migration 0016) has none to correct.
 */
export async function recordWithdrawalRefund(
  db: DB,
  orderId: string,
  refund: { amountCents: number; refundedOn: string },
  now: Date = new Date(),
): Promise<StepResult> {
  return db.transaction().execute(async (trx) => {
    const order = await lockingRows(
      trx,
      trx.selectFrom("orders").select(["id"]).where("id", "=", orderId),
    ).executeTakeFirst();
    if (!order) return refusal(404, WITHDRAWAL_REFUSALS.unknownOrder);
    const row = await trx
      .selectFrom("order_withdrawals")
      .select(["id", "declared_at", "refunded_at"])
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    if (!row) return refusal(404, WITHDRAWAL_REFUSALS.noWithdrawal);
    if (row.refunded_at) return refusal(409, WITHDRAWAL_REFUSALS.refundAlready);
    if (refund.refundedOn < parisDay(row.declared_at) || refund.refundedOn > parisDay(now))
      return refusal(400, WITHDRAWAL_REFUSALS.refundDate);
    const invoiced = await trx
      .selectFrom("invoices")
      .select("id")
      .where("order_id", "=", orderId)
      .where("kind", "=", "facture")
      .executeTakeFirst();
    if (invoiced) {
      const note = await issueCreditNote(trx, {
        orderId,
        amountCents: refund.amountCents,
        reason: WITHDRAWAL_CREDIT_NOTE_REASON,
        refundedAt: refund.refundedOn,
        now,
      });
      if (!note.ok) return refusal(note.status, note.message);
    }
    await trx
      .updateTable("order_withdrawals")
      .set({ refunded_at: `${refund.refundedOn}T12:00:00.000Z`, refund_cents: refund.amountCents })
      .where("id", "=", row.id)
      .execute();
    await trx
      .updateTable("orders")
      .set({ updated_at: now.toISOString() })
      .where("id", "=", orderId)
      .execute();
    return { ok: true as const };
  });
}

/** The withdrawals not refunded (few at any time): the overdue ones are picked by the Paris calendar. */
async function unrefunded(db: DB) {
  return db
    .selectFrom("order_withdrawals as w")
    .innerJoin("orders as o", "o.id", "w.order_id")
    .select(["w.order_id", "o.number", "w.declared_at", "w.refunded_at"])
    .where("w.refunded_at", "is", null)
    .orderBy("w.declared_at")
    .execute();
}

/** Refunds past their deadline (L221-24), oldest first: the dashboard's alert and the list's filter. */
export async function overdueRefunds(
  db: DB,
  now: Date = new Date(),
): Promise<{ orderId: string; number: string; deadline: string }[]> {
  return (await unrefunded(db))
    .filter((row) => isOverdue(row, now))
    .map((row) => ({
      orderId: row.order_id,
      number: row.number,
      deadline: refundDeadlineDay(row.declared_at),
    }));
}

/** The flag beside each order of the seller's list that has a withdrawal. */
export async function withdrawalFlags(
  db: DB,
  orderIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, WithdrawalFlag>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("order_withdrawals")
    .select(["order_id", "declared_at", "refunded_at"])
    .where("order_id", "in", orderIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.order_id,
      row.refunded_at ? "remboursee" : isOverdue(row, now) ? "en-retard" : "en-cours",
    ]),
  );
}

/** Whether an order has a withdrawal: its cancellation would put returned pieces on sale twice. */
export async function hasWithdrawal(db: DB, orderId: string): Promise<boolean> {
  return (await declaredAtOf(db, [orderId])).has(orderId);
}

/** An account's withdrawals for its data export (docs/product.md §10.21), keyed by order. */
export async function withdrawalsForExport(db: DB, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, WithdrawalExport>();
  const rows = await db
    .selectFrom("order_withdrawals")
    .selectAll()
    .where("order_id", "in", orderIds)
    .execute();
  const lines = await db
    .selectFrom("order_lines")
    .select(["id", "product_name"])
    .where("order_id", "in", orderIds)
    .execute();
  const nameOf = new Map(lines.map((line) => [line.id, line.product_name]));
  return new Map(
    rows.map((row): [string, WithdrawalExport] => [
      row.order_id,
      {
        declaree_le: row.declared_at,
        nom: row.customer_name,
        email: row.email,
        motif: row.reason,
        pieces: lineIdsOf(row).map((id) => nameOf.get(id) ?? ""),
        retour_recu_le: row.return_received_at,
        remboursee_le: row.refunded_at,
        montant_rembourse_centimes: row.refund_cents,
      },
    ]),
  );
}

export interface WithdrawalExport {
  declaree_le: string;
  nom: string;
  email: string;
  motif: string;
  pieces: string[];
  retour_recu_le: string | null;
  remboursee_le: string | null;
  montant_rembourse_centimes: number | null;
}
