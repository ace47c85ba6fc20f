/**
 * The order form of /contact (docs/product.md §10.19): the lines as `quantite.<piece id>` fields (a
 * plain form, so it works without JavaScript; 0 removes a line), who orders, how it is delivered and
 * an optional message. Client-safe: the page checks with it too.
 */
import { z } from "zod";
import {
  DELIVERY_METHODS,
  DELIVERY_ZONES,
  type DeliveryZone,
  postalCodeError,
} from "~/features/delivery/delivery-types";
import { refundFields } from "~/features/invoices/refund-schema";
import { PRICE_MESSAGE, parsePriceCents } from "~/lib/price";
import { multiLineText, singleLineText } from "~/lib/text-schema";
import "~/lib/zod-french";
import { ORDER_FORM_NAME, QUANTITY_FIELD_PREFIX } from "./order-types";

// The form's names live with the types, so the page draws the form without loading zod.
export { ORDER_FORM_NAME, QUANTITY_FIELD_PREFIX, quantityField } from "./order-types";
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

const PIECE_ID = /^[a-z0-9]{1,40}$/;

/** The `quantite.<id>` fields of a posted form, as lines (quantity 0 or empty: left out). */
function linesOf(fields: Record<string, unknown>): unknown {
  const lines: { productId: string; quantity: unknown }[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith(QUANTITY_FIELD_PREFIX)) continue;
    const productId = name.slice(QUANTITY_FIELD_PREFIX.length);
    const text = typeof value === "string" ? value.trim() : value;
    if (text === "" || text === "0") continue;
    lines.push({ productId, quantity: text });
  }
  return lines;
}

const lineSchema = z.object({
  productId: z.string().regex(PIECE_ID, "Cette création est inconnue."),
  quantity: z.coerce
    .number({ error: "Quantité invalide." })
    .int("Quantité invalide.")
    .min(1, "Quantité invalide.")
    .max(MAX_LINE_QUANTITY, `${MAX_LINE_QUANTITY} au plus par création.`),
});

const text = (max: number, tooLong = "Ce champ est trop long.") => singleLineText().max(max, tooLong);

export const orderFormSchema = z
  .preprocess(
    (input) =>
      input && typeof input === "object"
        ? { ...(input as Record<string, unknown>), lines: linesOf(input as Record<string, unknown>) }
        : input,
    z.object({
      "form-name": z.literal(ORDER_FORM_NAME, { error: "Formulaire inconnu." }),
      lines: z
        .array(lineSchema)
        .min(1, "Votre commande est vide : ajoutez au moins une création.")
        .max(MAX_ORDER_LINES, `${MAX_ORDER_LINES} créations au plus par commande.`),
      name: text(120, "Ce nom est trop long.").min(1, "Veuillez indiquer votre nom."),
      email: singleLineText()
        .min(1, "Veuillez indiquer votre adresse email.")
        .max(200, "Cette adresse est trop longue.")
        .pipe(z.email("Cette adresse email n'est pas valide.")),
      // Optional: a script leaving the field out gets the same as an empty box.
      phone: text(40)
        .refine((value) => value === "" || /^[+0-9 ().-]{6,40}$/.test(value), {
          message: "Ce numéro de téléphone n'est pas valide.",
        })
        .optional()
        .default(""),
      delivery: z.enum(DELIVERY_METHODS as [string, ...string[]], {
        error: "Choisissez un mode de livraison.",
      }),
      // The form always sends one (France métropolitaine first); a script leaving it out means France.
      zone: z
        .enum(DELIVERY_ZONES as [DeliveryZone, ...DeliveryZone[]], {
          error: "Choisissez le pays ou la zone de livraison.",
        })
        .optional()
        .default("france"),
      addressLine: text(200).optional().default(""),
      postalCode: text(20).optional().default(""),
      city: text(100).optional().default(""),
      eventId: text(40).optional().default(""),
      message: multiLineText()
        .max(5000, "Ce message est trop long (5 000 caractères au plus).")
        .optional()
        .default(""),
      /** Honeypot: hidden from people, filled in by bots. */
      site_web: z.string().max(500).optional(),
    }),
  )
  .superRefine((order, ctx) => {
    if (order.delivery === "envoi") {
      if (!order.addressLine)
        ctx.addIssue({ code: "custom", path: ["addressLine"], message: "Veuillez indiquer votre adresse." });
      // Five digits in France and overseas, and the zone that goes with them (ADR 028): the zone sets the price.
      const postal = postalCodeError(order.zone, order.postalCode);
      if (postal) ctx.addIssue({ code: "custom", path: ["postalCode"], message: postal });
      if (!order.city)
        ctx.addIssue({ code: "custom", path: ["city"], message: "Veuillez indiquer votre ville." });
    }
    if (order.delivery === "evenement" && !order.eventId)
      ctx.addIssue({
        code: "custom",
        path: ["eventId"],
        message: "Choisissez l'événement où retirer votre commande.",
      });
  });

