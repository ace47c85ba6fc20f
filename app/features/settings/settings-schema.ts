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
