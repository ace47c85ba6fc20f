/**
 * The withdrawal's forms (docs/product.md §5, §10.24): the customer's declaration, the public
 * /retractation look-up, and the seller's two steps. Client-safe: the pages check with them too.
 */
import { z } from "zod";
import { parsePriceCents } from "~/lib/price";
import { multiLineText, singleLineText } from "~/lib/text-schema";
import "~/lib/zod-french";

/** The checkboxes of the pieces concerned: one `pieces` field per ticked line. */
export const PIECES_FIELD = "pieces";
export const REASON_MAX = 1000;

const LINE_ID = /^[a-z0-9]{1,40}$/;

export const WITHDRAWAL_MESSAGES = {
  name: "Indiquez votre nom.",
  nameTooLong: "Ce nom est trop long (120 caractères au plus).",
  email: "Indiquez l'adresse e-mail où recevoir l'accusé de réception.",
  emailInvalid: "Cette adresse e-mail n'est pas valide.",
  emailTooLong: "Cette adresse e-mail est trop longue.",
  pieces: "Cochez au moins une pièce.",
  unknownPiece: "Cette pièce ne fait pas partie de la commande.",
  reasonTooLong: "Ce motif est trop long (1 000 caractères au plus).",
  number: "Indiquez le numéro de la commande.",
  numberShape: "Ce numéro de commande n'a pas la bonne forme (par exemple NAC-2026-0042).",
  orderEmail: "Indiquez l'adresse e-mail donnée lors de la commande.",
  amount: "Indiquez le montant remboursé.",
  amountInvalid: "Le montant doit être un nombre positif, au centime près.",
  date: "Indiquez la date du remboursement.",
} as const;

const email = (required: string) =>
  singleLineText()
    .min(1, required)
    .max(200, WITHDRAWAL_MESSAGES.emailTooLong)
    .pipe(z.email(WITHDRAWAL_MESSAGES.emailInvalid));

/** The declaration (D221-5): the customer's name, the acknowledgement's address, the pieces, a reason. */
export const declarationSchema = z.object({
  name: singleLineText().min(1, WITHDRAWAL_MESSAGES.name).max(120, WITHDRAWAL_MESSAGES.nameTooLong),
  email: email(WITHDRAWAL_MESSAGES.email),
  [PIECES_FIELD]: z
    .array(z.string().regex(LINE_ID, WITHDRAWAL_MESSAGES.unknownPiece), { error: WITHDRAWAL_MESSAGES.pieces })
    .min(1, WITHDRAWAL_MESSAGES.pieces)
    .max(50, WITHDRAWAL_MESSAGES.unknownPiece),
  reason: multiLineText().max(REASON_MAX, WITHDRAWAL_MESSAGES.reasonTooLong).optional().default(""),
});

export type Declaration = z.infer<typeof declarationSchema>;
export type DeclarationField = "name" | "email" | typeof PIECES_FIELD | "reason";

/** /retractation: the order's number and the e-mail it was placed with. */
export const lookupSchema = z.object({
  number: singleLineText()
    .min(1, WITHDRAWAL_MESSAGES.number)
    .max(30, WITHDRAWAL_MESSAGES.numberShape)
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^NAC-\d{4}-\d{4,7}$/, WITHDRAWAL_MESSAGES.numberShape)),
  orderEmail: email(WITHDRAWAL_MESSAGES.orderEmail),
});

export type Lookup = z.infer<typeof lookupSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const orderId = z.string().min(1).max(40);

/** "2026-02-30" is not a day: the date must read back as itself. */
function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const time = Date.parse(`${value}T12:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The seller's steps after a withdrawal (docs/product.md §10.24), posted to the order's page. */
export const withdrawalCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("withdrawal-return-received"), orderId }),
  z.object({
    intent: z.literal("withdrawal-refunded"),
    orderId,
    amount: singleLineText()
      .min(1, WITHDRAWAL_MESSAGES.amount)
      .max(20, WITHDRAWAL_MESSAGES.amountInvalid)
      .refine((value) => (parsePriceCents(value) ?? 0) > 0, WITHDRAWAL_MESSAGES.amountInvalid)
      .transform((value) => parsePriceCents(value) ?? 0),
    refundedOn: singleLineText()
      .min(1, WITHDRAWAL_MESSAGES.date)
      .refine((value) => isCalendarDay(value), WITHDRAWAL_MESSAGES.date),
  }),
]);

export type WithdrawalCommand = z.infer<typeof withdrawalCommandSchema>;

/**
 * The withdrawal's intents: the order's page reads a posted command with it (parseForm, like every
 * form) and hands the withdrawal's to runWithdrawalCommand, the others to the order's runner.
 */
export const withdrawalIntentSchema = z.object({
  intent: z.enum(["withdrawal-return-received", "withdrawal-refunded"]),
});
