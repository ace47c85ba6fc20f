/**
 * The shop settings form (docs/product.md §10.5: business details are settings the
 * admin edits): what the header, footer, contact and legal pages show.
 */
import { z } from "zod";
import { singleLineText } from "~/lib/text-schema";

export const SETTINGS_MESSAGES = {
  saved: "Paramètres de la boutique enregistrés.",
  saveFailed: "Erreur lors de l'enregistrement des paramètres.",
} as const;

const text = (max: number, message = "Ce champ est trop long.") => singleLineText().max(max, message);

const optionalUrl = singleLineText()
  .max(300, "Ce lien est trop long.")
  .refine((value) => value === "" || /^https:\/\/[^\s]+$/.test(value), {
    message: "Le lien doit commencer par https://",
  });

const coordinate = (min: number, max: number) =>
  singleLineText()
    .refine((value) => value === "" || (Number.isFinite(Number(value)) && +value >= min && +value <= max), {
      message: "Coordonnée invalide.",
    })
    .transform((value) => (value === "" ? null : Number(value)));

export const shopSettingsSchema = z.object({
  shopName: text(80).min(1, "Le nom de la boutique est obligatoire."),
  addressLine: text(200),
  postalCode: text(20),
  city: text(100),
  phone: text(40).refine((value) => value === "" || /^[+0-9 ().-]{6,40}$/.test(value), {
    message: "Ce numéro de téléphone n'est pas valide.",
  }),
  email: singleLineText()
    .max(200, "Cette adresse est trop longue.")
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      message: "Cette adresse email n'est pas valide.",
    }),
  instagramUrl: optionalUrl,
  facebookUrl: optionalUrl,
  tiktokUrl: optionalUrl,
  mapQuery: text(200),
  mapLatitude: coordinate(-90, 90),
  mapLongitude: coordinate(-180, 180),
  openingHours: text(200),
});

export type ShopSettingsInput = z.infer<typeof shopSettingsSchema>;

/** "06 12 34 56 78" → "+33612345678" for tel: links; other numbers keep their digits and +. */
export function phoneHref(phone: string): string {
  const compact = phone.replace(/[^+0-9]/g, "");
  if (/^0[1-9]\d{8}$/.test(compact)) return `+33${compact.slice(1)}`;
  return compact;
}

// --- Orders and the seller's e-mails (docs/product.md §10.19, §10.20): the second form of the page.

export const ORDER_SETTINGS_MESSAGES = {
  saved: "Réglages des commandes et notifications enregistrés.",
  saveFailed: "Erreur lors de l'enregistrement des réglages des commandes.",
} as const;

export const HOLD_DAYS_MIN = 1;
export const HOLD_DAYS_MAX = 60;
export const HOLD_DAYS_ERRORS = {
  notANumber: "La durée de réservation doit être un nombre entier de jours.",
  tooShort: `La durée de réservation est d'au moins ${HOLD_DAYS_MIN} jour.`,
  tooLong: `La durée de réservation est de ${HOLD_DAYS_MAX} jours au plus.`,
} as const;

/** A checkbox: sent as "on" when ticked, absent when not (the browser's own form encoding). */
const checkbox = z
  .enum(["on"], { error: "Case à cocher invalide." })
  .optional()
  .transform((value) => value === "on");

export const orderSettingsSchema = z.object({
  holdDays: z
    .string({ error: HOLD_DAYS_ERRORS.notANumber })
    .trim()
    .regex(/^\d{1,6}$/, HOLD_DAYS_ERRORS.notANumber)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(HOLD_DAYS_MIN, HOLD_DAYS_ERRORS.tooShort)
        .max(HOLD_DAYS_MAX, HOLD_DAYS_ERRORS.tooLong),
    ),
  notifyNewOrder: checkbox,
  notifyContact: checkbox,
  notifyReview: checkbox,
  notifyChat: checkbox,
});

export type OrderSettingsInput = z.infer<typeof orderSettingsSchema>;

/** The four kinds of e-mail the shop may receive, in the order the form lists them. */
export const NOTIFICATION_SWITCHES = [
  { name: "notifyNewOrder", label: "Nouvelle commande" },
  { name: "notifyContact", label: "Nouveau message de contact" },
  { name: "notifyReview", label: "Nouvel avis à valider" },
  { name: "notifyChat", label: "Message du chat sans admin connecté depuis 10 minutes" },
] as const satisfies readonly { name: keyof OrderSettingsInput; label: string }[];
