/** Save the shop settings: the action of /admin/parametres and of POST /api/admin/parametres. */
import { z } from "zod";
import { runAdminCommand } from "~/features/admin/admin-command.server";
import { getDb } from "~/server/context.server";
import { saveShopSettings } from "./settings-admin.server";
import { SETTINGS_MESSAGES, shopSettingsSchema } from "./settings-schema";

const settingsCommandSchema = z.discriminatedUnion(
  "intent",
  [shopSettingsSchema.extend({ intent: z.literal("save") })],
  { error: "Requête invalide." },
);

export function runSettingsCommand(form: FormData) {
  return runAdminCommand(form, {
    schema: settingsCommandSchema,
    apply: async (command) => {
      const { intent: _intent, ...settings } = command;
      await saveShopSettings(getDb(), settings);
      return { ok: true as const, message: SETTINGS_MESSAGES.saved };
    },
    failure: () => SETTINGS_MESSAGES.saveFailed,
    label: "Enregistrement des paramètres impossible",
  });
}
