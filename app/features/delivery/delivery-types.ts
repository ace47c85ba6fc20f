/**
 * Delivery costs before the order (docs/product.md §10.27, ADR 028; Code de la consommation L112-1,
 * L221-5): the zones a parcel goes to, the seller's rates, and the one computation of an order's
 * delivery cost. Client-safe: the order form shows the cost live from the same rates, and the server
 * computes it again when the order is placed (it never takes an amount from the form).
 */
import { formatPrice, TOTAL_TO_CONFIRM } from "~/lib/format";

/**
 * How a piece reaches the customer: the order form offers them, the orders store them, the CGV
 * list them (ADR 031: the delivery's, so the legal texts read them without reaching the orders).
 */
export type DeliveryMethod = "envoi" | "evenement" | "main_propre";

export const DELIVERY_METHODS: readonly DeliveryMethod[] = ["envoi", "evenement", "main_propre"];

export const DELIVERY_LABELS: Record<DeliveryMethod, string> = {
  envoi: "Envoi postal",
  evenement: "Retrait lors d'un événement",
  main_propre: "Remise en main propre",
};

export type DeliveryZone = "france" | "outre_mer" | "ue" | "monde";

export const DELIVERY_ZONES: readonly DeliveryZone[] = ["france", "outre_mer", "ue", "monde"];

export const DELIVERY_ZONE_LABELS: Record<DeliveryZone, string> = {
  france: "France métropolitaine",
  outre_mer: "Outre-mer (DROM-COM)",
  ue: "Union européenne",
  monde: "Reste du monde",
};

export function isDeliveryZone(value: unknown): value is DeliveryZone {
  return typeof value === "string" && (DELIVERY_ZONES as readonly string[]).includes(value);
}

/** The seller's rates (the « Livraison » settings): a zone's null is « sur devis ». */
export interface DeliveryRates {
  zones: Record<DeliveryZone, number | null>;
  /** From this total of the pieces, a parcel travels free; null: never. */
  freeFromCents: number | null;
}

/** A new shop's rates (the columns' defaults, db/migrations/0018-delivery.ts). */
export const DEFAULT_DELIVERY_RATES: DeliveryRates = {
  zones: { france: 690, outre_mer: 1490, ue: 1290, monde: null },
  freeFromCents: 15000,
};

/** What the pieces of an order come to: the known prices, and whether a piece still waits for one. */
export interface PiecesTotal {
  knownCents: number;
  /** Some piece is on request, its price not fixed yet (docs/product.md §10.19). */
  priceMissing: boolean;
}

export function piecesTotal(lines: readonly { priceCents: number | null; quantity: number }[]): PiecesTotal {
  return {
    knownCents: lines.reduce((sum, line) => sum + (line.priceCents ?? 0) * line.quantity, 0),
    priceMissing: lines.some((line) => line.priceCents === null),
  };
}

/**
 * The delivery cost of an order, in cents, or null while it cannot be known: the zone is « sur
 * devis » (the seller gives it), or the free threshold depends on a piece's price still to come.
 * A handover and an event pick-up are always free.
 */
export function deliveryCost(
  rates: DeliveryRates,
  method: string,
  zone: DeliveryZone,
  pieces: PiecesTotal,
): number | null {
  if (method !== "envoi") return 0;
  const rate = rates.zones[zone];
  if (rate === null) return null;
  if (rate === 0) return 0;
  const free = rates.freeFromCents;
  if (free === null) return rate;
  if (pieces.knownCents >= free) return 0;
  return pieces.priceMissing ? null : rate;
}

/**
 * « 6,90 € », « offerte », « sur devis » — or « à confirmer » while it waits for a piece's price: the
 * delivery line of the form, the order's pages and its e-mails (docs/product.md §8).
 */
export function deliveryCostText(cents: number | null, priceMissing: boolean): string {
  if (cents === null) return priceMissing ? TOTAL_TO_CONFIRM : "sur devis";
  return cents === 0 ? "offerte" : formatPrice(cents);
}

/**
 * The total to pay, delivery included (docs/product.md §8): « 126,90 € »; while a price is missing,
 * the known part and what is still to come, « à confirmer ».
 */
export function grandTotalText(pieces: PiecesTotal, deliveryCents: number | null): string {
  const known = pieces.knownCents + (deliveryCents ?? 0);
  if (!pieces.priceMissing && deliveryCents !== null) return formatPrice(known);
  if (known === 0) return TOTAL_TO_CONFIRM;
  const missing = pieces.priceMissing ? "pièces à prix sur demande" : "livraison sur devis";
  return `${formatPrice(known)} + ${missing} (${TOTAL_TO_CONFIRM})`;
}

/** « France métropolitaine 6,90 € ; … ; Reste du monde sur devis ; offerts dès 150,00 € de créations ». */
export function deliveryRatesSummary(rates: DeliveryRates): string {
  const zones = DELIVERY_ZONES.map((zone) => {
    const rate = rates.zones[zone];
    return `${DELIVERY_ZONE_LABELS[zone]} ${rate === null ? "sur devis" : rate === 0 ? "offerts" : formatPrice(rate)}`;
  });
  const free =
    rates.freeFromCents === null ? [] : [`offerts dès ${formatPrice(rates.freeFromCents)} de créations`];
  return [...zones, ...free].join(" ; ");
}

/** The postal code a zone accepts (docs/product.md §5): France's five digits, the overseas 97/98. */
export function postalCodeError(zone: DeliveryZone, postalCode: string): string | null {
  const code = postalCode.trim();
  if (zone === "france" || zone === "outre_mer") {
    if (!/^\d{5}$/.test(code)) return "Veuillez indiquer un code postal à 5 chiffres.";
    const overseas = /^9[78]/.test(code);
    if (zone === "france" && overseas)
      return "Ce code postal est celui de l'outre-mer : choisissez « Outre-mer (DROM-COM) ».";
    if (zone === "outre_mer" && !overseas)
      return "Un code postal d'outre-mer commence par 97 ou 98 : vérifiez-le, ou choisissez une autre zone.";
    return null;
  }
  return /^[0-9A-Za-z][0-9A-Za-z -]{1,11}$/.test(code) ? null : "Veuillez indiquer un code postal valide.";
}
