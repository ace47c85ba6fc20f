/**
 * The shop settings form (docs/product.md §10.5: business details are settings the
 * admin edits): what the header, footer, contact and legal pages show.
 */
import { z } from "zod";
import { VAT_RATES_BP } from "~/features/invoices/invoice-types";
import { multiLineText, singleLineText } from "~/lib/text-schema";
import {
  compactSiret,
  INACTIVITY_MONTHS_MAX,
  INACTIVITY_MONTHS_MIN,
  isValidSiret,
} from "./legal-identity-schema";
import { SAFETY_INFO_MAX } from "./product-safety-schema";

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

/**
 * How long an order from an unconfirmed e-mail address holds its pieces (ADR 022), whatever the
 * setting below: a fixed rule of the holds, kept beside the hold's setting because the CGV quote
 * both (ADR 031: the legal texts read it without reaching the orders).
 */
export const UNCONFIRMED_HOLD_MS = 2 * 60 * 60_000;

/** The hold of a new shop (the column's default, db/migrations/0009-orders.ts). */
export const HOLD_DAYS_DEFAULT = 7;
export const HOLD_DAYS_MIN = 1;
export const HOLD_DAYS_MAX = 60;
export const HOLD_DAYS_ERRORS = {
  notANumber: "La durée de réservation doit être un nombre entier de jours.",
  tooShort: `La durée de réservation est d'au moins ${HOLD_DAYS_MIN} jour.`,
  tooLong: `La durée de réservation est de ${HOLD_DAYS_MAX} jours au plus.`,
} as const;

export const HOLD_CAP_MIN = 1;
export const HOLD_CAP_MAX = 20;
export const HOLD_CAP_ERRORS = {
  notANumber: "Le nombre de pièces réservées par client doit être un nombre entier.",
  outOfRange: `Un client peut réserver de ${HOLD_CAP_MIN} à ${HOLD_CAP_MAX} pièces à la fois.`,
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
  /** Units one client holds at a time without the seller's approval (ADR 022); absent: unchanged. */
  holdCap: z
    .string({ error: HOLD_CAP_ERRORS.notANumber })
    .trim()
    .regex(/^\d{1,6}$/, HOLD_CAP_ERRORS.notANumber)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(HOLD_CAP_MIN, HOLD_CAP_ERRORS.outOfRange)
        .max(HOLD_CAP_MAX, HOLD_CAP_ERRORS.outOfRange),
    )
    .optional(),
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

// --- The shop's legal identity and consumer mediator (docs/product.md §10.21): the third form,
// shown by the mentions légales, the CGV and the privacy policy.

export const LEGAL_SETTINGS_MESSAGES = {
  saved: "Identité légale et médiation enregistrées.",
  saveFailed: "Erreur lors de l'enregistrement de l'identité légale et de la médiation.",
} as const;

export const SIRET_ERROR =
  "Le SIRET doit compter 14 chiffres valides (espaces acceptés), par exemple 912 345 675 00017.";
export const VAT_RATE_ERROR = "Choisissez un taux de TVA parmi 20 %, 10 %, 5,5 % et 2,1 %.";
export const MEDIATOR_URL_ERROR =
  "Le site du médiateur doit être une adresse complète commençant par https://";
export const INACTIVITY_MONTHS_ERRORS = {
  notANumber: "La durée avant suppression des comptes inactifs doit être un nombre entier de mois.",
  tooShort: `Les comptes inactifs sont supprimés après ${INACTIVITY_MONTHS_MIN} mois au moins.`,
  tooLong: `Les comptes inactifs sont supprimés après ${INACTIVITY_MONTHS_MAX} mois au plus.`,
} as const;

/** A full https:// address with a host (the legal pages link to it), or nothing. */
function isHttpsAddress(value: string): boolean {
  // No space, control or invisible formatting character (a bidi override could disguise the link).
  if (!/^https:\/\/[^\s\p{C}"<>\\]+$/u.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const legalSettingsSchema = z.object({
  ownerName: text(120),
  legalForm: text(120),
  // Stored in the usual grouping, "912 345 675 00017", however it was spaced.
  siret: text(40)
    .refine((value) => value === "" || isValidSiret(value), { message: SIRET_ERROR })
    .transform(
      (value) => value && compactSiret(value).replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, "$1 $2 $3 $4"),
    ),
  hostName: text(120),
  hostAddress: text(200),
  mediatorName: text(200),
  mediatorAddress: text(300),
  mediatorUrl: singleLineText()
    .max(300, "Le site du médiateur est trop long.")
    .refine((value) => value === "" || isHttpsAddress(value), { message: MEDIATOR_URL_ERROR }),
  inactivityMonths: z
    .string({ error: INACTIVITY_MONTHS_ERRORS.notANumber })
    .trim()
    .regex(/^\d{1,6}$/, INACTIVITY_MONTHS_ERRORS.notANumber)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(INACTIVITY_MONTHS_MIN, INACTIVITY_MONTHS_ERRORS.tooShort)
        .max(INACTIVITY_MONTHS_MAX, INACTIVITY_MONTHS_ERRORS.tooLong),
    ),
  /**
   * « Franchise en base de TVA (art. 293 B du CGI) »: the invoices say « TVA non applicable »; off,
   * they show the amount without tax, the VAT at `vatRate` and the total (ADR 026). A checkbox.
   */
  vatFranchise: checkbox,
  /** The VAT rate in basis points (2000 = 20 %), one of France's rates; absent: unchanged. */
  vatRate: z
    .enum(VAT_RATES_BP.map(String) as [string, ...string[]], { error: VAT_RATE_ERROR })
    .transform(Number)
    .optional(),
});

