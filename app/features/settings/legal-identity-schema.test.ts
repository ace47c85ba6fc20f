import { describe, expect, it } from "vitest";
import { isValidSiret, monthsInFrench } from "./legal-identity-schema";
import { legalSettingsSchema, MEDIATOR_URL_ERROR, SIRET_ERROR } from "./settings-schema";

describe("monthsInFrench", () => {
  it.each([
    [12, "1 an"],
    [24, "2 ans"],
    [36, "3 ans"],
    [60, "5 ans"],
    [18, "18 mois"],
    [13, "13 mois"],
    [59, "59 mois"],
  ])("%i months read « %s »", (months, words) => {
    expect(monthsInFrench(months)).toBe(words);
  });
});

describe("isValidSiret", () => {
  it("accepts 14 digits with a right Luhn key, spaced or not", () => {
    for (const siret of [
      "912 345 675 00017",
      "91234567500017",
      "732 829 320 00074",
      " 912345675 00017 ".trim(),
    ])
      expect(isValidSiret(siret), siret).toBe(true);
  });

  it("refuses a wrong key, a wrong length and anything but digits and spaces", () => {
    for (const siret of [
      "912 345 675 00018",
      "91234567500071",
      "9123456750001",
      "912345675000170",
      "912-345-675-00017",
      "912.345.675.00017",
      "９１２３４５６７５０００１７",
      "abcdefghijklmn",
      "",
    ])
      expect(isValidSiret(siret), siret).toBe(false);
  });

  it("follows La Poste's own rule for its establishments, the head office keeping the Luhn key", () => {
    expect(isValidSiret("356 000 000 00048")).toBe(true);
    expect(isValidSiret("356 000 000 00015")).toBe(true); // its digits add up to 20
    expect(isValidSiret("356 000 000 00013")).toBe(false);
  });
});

describe("the legal settings form", () => {
  const valid = {
    ownerName: "Vaimiti Le Gall",
    legalForm: "Entreprise individuelle",
    siret: "91234567500017",
    hostName: "OVH SAS",
    hostAddress: "2 rue Kellermann, 59100 Roubaix",
    mediatorName: "CM2C",
    mediatorAddress: "14 rue Saint-Jean, 75017 Paris",
    mediatorUrl: "https://www.cm2c.net",
    inactivityMonths: "24",
  };

  it("keeps the SIRET in its usual grouping and the limit as a number", () => {
    const parsed = legalSettingsSchema.parse(valid);
    expect(parsed.siret).toBe("912 345 675 00017");
    expect(parsed.inactivityMonths).toBe(24);
    expect(legalSettingsSchema.parse({ ...valid, siret: "", mediatorUrl: "" }).siret).toBe("");
  });

  it("refuses a bad SIRET, a website that is not https:// and a limit outside 12 to 60 months, in French", () => {
    const firstError = (fields: Partial<typeof valid>) =>
      legalSettingsSchema.safeParse({ ...valid, ...fields }).error?.issues[0]?.message;
    expect(firstError({ siret: "912 345 675 00018" })).toBe(SIRET_ERROR);
    for (const mediatorUrl of [
      "http://www.cm2c.net",
      "https://www.cm2c.net/\u202Ex",
      "www.cm2c.net",
      "javascript:alert(1)",
      "https://",
      "https://x y.fr",
    ])
      expect(firstError({ mediatorUrl }), mediatorUrl).toBe(MEDIATOR_URL_ERROR);
    expect(firstError({ inactivityMonths: "11" })).toBe(
      "Les comptes inactifs sont supprimés après 12 mois au moins.",
    );
    expect(firstError({ inactivityMonths: "61" })).toBe(
      "Les comptes inactifs sont supprimés après 60 mois au plus.",
    );
    for (const inactivityMonths of ["", "abc", "24.5", "-24", "1e2"])
      expect(firstError({ inactivityMonths }), inactivityMonths).toBe(
        "La durée avant suppression des comptes inactifs doit être un nombre entier de mois.",
      );
  });
});
