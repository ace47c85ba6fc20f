/**
 * Save the shop settings: the action of /admin/parametres and of POST /api/admin/parametres. Each
 * form of the page has its own intent and schema: `save` the shop's details, `save-orders` the
 * hold's length and the seller's e-mails.
 */
import { z } from "zod";
import { runAdminCommand } from "~/features/admin/admin-command.server";
import { getDb } from "~/server/context.server";
import { saveOrderSettings, saveShopSettings } from "./settings-admin.server";
import {
  ORDER_SETTINGS_MESSAGES,
  orderSettingsSchema,
  SETTINGS_MESSAGES,
  shopSettingsSchema,
} from "./settings-schema";

const settingsCommandSchema = z.discriminatedUnion(
  "intent",
  [
    shopSettingsSchema.extend({ intent: z.literal("save") }),
    orderSettingsSchema.extend({ intent: z.literal("save-orders") }),
  ],
  { error: "Requête invalide." },
);

export function runSettingsCommand(form: FormData) {
  return runAdminCommand(form, {
    schema: settingsCommandSchema,
    apply: async (command) => {
      if (command.intent === "save-orders") {
        const { intent: _intent, ...settings } = command;
        await saveOrderSettings(getDb(), settings);
        return { ok: true as const, message: ORDER_SETTINGS_MESSAGES.saved };
      }
      const { intent: _intent, ...settings } = command;
      await saveShopSettings(getDb(), settings);
      return { ok: true as const, message: SETTINGS_MESSAGES.saved };
    },
    failure: (command) =>
      command.intent === "save-orders" ? ORDER_SETTINGS_MESSAGES.saveFailed : SETTINGS_MESSAGES.saveFailed,
    label: "Enregistrement des paramètres impossible",
  });
}
