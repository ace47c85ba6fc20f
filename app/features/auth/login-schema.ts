import { z } from "zod";

/** The login form (spec §2 /auth; §5: e-mail type, required fields). */
export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Veuillez saisir votre adresse email.")
    .pipe(z.email("Adresse email invalide.")),
  password: z.string().min(1, "Veuillez saisir votre mot de passe.").max(128, "Mot de passe trop long."),
  redirectTo: z.string().optional(),
  /** JSON of the guest basket (local storage), merged into the account after login. */
  guestBasket: z.string().max(100_000).optional(),
});

export const LOGIN_ERROR = "Erreur de connexion. Vérifiez vos identifiants.";
export const TOO_MANY_ATTEMPTS = "Trop de tentatives. Patientez une minute avant de réessayer.";
