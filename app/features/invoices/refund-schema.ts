/**
 * The seller's « Remboursement » form on an order's page (docs/product.md §10.25): how much went back
 * to the customer, when, and why. Client-safe: the page checks with it before posting. What depends
 * on the invoice (the amount left to refund, the payment date) is checked by issueCreditNote.
 */
import { z } from "zod";
import { parsePriceCents } from "~/lib/price";
import { singleLineText } from "~/lib/text-schema";
import "~/lib/zod-french";

export const REFUND_FORM_MESSAGES = {
  amount: "Indiquez le montant remboursé, en euros (par exemple 25 ou 25,50).",
  amountZero: "Le montant remboursé doit être supérieur à zéro.",
  date: "Indiquez la date du remboursement (jj/mm/aaaa).",
  reason: "Le motif est trop long (200 caractères au plus).",
  done: (number: string) => `Remboursement enregistré : avoir ${number} émis.`,
  failed: "Le remboursement n'a pas pu être enregistré. Veuillez réessayer.",
} as const;

export const refundFields = {
  amount: singleLineText({ error: REFUND_FORM_MESSAGES.amount })
    .min(1, REFUND_FORM_MESSAGES.amount)
    .max(20, REFUND_FORM_MESSAGES.amount)
    .refine((value) => parsePriceCents(value) !== null, REFUND_FORM_MESSAGES.amount)
    .transform((value) => parsePriceCents(value) ?? 0)
    .refine((cents) => cents > 0, REFUND_FORM_MESSAGES.amountZero),
  /** An <input type="date">'s value: YYYY-MM-DD. */
  refundedAt: z
    .string({ error: REFUND_FORM_MESSAGES.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, REFUND_FORM_MESSAGES.date)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, REFUND_FORM_MESSAGES.date),
  reason: singleLineText().max(200, REFUND_FORM_MESSAGES.reason).optional().default(""),
};
