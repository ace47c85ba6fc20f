import { z } from "zod";
import { singleLineText } from "~/lib/text-schema";
import "~/lib/zod-french";
import { PASSWORDS_MISMATCH } from "./auth-messages";

export { PASSWORDS_MISMATCH };

/** docs/product.md §5: e-mail type, required fields. */
const email = singleLineText()
  .min(1, "Veuillez saisir votre adresse email.")
  .pipe(z.email("Adresse email invalide."));

/** The login form (docs/product.md §2 /auth). */
export const loginSchema = z.object({
  intent: z.literal("login"),
  email,
  password: z.string().min(1, "Veuillez saisir votre mot de passe.").max(128, "Mot de passe trop long."),
  redirectTo: z.string().optional(),
});

/** The signup form: name (optional), e-mail, password and its confirmation. */
export const signupSchema = z
  .object({
    intent: z.literal("signup"),
    name: singleLineText().max(80, "Ce nom est trop long.").default(""),
    email,
    password: z
      .string()
      .min(8, "Le mot de passe doit contenir au moins 8 caractères.")
      .max(128, "Mot de passe trop long."),
    passwordConfirm: z.string(),
    redirectTo: z.string().optional(),
  })
  .refine((values) => values.password === values.passwordConfirm, {
    message: PASSWORDS_MISMATCH,
    path: ["passwordConfirm"],
  });

/** Forgot password: an e-mail, not blank (docs/product.md §5). */
export const forgotSchema = z.object({
  intent: z.literal("forgot"),
  email: singleLineText()
    .min(1, "Veuillez saisir votre adresse email.")
    .pipe(z.email("Veuillez saisir votre adresse email.")),
});

/** Choosing a new password from the e-mailed link. */
export const resetSchema = z
  .object({
    token: z.string().min(1, "Ce lien de réinitialisation n'est pas valide.").max(200),
    password: z
      .string()
      .min(8, "Le mot de passe doit contenir au moins 8 caractères.")
      .max(128, "Mot de passe trop long."),
    passwordConfirm: z.string(),
  })
  .refine((values) => values.password === values.passwordConfirm, {
    message: PASSWORDS_MISMATCH,
    path: ["passwordConfirm"],
  });

export const LOGIN_ERROR = "Erreur de connexion. Vérifiez vos identifiants.";
export const SIGNUP_ERROR = "Erreur lors de l'inscription.";
export const SIGNUP_SUCCESS = "Inscription réussie ! Vous êtes maintenant connecté.";
export const RESET_SENT = "Un email de réinitialisation a été envoyé à votre adresse.";
export const RESET_SEND_ERROR = "Erreur lors de l'envoi de l'email. Vérifiez votre adresse.";
export const TOO_MANY_ATTEMPTS = "Trop de tentatives. Patientez quelques minutes avant de réessayer.";
