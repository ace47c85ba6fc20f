/**
 * Save the shop settings: the action of /admin/parametres. Each form of the page has its own intent
 * and schema: `save` the shop's details, `save-orders` the hold's length and the seller's e-mails,
 * `save-legal` the legal identity, the consumer mediator and the inactivity limit; `save-safety` the
 * pieces' default safety and care text; `save-delivery` the delivery rates (ADR 028); `retry-mail` sends
 * an undelivered e-mail again (ADR 025); `unblock-email` lets a blocked address order again (ADR 022).
 */
import { z } from "zod";
import { saveDeliveryRates } from "~/features/delivery/delivery-rates.server";
import { runAdminCommand } from "~/server/admin-command.server";
import { getAppContext, getDb } from "~/server/context.server";
import { retryMail } from "~/server/outbox.server";
import {
  saveLegalSettings,
  saveOrderSettings,
  saveSafetySettings,
  saveShopSettings,
} from "./settings-admin.server";
import {
  BLOCKED_EMAIL_MESSAGES,
  DELIVERY_SETTINGS_MESSAGES,
  deliverySettingsSchema,
  LEGAL_SETTINGS_MESSAGES,
  legalSettingsSchema,
  MAIL_MESSAGES,
  ORDER_SETTINGS_MESSAGES,
  orderSettingsSchema,
  SAFETY_SETTINGS_MESSAGES,
  SETTINGS_MESSAGES,
  safetySettingsSchema,
  shopSettingsSchema,
} from "./settings-schema";

const settingsCommandSchema = z.discriminatedUnion(
  "intent",
  [
    shopSettingsSchema.extend({ intent: z.literal("save") }),
    orderSettingsSchema.extend({ intent: z.literal("save-orders") }),
    legalSettingsSchema.extend({ intent: z.literal("save-legal") }),
    safetySettingsSchema.extend({ intent: z.literal("save-safety") }),
    deliverySettingsSchema.extend({ intent: z.literal("save-delivery") }),
    z.object({ intent: z.literal("retry-mail"), mailId: z.string().min(1).max(40) }),
    z.object({ intent: z.literal("unblock-email"), emailKey: z.string().min(1).max(300) }),
  ],
  { error: "Requête invalide." },
);

/**
 * `unblockEmail` is the orders' (the blocked addresses are theirs, ADR 022): the route hands it in,
 * so settings, which contact and content read, never reaches back into orders (ADR 031).
 */
export function runSettingsCommand(
  form: FormData,
  unblockEmail: (db: ReturnType<typeof getDb>, emailKey: string) => Promise<boolean>,
) {
  return runAdminCommand(form, {
    schema: settingsCommandSchema,
    apply: async (command) => {
      if (command.intent === "retry-mail") {
        // A failed mail gets a fresh set of tries at once (ADR 025).
        const ctx = getAppContext();
        if (!(await retryMail(ctx.db, command.mailId)))
          return { ok: false as const, status: 404, error: MAIL_MESSAGES.notFailed };
        ctx.outbox.nudge();
        return { ok: true as const, message: MAIL_MESSAGES.retried };
      }
      if (command.intent === "unblock-email") {
        return (await unblockEmail(getDb(), command.emailKey))
          ? { ok: true as const, message: BLOCKED_EMAIL_MESSAGES.unblocked }
          : { ok: false as const, status: 404, error: BLOCKED_EMAIL_MESSAGES.notBlocked };
      }
      if (command.intent === "save-orders") {
        const { intent: _intent, ...settings } = command;
        await saveOrderSettings(getDb(), settings);
        return { ok: true as const, message: ORDER_SETTINGS_MESSAGES.saved };
      }
      if (command.intent === "save-legal") {
        const { intent: _intent, ...settings } = command;
        await saveLegalSettings(getDb(), settings);
        return { ok: true as const, message: LEGAL_SETTINGS_MESSAGES.saved };
      }
      if (command.intent === "save-delivery") {
        await saveDeliveryRates(getDb(), {
          zones: {
            france: command.rateFrance,
            outre_mer: command.rateOutreMer,
            ue: command.rateUe,
            monde: command.rateMonde,
          },
          freeFromCents: command.freeFrom,
        });
        return { ok: true as const, message: DELIVERY_SETTINGS_MESSAGES.saved };
      }
      if (command.intent === "save-safety") {
        await saveSafetySettings(getDb(), { safetyInfo: command.safetyInfo });
        return { ok: true as const, message: SAFETY_SETTINGS_MESSAGES.saved };
      }
      const { intent: _intent, ...settings } = command;
      await saveShopSettings(getDb(), settings);
      return { ok: true as const, message: SETTINGS_MESSAGES.saved };
    },
    failure: (command) =>
      command.intent === "retry-mail"
        ? MAIL_MESSAGES.retryFailed
        : command.intent === "unblock-email"
          ? BLOCKED_EMAIL_MESSAGES.unblockFailed
          : command.intent === "save-orders"
            ? ORDER_SETTINGS_MESSAGES.saveFailed
            : command.intent === "save-legal"
              ? LEGAL_SETTINGS_MESSAGES.saveFailed
              : command.intent === "save-safety"
                ? SAFETY_SETTINGS_MESSAGES.saveFailed
                : command.intent === "save-delivery"
                  ? DELIVERY_SETTINGS_MESSAGES.saveFailed
                  : SETTINGS_MESSAGES.saveFailed,
    label: "Enregistrement des paramètres impossible",
  });
}
