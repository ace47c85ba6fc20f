/**
 * The « Nouvelles créations » sign-up form (docs/product.md §10.30): its schema, its French texts,
 * and the consent sentence shown beside it, whose exact words and version are recorded with every
 * subscription (RGPD art. 7-1: the shop must be able to show what was consented to, and when).
 * The texts themselves are in alert-messages.ts, which the footer's form reads without zod (first
 * load, docs/product.md §10.17).
 */
import { z } from "zod";
import { singleLineText } from "~/lib/text-schema";
import "~/lib/zod-french";

import { ALERT_FORM_NAME } from "./alert-messages";

export { ALERT_CONSENT_TEXT, ALERT_CONSENT_VERSION, ALERT_FORM_NAME } from "./alert-messages";

export const alertSignupSchema = z.object({
  "form-name": z.literal(ALERT_FORM_NAME, { error: "Formulaire inconnu." }),
  email: singleLineText()
    .min(1, "Veuillez indiquer votre adresse e-mail.")
    .max(200, "Cette adresse est trop longue.")
    .pipe(z.email("Cette adresse e-mail n'est pas valide.")),
  /** Category ids (checkboxes); none means every category. */
  categories: z
    .array(z.string().regex(/^[a-z0-9]{1,32}$/, "Catégorie inconnue."))
    .max(50, "Trop de catégories."),
  /** The consent checkbox: opt-in is a positive act (L34-5 CPCE, RGPD art. 4-11). */
  consent: z.literal("oui", { error: "Cochez la case pour accepter de recevoir ces e-mails." }),
  /** Honeypot, as the contact form's: hidden from people, filled in by bots. */
  site_web: z.string().max(500).optional(),
});

export type AlertSignupInput = z.infer<typeof alertSignupSchema>;

export const ALERT_MESSAGES = {
  /** The same answer whether the address was new, pending or already subscribed (no disclosure). */
  requested:
    "Merci ! Si cette adresse peut recevoir nos alertes, un e-mail de confirmation vient de lui être envoyé : " +
    "cliquez sur son lien pour valider votre inscription.",
  tooMany: "Trop de demandes en peu de temps. Réessayez dans une heure.",
  unknownCategory: "Une des catégories choisies n'existe plus. Rechargez la page et réessayez.",
  failed: "L'inscription n'a pas pu être enregistrée. Réessayez dans un instant.",
  confirmed: "Votre inscription est confirmée : vous recevrez nos nouvelles créations par e-mail.",
  badLink:
    "Ce lien n'est pas ou plus valable. Inscrivez-vous à nouveau depuis le bas de n'importe quelle page.",
  unsubscribed: "Vous êtes désinscrit(e) : vous ne recevrez plus d'alertes « Nouvelles créations ».",
} as const;
