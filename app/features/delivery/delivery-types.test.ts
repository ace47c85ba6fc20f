/**
 * The delivery's cost (docs/product.md §10.28, ADR 028): each zone's rate, the free threshold on the
 * pieces' total, a handover and an event pick-up always free, « sur devis », and the cost that waits
 * for a piece's price; then how the form, the pages and the e-mails write it.
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_DELIVERY_RATES,
  DELIVERY_ZONES,
  type DeliveryRates,
  deliveryCost,
  deliveryCostText,
  grandTotalText,
  piecesTotal,
  postalCodeError,
} from "./delivery-types";

const rates: DeliveryRates = {
  zones: { france: 690, outre_mer: 1490, ue: 1290, monde: null },
  freeFromCents: 15_000,
};
const pieces = (knownCents: number, priceMissing = false) => ({ knownCents, priceMissing });
/** fr-FR puts narrow no-break spaces in amounts. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("the delivery's cost", () => {
  it("is each zone's rate for a parcel below the free threshold, and « sur devis » (null) where none is set", () => {
    expect(DELIVERY_ZONES.map((zone) => deliveryCost(rates, "envoi", zone, pieces(5000)))).toEqual([
      690,
      1490,
      1290,
      null,
    ]);
  });

  it("is free from the threshold on the pieces' total: below it, the rate; at it and above, nothing", () => {
    expect(deliveryCost(rates, "envoi", "ue", pieces(14_999))).toBe(1290);
    expect(deliveryCost(rates, "envoi", "ue", pieces(15_000))).toBe(0);
    expect(deliveryCost(rates, "envoi", "ue", pieces(40_000))).toBe(0);
    // Without a threshold, never free.
    expect(deliveryCost({ ...rates, freeFromCents: null }, "envoi", "france", pieces(900_000))).toBe(690);
    // A zone « sur devis » stays so above the threshold: the seller gives it.
    expect(deliveryCost(rates, "envoi", "monde", pieces(40_000))).toBeNull();
  });

  it("is nothing for a handover or an event pick-up, whatever the zone and the rates", () => {
    for (const method of ["main_propre", "evenement"])
      for (const zone of DELIVERY_ZONES) expect(deliveryCost(rates, method, zone, pieces(100))).toBe(0);
  });

  it("waits for a piece on request's price when the threshold depends on it, not when it is already reached", () => {
    expect(deliveryCost(rates, "envoi", "france", pieces(5000, true))).toBeNull();
    expect(deliveryCost(rates, "envoi", "france", pieces(15_000, true))).toBe(0);
    expect(deliveryCost({ ...rates, freeFromCents: null }, "envoi", "france", pieces(5000, true))).toBe(690);
  });

  it("reads « 6,90 € », « offerte », « sur devis », or « à confirmer » while a price is to come", () => {
    expect(plain(deliveryCostText(690, false))).toBe("6,90 €");
    expect(deliveryCostText(0, false)).toBe("offerte");
    expect(deliveryCostText(null, false)).toBe("sur devis");
    expect(deliveryCostText(null, true)).toBe("à confirmer");
  });

  it("makes the total with the delivery, « à confirmer » beside what is still to come", () => {
    const lines = piecesTotal([
      { priceCents: 4500, quantity: 2 },
      { priceCents: 1000, quantity: 1 },
    ]);
    expect(lines).toEqual({ knownCents: 10_000, priceMissing: false });
    expect(plain(grandTotalText(lines, 690))).toBe("106,90 €");
    expect(plain(grandTotalText(lines, null))).toBe("100,00 € + livraison sur devis (à confirmer)");
    const onRequest = piecesTotal([
      { priceCents: 4500, quantity: 1 },
      { priceCents: null, quantity: 1 },
    ]);
    expect(plain(grandTotalText(onRequest, null))).toBe("45,00 € + pièces à prix sur demande (à confirmer)");
    expect(grandTotalText(piecesTotal([{ priceCents: null, quantity: 1 }]), null)).toBe("à confirmer");
  });

  it("a new shop's rates are the demo's: 6,90 €, 14,90 €, 12,90 €, the rest of the world on quote, free from 150 €", () => {
    expect(DEFAULT_DELIVERY_RATES).toEqual(rates);
  });
});

describe("the postal code of a zone", () => {
  it("is five digits in France and overseas, 97/98 overseas only; free form elsewhere", () => {
    expect(postalCodeError("france", "75011")).toBeNull();
    expect(postalCodeError("france", "7501")).toMatch(/5 chiffres/);
    expect(postalCodeError("france", "98714")).toMatch(/Outre-mer/);
    expect(postalCodeError("outre_mer", "98714")).toBeNull();
    expect(postalCodeError("outre_mer", "97400")).toBeNull();
    expect(postalCodeError("outre_mer", "75011")).toMatch(/97 ou 98/);
    expect(postalCodeError("ue", "1000")).toBeNull();
    expect(postalCodeError("monde", "SW1A 1AA")).toBeNull();
    expect(postalCodeError("monde", "<script>")).toMatch(/code postal valide/);
  });
});
