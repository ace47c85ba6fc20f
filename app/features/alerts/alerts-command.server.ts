/** The overview's « Alertes » commands (docs/product.md §10.30): pause and resume the digest. */
import { z } from "zod";
import { UNKNOWN_ACTION } from "~/lib/messages";
import { runAdminCommand } from "~/server/admin-command.server";
import { getDb } from "~/server/context.server";
import { setDigestPaused } from "./alert-digest.server";

const alertsCommand = z.object({
  intent: z.enum(["alerts-pause", "alerts-resume"], { error: UNKNOWN_ACTION }),
});

export function runAlertsCommand(form: FormData) {
  return runAdminCommand(form, {
    schema: alertsCommand,
    apply: async (command) => {
      const paused = command.intent === "alerts-pause";
      await setDigestPaused(getDb(), paused);
      return {
        ok: true,
        message: paused
          ? "Envois des alertes mis en pause."
          : "Envois des alertes repris : les nouvelles pièces partiront au prochain envoi.",
      };
    },
    failure: () => "Le réglage des alertes n'a pas pu être enregistré.",
    label: "Réglage des alertes impossible",
  });
}
