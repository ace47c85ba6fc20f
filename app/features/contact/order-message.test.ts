import { describe, expect, it } from "vitest";
import { orderMessage } from "./order-message";

const normalise = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("orderMessage", () => {
  it("lists each piece with quantity, unit price and line total, then the total", () => {
    const message = normalise(
      orderMessage([
        { name: "Collier Lagon", priceCents: 14_500, quantity: 1 },
        { name: "Bracelet Tiaré", priceCents: 4_500, quantity: 2 },
      ]),
    );
    expect(message).toContain("- Collier Lagon × 1 — 145,00 € l'unité, soit 145,00 €");
    expect(message).toContain("- Bracelet Tiaré × 2 — 45,00 € l'unité, soit 90,00 €");
    expect(message).toContain("Total : 235,00 € (hors frais de livraison)");
  });

  it("leaves out pieces without a name or a price, and is empty without any", () => {
    expect(orderMessage([{ name: "Sans prix", priceCents: null, quantity: 1 }])).toBe("");
    expect(orderMessage([])).toBe("");
  });
});
