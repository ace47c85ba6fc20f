import { z } from "zod";

/** The contact form (spec §3: name, email, message, plus the hidden form-name 'contact'). */
export const contactSchema = z.object({
  "form-name": z.literal("contact", { error: "Formulaire inconnu." }),
  name: z.string().trim().min(1, "Veuillez indiquer votre nom.").max(120, "Ce nom est trop long."),
  email: z
    .string()
    .trim()
    .min(1, "Veuillez indiquer votre adresse email.")
    .max(200, "Cette adresse est trop longue.")
    .pipe(z.email("Cette adresse email n'est pas valide.")),
  message: z
    .string()
    .trim()
    .min(1, "Veuillez écrire votre message.")
    .max(5000, "Ce message est trop long (5 000 caractères au plus)."),
  /** Honeypot: hidden from people, filled in by bots. */
  site_web: z.string().max(500).optional(),
});

export type ContactFieldErrors = Partial<Record<"name" | "email" | "message", string>>;

export const CONTACT_SUCCESS = "Merci ! Votre message a bien été envoyé. Nous vous répondons très vite.";
export const CONTACT_FAILURE = "Une erreur s'est produite lors de l'envoi du message. Veuillez réessayer.";
export const CONTACT_TOO_MANY =
  "Vous avez envoyé plusieurs messages en peu de temps. Réessayez dans quelques minutes.";
