/**
 * The admin's commands on an order (docs/product.md §10.19): the action of /admin/commandes/:id. A
 * step goes through applyOrderStep (the rules, then the customer's e-mail and the live count);
 * a piece ordered on request gets its price, a delivery « sur devis » its cost (ADR 028), before the payment link can go; accepting an order beyond the client's cap and releasing its pieces while blocking its address are
 * the holds' commands (ADR 022); a refund issues a credit note (docs/product.md §10.25); the internal
 * note is saved alone. Answered like every dashboard
 * command: { ok, message } or a French 4xx — 400 bad input, 404 unknown order, 409 a step its status
 * refuses.
 */

import { recordRefund } from "~/features/invoices/refund.server";
import { REFUND_FORM_MESSAGES } from "~/features/invoices/refund-schema";
import { runAdminCommand } from "~/server/admin-command.server";
import { getAppContext } from "~/server/context.server";
import type { SessionUser } from "~/server/session.server";
import { applyOrderStep, approveOrderHolds, releaseOrderAndBlock } from "./order-flow.server";
import { type OrderCommand, orderCommandSchema } from "./order-schema";
import { ORDER_NOT_FOUND } from "./order-types";
import {
  type OrderActor,
  type StepRequest,
  saveInternalNote,
  setDeliveryCost,
  setLinePrice,
} from "./orders.server";

export const ORDER_COMMAND_MESSAGES = {
  "send-payment-link": "Lien de paiement envoyé par email.",
  "mark-paid": "Commande marquée payée.",
  "mark-shipped": "Commande marquée expédiée.",
  "mark-delivered": "Commande marquée livrée.",
  cancel: "Commande annulée.",
  approve: "Commande acceptée : toutes ses pièces sont réservées.",
  "release-and-block": "Pièces libérées et adresse e-mail bloquée.",
  "save-note": "Note interne enregistrée.",
  "set-line-price": "Prix de la pièce enregistré.",
  "set-delivery-cost": "Frais de livraison enregistrés.",
  "record-refund": "Remboursement enregistré.",
} as const;

const STEP_FAILED = "La commande n'a pas pu être mise à jour. Veuillez réessayer.";
const NOTE_FAILED = "La note n'a pas pu être enregistrée. Veuillez réessayer.";

function stepOf(
  command: Exclude<
    OrderCommand,
    {
      intent:
        | "save-note"
        | "set-line-price"
        | "set-delivery-cost"
        | "approve"
        | "release-and-block"
        | "record-refund";
    }
  >,
): StepRequest {
  switch (command.intent) {
    case "send-payment-link":
      return { to: "lien_envoye", paymentUrl: command.paymentUrl };
    case "mark-paid":
      return { to: "payee" };
    case "mark-shipped":
      return { to: "expediee", trackingNumber: command.trackingNumber };
    case "mark-delivered":
      return { to: "livree" };
    case "cancel":
      return { to: "annulee" };
  }
}

/** Who made the step, as the history shows it (an admin without a display name: their e-mail). */
function actorOf(admin: SessionUser): OrderActor {
  return { id: admin.id, name: admin.name.trim() || admin.email };
}

export function runOrderCommand(form: FormData, admin: SessionUser) {
  return runAdminCommand(form, {
    schema: orderCommandSchema,
    apply: async (command) => {
      const ctx = getAppContext();
      if (command.intent === "save-note") {
        return (await saveInternalNote(ctx.db, command.orderId, command.note))
          ? { ok: true as const, message: ORDER_COMMAND_MESSAGES["save-note"] }
          : { ok: false as const, status: 404, error: ORDER_NOT_FOUND };
      }
      if (command.intent === "set-line-price") {
        const priced = await setLinePrice(ctx.db, command.orderId, command.lineId, command.price);
        return priced.ok
          ? { ok: true as const, message: ORDER_COMMAND_MESSAGES["set-line-price"] }
          : { ok: false as const, status: priced.status, error: priced.message };
      }
      if (command.intent === "set-delivery-cost") {
        const set = await setDeliveryCost(ctx.db, command.orderId, command.deliveryCost);
        return set.ok
          ? { ok: true as const, message: ORDER_COMMAND_MESSAGES["set-delivery-cost"] }
          : { ok: false as const, status: set.status, error: set.message };
      }
      if (command.intent === "record-refund") {
        // A credit note against the order's invoice (docs/product.md §10.25).
        const refunded = await recordRefund(ctx, command.orderId, {
          amountCents: command.amount,
          refundedAt: command.refundedAt,
          reason: command.reason,
        });
        return refunded.ok
          ? { ok: true as const, message: REFUND_FORM_MESSAGES.done(refunded.number) }
          : { ok: false as const, status: refunded.status, error: refunded.message };
      }
      // The holds' own commands (ADR 022): accept beyond the cap, or release and block the address.
      const done =
        command.intent === "approve"
          ? await approveOrderHolds(ctx, command.orderId)
          : command.intent === "release-and-block"
            ? await releaseOrderAndBlock(ctx, command.orderId, actorOf(admin))
            : await applyOrderStep(ctx, command.orderId, stepOf(command), actorOf(admin));
      return done.ok
        ? { ok: true as const, message: ORDER_COMMAND_MESSAGES[command.intent] }
        : { ok: false as const, status: done.status, error: done.message };
    },
    failure: (command) =>
      command.intent === "save-note"
        ? NOTE_FAILED
        : command.intent === "record-refund"
          ? REFUND_FORM_MESSAGES.failed
          : STEP_FAILED,
    label: "Action sur la commande impossible",
  });
}
