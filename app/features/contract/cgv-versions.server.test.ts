/**
 * The CGV's versions (ADR 029), on both back ends: the text in force is published once and numbered;
 * a setting that changes the text makes the next version, dated when it took effect, and the old one
 * stays as it was; the same text again after a change is a new version too; concurrent requests and
 * payments (transactions side by side on PostgreSQL) agree on one new version. The PDFs are read
 * back with pdftotext: a version's text, and the Code's withdrawal form addressed to the seller.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getLegalDetails, withdrawalAddressee } from "~/features/content/legal.server";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { pdfText } from "../../../tests/support/pdf-text";
import { cgvVersionDocument, currentCgvVersion, findCgvVersion, versionNumber } from "./cgv-versions.server";
import { cgvPdf, withdrawalFormPdf } from "./contract-pdf.server";

let ctx: AppContext;
const T0 = new Date("2026-11-20T09:00:00.000Z");
const later = (days: number) => new Date(T0.getTime() + days * 86_400_000);

const setPhone = (phone: string) =>
  ctx.db.updateTable("shop_settings").set({ phone }).where("id", "=", "shop").execute();
const versions = () => ctx.db.selectFrom("cgv_versions").selectAll().orderBy("number").execute();

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db
    .insertInto("shop_settings")
    .values({ id: "shop", shop_name: "Nacre", phone: "02 97 00 00 01", email: "bonjour@nacre.test" })
    .execute();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.updateTable("orders").set({ cgv_version: null }).execute();
  await ctx.db.deleteFrom("cgv_versions").execute();
  await setPhone("02 97 00 00 01");
});

describe("CGV versions", () => {
  it("publishes the text in force once, and a new version, dated, each time the settings change it", async () => {
    const first = await currentCgvVersion(ctx.db, T0);
    expect(first).toMatchObject({ number: 1, effectiveAt: T0.toISOString() });
    expect(first.markdown).toContain("02 97 00 00 01");
    expect(await currentCgvVersion(ctx.db, later(1))).toEqual(first);
    expect(await versions()).toHaveLength(1);

    await setPhone("02 97 00 00 02");
    const second = await currentCgvVersion(ctx.db, later(2));
    expect(second).toMatchObject({ number: 2, effectiveAt: later(2).toISOString() });
    expect(second.markdown).toContain("02 97 00 00 02");
    expect(second.contentHash).not.toBe(first.contentHash);
    // The version an order was concluded under keeps its text.
    expect(await findCgvVersion(ctx.db, 1)).toEqual(first);

    // Back to the first text: a change again, so a new version, not the old number.
    await setPhone("02 97 00 00 01");
    const third = await currentCgvVersion(ctx.db, later(3));
    expect(third).toMatchObject({ number: 3, contentHash: first.contentHash });

    const page = cgvVersionDocument(second);
    expect(page.version).toEqual({
      number: 2,
      effectiveAt: later(2).toISOString(),
      pdfHref: "/cgv/versions/2/pdf",
    });
    expect(page.updatedOn).toBe("2026-11-22");
    expect(page.sections.map((section) => section.id)).toContain("annexe-1");
    expect(page.sections.find((section) => section.id === "article-14")?.html).toContain("02 97 00 00 02");
  });

  it("agrees on one new version when requests and payments publish the same change at once", async () => {
    await currentCgvVersion(ctx.db, T0);
    await setPhone("02 97 00 00 09");
    const seen = await Promise.all([
      ...Array.from({ length: 4 }, () => currentCgvVersion(ctx.db, later(1))),
      ...Array.from({ length: 4 }, () =>
        ctx.db.transaction().execute((trx) => currentCgvVersion(trx, later(1))),
      ),
    ]);
    expect(new Set(seen.map((version) => version.number))).toEqual(new Set([2]));
    expect((await versions()).map((row) => Number(row.number))).toEqual([1, 2]);
  });

  it("takes only a plain positive number as a version", () => {
    expect(versionNumber("12")).toBe(12);
    for (const bad of [undefined, "", "0", "012", "-1", "1e3", "abc", "1.5", "9999999999"])
      expect(versionNumber(bad), String(bad)).toBeNull();
  });
});

describe("the contract's PDFs", () => {
  it("draws a CGV version with its number, date and whole text", async () => {
    const version = await currentCgvVersion(ctx.db, T0);
    const text = pdfText(await cgvPdf(version, "https://nacre.test"));
    for (const expected of [
      "Conditions Générales de Vente",
      "Version 1, en vigueur depuis le 20 novembre 2026",
      "Article 2 — Identification du vendeur",
      "Téléphone : 02 97 00 00 01",
      "Article 8 — Droit de rétractation",
      "« Renoncer au contrat ici »",
      "Annexe 1 — Formulaire de rétractation",
      "Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat",
      "Article 1641",
      "page 1 sur",
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toMatch(/&nbsp;|\{\{|\\\*/);
  });

  it("draws the Code's model withdrawal form, addressed to the seller from the settings", async () => {
    const legal = await getLegalDetails(ctx.db);
    const text = pdfText(await withdrawalFormPdf(withdrawalAddressee(legal), T0));
    expect(text).toContain("MODÈLE DE FORMULAIRE DE RÉTRACTATION");
    expect(text).toContain("Annexe à l'article R221-1 du Code de la consommation");
    for (const line of [
      "(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)",
      "À l'attention de Nacre",
      "bonjour@nacre.test :",
      "Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :",
      "Commandé le (*)/reçu le (*) :",
      "Nom du (des) consommateur(s) :",
      "Adresse du (des) consommateur(s) :",
      "Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :",
      "Date :",
      "(*) Rayez la mention inutile.",
    ])
      expect(text, line).toContain(line);
  });
});