export type OrderForm = z.infer<typeof orderFormSchema>;
export type OrderFormField =
  | "lines"
  | "name"
  | "email"
  | "phone"
  | "delivery"
  | "zone"
  | "addressLine"
  | "postalCode"
  | "city"
  | "eventId"
  | "message";

export const ORDER_MESSAGES = {
  fixFields: "Merci de corriger les champs indiqués.",
  tooMany: "Vous avez envoyé plusieurs commandes en peu de temps. Réessayez dans quelques minutes.",
  failed: "Votre commande n'a pas pu être enregistrée. Veuillez réessayer.",
  eventUnknown: "Cet événement n'est plus au programme : choisissez-en un autre.",
} as const;

/** ADR 028: the seller left the delivery cost empty, or typed something else than an amount. */
export const DELIVERY_COST_REQUIRED = "Indiquez les frais de livraison (0 pour une livraison offerte).";
export const DELIVERY_COST_MAX_CENTS = 50_000;
export const DELIVERY_COST_INVALID =
  "Les frais de livraison doivent être un montant positif en euros, au centime près, de 500 € au plus.";

/** docs/product.md §8: the seller left a piece's price empty. */
export const LINE_PRICE_REQUIRED = "Indiquez le prix de la pièce.";

/** The admin's commands on an order (one form each, intent-named). */
export const orderCommandSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("send-payment-link"),
    orderId: z.string().min(1).max(40),
    paymentUrl: singleLineText()
      .min(1, "Indiquez le lien de paiement.")
      .max(2000, "Ce lien est trop long.")
      .refine((value) => {
        try {
          const url = new URL(value);
          return url.protocol === "https:" && Boolean(url.hostname);
        } catch {
          return false;
        }
      }, "Le lien de paiement doit être une adresse https:// complète."),
  }),
  z.object({
    intent: z.literal("mark-paid"),
    orderId: z.string().min(1).max(40),
  }),
  z.object({
    intent: z.literal("mark-shipped"),
    orderId: z.string().min(1).max(40),
    trackingNumber: text(100, "Ce numéro de suivi est trop long.").optional().default(""),
  }),
  z.object({
    intent: z.literal("mark-delivered"),
    orderId: z.string().min(1).max(40),
  }),
  z.object({
    intent: z.literal("cancel"),
    orderId: z.string().min(1).max(40),
  }),
  z.object({
    intent: z.literal("approve"),
    orderId: z.string().min(1).max(40),
  }),
  z.object({
    intent: z.literal("release-and-block"),
    orderId: z.string().min(1).max(40),
  }),
  // A piece ordered on request gets its price from the seller (docs/product.md §10.19), checked like a
  // product's price (§5) but never left empty: an unknown price stays unknown until one is given.
  z.object({
    intent: z.literal("set-line-price"),
    orderId: z.string().min(1).max(40),
    lineId: z.string().regex(/^[a-z0-9]{1,40}$/, "Cette ligne de commande est inconnue."),
    price: singleLineText()
      .min(1, LINE_PRICE_REQUIRED)
      .max(20, PRICE_MESSAGE)
      .refine((value) => parsePriceCents(value) !== null, PRICE_MESSAGE)
      .transform((value) => parsePriceCents(value) ?? 0),
  }),
  // A delivery « sur devis » gets its cost from the seller (ADR 028), checked like a price, never empty
  // (0 is a free delivery).
  z.object({
    intent: z.literal("set-delivery-cost"),
    orderId: z.string().min(1).max(40),
    deliveryCost: singleLineText()
      .min(1, DELIVERY_COST_REQUIRED)
      .max(20, DELIVERY_COST_INVALID)
      .refine((value) => {
        const cents = parsePriceCents(value);
        return cents !== null && cents <= DELIVERY_COST_MAX_CENTS;
      }, DELIVERY_COST_INVALID)
      .transform((value) => parsePriceCents(value) ?? 0),
  }),
  // A refund of a paid order (docs/product.md §10.25): issues a credit note against its invoice.
  z.object({
    intent: z.literal("record-refund"),
    orderId: z.string().min(1).max(40),
    ...refundFields,
  }),
  z.object({
    intent: z.literal("save-note"),
    orderId: z.string().min(1).max(40),
    note: multiLineText().max(5000, "Cette note est trop longue (5 000 caractères au plus)."),
  }),
]);

export type OrderCommand = z.infer<typeof orderCommandSchema>;
