/**
 * The seller's commands on a withdrawal (docs/product.md §10.24), posted to the order's page
 * (/admin/commandes/:id, ADR 013, ADR 020) beside the order's own: « Retour reçu » and « Remboursée ».
 * Answered like every dashboard command: { ok, message } or a French 4xx.
 */
import { runAdminCommand } from "~/server/admin-command.server";
import { getAppContext } from "~/server/context.server";
import { markReturnReceived, recordWithdrawalRefund } from "./withdrawal.server";
import { withdrawalCommandSchema } from "./withdrawal-schema";

export const WITHDRAWAL_COMMAND_MESSAGES = {
  "withdrawal-return-received": "Retour enregistré : les pièces sont de nouveau en vente.",
  "withdrawal-refunded": "Remboursement enregistré.",
} as const;

export function runWithdrawalCommand(form: FormData, now: Date = new Date()) {
  return runAdminCommand(form, {
    schema: withdrawalCommandSchema,
    apply: async (command) => {
      const { db } = getAppContext();
      const done =
        command.intent === "withdrawal-return-received"
          ? await markReturnReceived(db, command.orderId, now)
          : await recordWithdrawalRefund(
              db,
              command.orderId,
              { amountCents: command.amount, refundedOn: command.refundedOn },
              now,
            );
      return done.ok
        ? { ok: true as const, message: WITHDRAWAL_COMMAND_MESSAGES[command.intent] }
        : { ok: false as const, status: done.status, error: done.message };
    },
    failure: () => "La rétractation n'a pas pu être mise à jour. Veuillez réessayer.",
    label: "Action sur la rétractation impossible",
  });
}