export type LegalSettingsInput = z.infer<typeof legalSettingsSchema>;

/** The blocked addresses of /admin/parametres (ADR 022). */
export const BLOCKED_EMAIL_MESSAGES = {
  unblocked: "Adresse débloquée : elle peut de nouveau commander.",
  notBlocked: "Cette adresse n'est pas bloquée.",
  unblockFailed: "L'adresse n'a pas pu être débloquée. Veuillez réessayer.",
} as const;

/** The undelivered e-mails of /admin/parametres (ADR 025). */
export const MAIL_MESSAGES = {
  retried: "E-mail remis en file : il part dans un instant.",
  notFailed: "Cet e-mail n'est plus en échec : il est déjà parti ou en cours d'envoi.",
  retryFailed: "L'e-mail n'a pas pu être remis en file. Veuillez réessayer.",
} as const;

/**
 * The default safety and care text of every piece (docs/product.md §2 "Fabricant et sécurité",
 * §10.5; Regulation (EU) 2023/988, art. 19): a piece's own text replaces it.
 */
export const SAFETY_SETTINGS_MESSAGES = {
  saved: "Informations de sécurité et d'entretien enregistrées.",
  saveFailed: "Erreur lors de l'enregistrement des informations de sécurité et d'entretien.",
  empty: "Les informations de sécurité et d'entretien par défaut ne peuvent pas être vides.",
  tooLong: `Les informations de sécurité et d'entretien par défaut sont trop longues (${SAFETY_INFO_MAX} caractères au maximum).`,
} as const;

export const safetySettingsSchema = z.object({
  safetyInfo: multiLineText({ error: SAFETY_SETTINGS_MESSAGES.empty })
    .min(1, SAFETY_SETTINGS_MESSAGES.empty)
    .max(SAFETY_INFO_MAX, SAFETY_SETTINGS_MESSAGES.tooLong),
});

export type SafetySettingsInput = z.infer<typeof safetySettingsSchema>;

// --- Delivery rates (docs/product.md §10.27, ADR 028): the « Livraison » form. Amounts in euros, as
// the seller writes them (« 6,90 »); an empty rate is « sur devis », an empty threshold « jamais ».

export const DELIVERY_SETTINGS_MESSAGES = {
  saved: "Tarifs de livraison enregistrés.",
  saveFailed: "Erreur lors de l'enregistrement des tarifs de livraison.",
} as const;

/** A parcel rate above this is a typing slip, not a price (ADR 028). */
export const DELIVERY_RATE_MAX_CENTS = 50_000;
/** The free-delivery threshold's upper bound. */
export const FREE_DELIVERY_MAX_CENTS = 10_000_000;

/** « 6,90 », « 6.9 », « 12 » → cents; empty → null; anything else (negative, letters) → undefined. */
export function parseEuros(value: string): number | null | undefined {
  const text = value.trim().replace(/\s|€/g, "");
  if (text === "") return null;
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text.replace(",", ".")) * 100);
}

const euros = (label: string, maxCents: number, maxText: string) =>
  singleLineText()
    .max(20, `${label} : montant invalide.`)
    .optional()
    .default("")
    .transform((value, ctx) => {
      const cents = parseEuros(value);
      if (cents === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `${label} : indiquez un montant positif en euros, au centime près (par exemple 6,90), ou laissez vide.`,
        });
        return z.NEVER;
      }
      if (cents !== null && cents > maxCents) {
        ctx.addIssue({ code: "custom", message: `${label} : ${maxText}` });
        return z.NEVER;
      }
      return cents;
    });

const rate = (label: string) => euros(label, DELIVERY_RATE_MAX_CENTS, "500 € au plus par envoi.");

export const deliverySettingsSchema = z.object({
  rateFrance: rate("France métropolitaine"),
  rateOutreMer: rate("Outre-mer"),
  rateUe: rate("Union européenne"),
  rateMonde: rate("Reste du monde"),
  freeFrom: euros("Livraison offerte à partir de", FREE_DELIVERY_MAX_CENTS, "100 000 € au plus."),
});

export type DeliverySettingsInput = z.input<typeof deliverySettingsSchema>;
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;
