/** The 'Supprimer mon compte' form of /mon-compte (docs/product.md §10.21): the current password confirms it. */
import { z } from "zod";
import "~/lib/zod-french";

export const CLOSE_ACCOUNT_INTENT = "delete-account";

export const CLOSING_MESSAGES = {
  passwordMissing: "Saisissez votre mot de passe pour confirmer la suppression.",
  wrongPassword: "Mot de passe incorrect : votre compte n'a pas été supprimé.",
  tooMany: "Trop de tentatives de suppression. Veuillez réessayer dans quelques minutes.",
  failed: "La suppression du compte a échoué. Veuillez réessayer.",
  deleted: "Votre compte a été supprimé.",
} as const;

export const closeAccountSchema = z.object({
  intent: z.literal(CLOSE_ACCOUNT_INTENT, { error: "Formulaire inconnu." }),
  // Never trimmed: a password is compared exactly as typed; Better Auth's own bound (128).
  password: z
    .string({ error: CLOSING_MESSAGES.passwordMissing })
    .min(1, CLOSING_MESSAGES.passwordMissing)
    .max(128, CLOSING_MESSAGES.wrongPassword),
});
