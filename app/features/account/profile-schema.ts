import { z } from "zod";
import { singleLineText } from "~/lib/text-schema";
import "~/lib/zod-french";

/** The profile form (docs/product.md §2 /mon-compte): the e-mail is never part of it (read-only). */
export const profileSchema = z.object({
  intent: z.literal("profile", { error: "Formulaire illisible. Veuillez réessayer." }),
  username: singleLineText()
    .min(3, "Le nom d'utilisateur doit contenir au moins 3 caractères.")
    // Generated ones are the e-mail's local part (up to 64 characters) plus a 13-digit timestamp.
    .max(80, "Le nom d'utilisateur est trop long.")
    .regex(/^[a-z0-9._-]+$/i, "Lettres, chiffres, points, tirets et soulignés uniquement."),
  name: singleLineText().max(80, "Ce nom est trop long."),
  phoneNumber: singleLineText()
    .max(20, "Ce numéro est trop long.")
    .regex(/^[+0-9 .()-]*$/, "Ce numéro de téléphone n'est pas valide."),
  postalCode: singleLineText()
    .max(10, "Ce code postal est trop long.")
    .regex(/^[0-9A-Za-z -]*$/, "Ce code postal n'est pas valide."),
});

export const PROFILE_UPDATED = "Profil mis à jour avec succès !";
export const PROFILE_CHECK_FAILED = "Erreur lors de la vérification du profil.";
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
