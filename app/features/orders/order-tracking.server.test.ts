import { describe, expect, it } from "vitest";
import { trackingSteps } from "./order-tracking.server";
import type { OrderStatus } from "./order-types";

const step = (status: OrderStatus, at: string) => ({ status, label: "", at, adminName: null, detail: "" });

describe("trackingSteps", () => {
  it("lists the whole way ahead of a new order, only its first step dated", () => {
    const steps = trackingSteps({
      status: "nouvelle",
      steps: [step("nouvelle", "2026-03-01T10:00:00.000Z")],
    });
    expect(steps.map((s) => [s.status, s.at])).toEqual([
      ["nouvelle", "2026-03-01T10:00:00.000Z"],
      ["lien_envoye", null],
      ["payee", null],
      ["expediee", null],
      ["livree", null],
    ]);
    expect(steps[1]?.label).toBe("Lien de paiement envoyé");
  });

  it("dates a step by its last time (a link sent again) and leaves out a step skipped", () => {
    const resent = trackingSteps({
      status: "lien_envoye",
      steps: [
        step("nouvelle", "2026-03-01T10:00:00.000Z"),
        step("lien_envoye", "2026-03-01T11:00:00.000Z"),
        step("lien_envoye", "2026-03-02T09:00:00.000Z"),
      ],
    });
    expect(resent.find((s) => s.status === "lien_envoye")?.at).toBe("2026-03-02T09:00:00.000Z");
    const paidByHand = trackingSteps({
      status: "payee",
      steps: [step("nouvelle", "2026-03-01T10:00:00.000Z"), step("payee", "2026-03-03T10:00:00.000Z")],
    });
    expect(paidByHand.map((s) => s.status)).toEqual(["nouvelle", "payee", "expediee", "livree"]);
  });

  it("ends a cancelled order at 'Annulée', after the steps it took", () => {
    const steps = trackingSteps({
      status: "annulee",
      steps: [step("nouvelle", "2026-03-01T10:00:00.000Z"), step("annulee", "2026-03-04T10:00:00.000Z")],
    });
    expect(steps.map((s) => [s.status, s.at])).toEqual([
      ["nouvelle", "2026-03-01T10:00:00.000Z"],
      ["annulee", "2026-03-04T10:00:00.000Z"],
    ]);
  });
});
