/**
 * The withdrawal function's shared rules and shapes (docs/product.md §10.24, ADR 027), client-safe:
 * the period and the refund deadline in the shop's calendar, and what the pages show.
 *
 * Code de la consommation L221-18: 14 days from the day the goods are received; the withdrawal
 * function stays available for the whole period (D221-5). L221-24: the refund is due within 14 days
 * of the day the seller is told of the decision. Days are counted as Europe/Paris calendar days,
 * never as 24-hour blocks, so a change of summer time never moves a deadline: delivered on 1 March,
 * the last day is 15 March, and on 16 March the function is gone.
 */
const TIME_ZONE = "Europe/Paris";

/** Code de la consommation L221-18: the withdrawal period, in days after delivery. */
export const WITHDRAWAL_DAYS = 14;
/** Code de la consommation L221-24: the refund period, in days after the declaration. */
export const REFUND_DAYS = 14;

const calendarDay = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: TIME_ZONE,
});

/** The Paris calendar day of an instant, as "2026-03-01". */
export function parisDay(instant: Date | string): string {
  return calendarDay.format(typeof instant === "string" ? new Date(instant) : instant);
}

/** "2026-03-01" + 14 → "2026-03-15" (calendar arithmetic, no clock involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

const dayText = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-03-15" → "15 mars 2026". */
export function frenchDay(day: string): string {
  return dayText.format(new Date(`${day}T12:00:00Z`));
}

/** The last day the withdrawal function is offered for goods delivered at `deliveredAt`. */
export function lastWithdrawalDay(deliveredAt: string): string {
  return addDays(parisDay(deliveredAt), WITHDRAWAL_DAYS);
}

/** The last day of the refund after a declaration made at `declaredAt`. */
export function refundDeadlineDay(declaredAt: string): string {
  return addDays(parisDay(declaredAt), REFUND_DAYS);
}

/** Whether `lastDay` (a Paris calendar day) is already over at `now`. */
export function dayIsOver(lastDay: string, now: Date): boolean {
  return parisDay(now) > lastDay;
}

/** The contract exists from payment (docs/product.md §10.19): before that, nothing to withdraw from. */
export const CONTRACT_STATUSES = ["payee", "expediee", "livree"] as const;

export type WithdrawalPeriod =
  /** No contract (not paid yet, or cancelled): no withdrawal function. */
  | { open: false; reason: "no-contract" }
  /** Open: until `lastDay` once delivered; null while the goods are not delivered yet. */
  | { open: true; lastDay: string | null }
  /** The 14 days after delivery are over. */
  | { open: false; reason: "expired"; lastDay: string };

/**
 * Where an order stands in its withdrawal period at `now`: open from payment until the end of the
 * 14th Paris calendar day after the day it was marked delivered (L221-18).
 */
export function withdrawalPeriod(
  order: { status: string; deliveredAt: string | null },
  now: Date,
): WithdrawalPeriod {
  if (!(CONTRACT_STATUSES as readonly string[]).includes(order.status))
    return { open: false, reason: "no-contract" };
  if (order.status !== "livree" || !order.deliveredAt) return { open: true, lastDay: null };
  const lastDay = lastWithdrawalDay(order.deliveredAt);
  return dayIsOver(lastDay, now) ? { open: false, reason: "expired", lastDay } : { open: true, lastDay };
}

/** What the order's page says once the period is over (docs/product.md §8). */
export function periodOverMessage(lastDay: string): string {
  return `Le délai de rétractation de ${WITHDRAWAL_DAYS} jours a pris fin le ${frenchDay(lastDay)}.`;
}

// --- What the pages show

/** The control and the confirmation button, worded as D221-5 asks. */
export const WITHDRAWAL_CONTROL = "Renoncer au contrat ici";
export const WITHDRAWAL_CONFIRM = "Confirmer la rétractation";

/** Where an order stands for its customer; null: no contract to withdraw from (not paid, cancelled). */
export type WithdrawalNotice =
  /** The function is offered: until `lastDay` (a Paris day) once delivered, null before delivery. */
  | { kind: "open"; lastDay: string | null; href: string }
  /** Already withdrawn: the declaration's date instead of the control. */
  | { kind: "declared"; declaredAt: string }
  /** The period is over: the page says why. */
  | { kind: "expired"; lastDay: string; message: string };

/** The declaration form's data: who, which order, which pieces. */
export interface DeclarationDraft {
  number: string;
  customerName: string;
  email: string;
  lines: { id: string; name: string; quantity: number }[];
  /** The period's last day once delivered (null before delivery). */
  lastDay: string | null;
}

/** The page behind « Renoncer au contrat ici »: the form while it is open, otherwise why not. */
export type DeclarationPage =
  | { state: "open"; draft: DeclarationDraft }
  | { state: "declared"; number: string; declaredAt: string }
  | { state: "closed"; number: string; message: string };

/** The seller's block on the order's page (docs/product.md §10.24). */
export interface AdminWithdrawal {
  declaredAt: string;
  customerName: string;
  email: string;
  reason: string;
  lines: { id: string; name: string; quantity: number; unitPriceCents: number | null }[];
  /** The refund's last day (L221-24), a Paris calendar day. */
  refundDeadline: string;
  /** The deadline has passed and no refund is recorded. */
  overdue: boolean;
  returnReceivedAt: string | null;
  refundedAt: string | null;
  refundCents: number | null;
  /** The refund form's default amount: the withdrawn pieces' total, plus the delivery's when every piece is withdrawn (L221-24). */
  defaultRefundCents: number;
  /** The delivery's cost counted in the default amount: the order's, when every piece is withdrawn; else 0. */
  deliveryRefundCents: number;
  /** Today in Paris: the refund date's default and latest value. */
  today: string;
  /** The declaration's day: the refund date's earliest value. */
  declaredDay: string;
}

/** A refused declaration, for the form: the message, each field's, and what was typed. */
export interface DeclarationErrors {
  message: string;
  fieldErrors: Partial<Record<"name" | "email" | "pieces" | "reason", string>>;
  values: { name?: string; email?: string; reason?: string; pieces?: string[] };
}
