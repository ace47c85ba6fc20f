import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text-schema";
import "~/lib/zod-french";

/** The contact form (docs/product.md §3: name, email, message, plus the hidden form-name 'contact'). */
export const contactSchema = z.object({
  "form-name": z.literal("contact", { error: "Formulaire inconnu." }),
  name: singleLineText().min(1, "Veuillez indiquer votre nom.").max(120, "Ce nom est trop long."),
  email: singleLineText()
    .min(1, "Veuillez indiquer votre adresse email.")
    .max(200, "Cette adresse est trop longue.")
    .pipe(z.email("Cette adresse email n'est pas valide.")),
  message: multiLineText()
    .min(1, "Veuillez écrire votre message.")
    .max(5000, "Ce message est trop long (5 000 caractères au plus)."),
  /** JSON of the order lines when the message came from 'Contacter pour commander'. */
  order: z.string().max(20_000).optional(),
  /** Honeypot: hidden from people, filled in by bots. */
  site_web: z.string().max(500).optional(),
});

export type ContactField = "name" | "email" | "message";
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export const CONTACT_SUCCESS = "Merci ! Votre message a bien été envoyé. Nous vous répondons très vite.";
export const CONTACT_FAILURE = "Une erreur s'est produite lors de l'envoi du message. Veuillez réessayer.";
export const CONTACT_TOO_MANY =
  "Vous avez envoyé plusieurs messages en peu de temps. Réessayez dans quelques minutes.";

/** One piece of an order sent with the message (the basket as the visitor saw it). */
export const contactOrderSchema = z
  .array(
    z.object({
      name: singleLineText().min(1).max(200),
      priceCents: z.number().int().min(0).max(100_000_000),
      quantity: z.number().int().min(1).max(99),
    }),
  )
  .min(1)
  .max(50);

export type ContactOrderLine = z.infer<typeof contactOrderSchema>[number];

/** The order lines of a posted message, or null when absent or not well formed (never an error). */
export function parseContactOrder(raw: string | undefined): ContactOrderLine[] | null {
  if (!raw) return null;
  try {
    const parsed = contactOrderSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
