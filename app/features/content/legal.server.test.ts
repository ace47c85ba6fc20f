import { describe, expect, it } from "vitest";
import { LEGAL_TEXTS, type LegalDetails, type LegalTextName, renderLegalDocument } from "./legal.server";
import { shopDefaults } from "./shop-defaults";

const shop: LegalDetails = {
  shopName: shopDefaults.shopName,
  ownerName: shopDefaults.ownerName,
  legalForm: shopDefaults.legalForm,
  siret: shopDefaults.siret,
  addressLine: shopDefaults.addressLine,
  postalCode: shopDefaults.postalCode,
  city: shopDefaults.city,
  phone: shopDefaults.phone,
  email: shopDefaults.email,
  hostName: shopDefaults.hostName,
  hostAddress: shopDefaults.hostAddress,
};
const blank: LegalDetails = {
  ...Object.fromEntries(Object.keys(shop).map((key) => [key, ""])),
  shopName: "Nacre",
} as LegalDetails;
const names = Object.keys(LEGAL_TEXTS) as LegalTextName[];
const html = (name: LegalTextName, details: LegalDetails) => {
  const document = renderLegalDocument(name, details);
  return [document.preambleHtml, ...document.sections.map((section) => section.html)].join("\n");
};

describe("the legal pages' Markdown", () => {
  it.each(names)("%s renders with every field set and with every field blank", (name) => {
    for (const details of [shop, blank]) {
      const document = renderLegalDocument(name, details);
      expect(document.sections.length).toBeGreaterThan(5);
      for (const section of document.sections) {
        expect(section.html.startsWith(`<h2 id="${section.id}">`)).toBe(true);
      }
      expect(html(name, details)).not.toMatch(/\{\{|\}\}|\\[@.*_]/);
    }
  });

  it("fills in the shop's details, the e-mail as a mailto link", () => {
    const notice = html("mentions-legales", shop);
    expect(notice).toContain("<li><strong>SIRET&nbsp;:</strong> 912 345 675 00017</li>");
    expect(notice).toContain("<li><strong>Adresse&nbsp;:</strong> 14 rue des Goélands, 56170 Quiberon</li>");
    expect(notice).toContain('<a href="mailto:bonjour@nacre.test">bonjour@nacre.test</a>');
    expect(notice).toContain("est édité par Vaimiti Le Gall,");
  });

  it("leaves out the lines of blank fields and falls back to the contact page for the e-mail", () => {
    const notice = html("mentions-legales", blank);
    expect(notice).not.toContain("SIRET");
    expect(notice).not.toContain("mailto:");
    expect(notice).toContain('<a href="/contact" data-discover="true">page Contact</a>');
    expect(notice).toContain("est édité par Nacre,");
    expect(notice).toContain("La directrice de la publication est la responsable de Nacre.");
  });

  it("escapes the settings' values: no markup or Markdown from the back office", () => {
    const hostile = { ...shop, shopName: '<img src=x onerror="alert(1)"> *gras* [lien](javascript:x)' };
    const text = html("cgv", hostile);
    expect(text).not.toContain("<img");
    expect(text).not.toContain("<em>gras</em>");
    expect(text).not.toContain('href="javascript:');
    expect(text).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; *gras* [lien](javascript:x)");
  });

  it("keeps the page's anchors and numbering", () => {
    const privacy = renderLegalDocument("politique-de-confidentialite", shop);
    expect(privacy.sections.map((section) => section.id)).toEqual(
      Array.from({ length: 13 }, (_, i) => `article-${i + 1}`),
    );
    expect(privacy.sections[12]?.title).toBe("Article 13 — Contact");
    const cgv = renderLegalDocument("cgv", shop);
    expect(cgv.lead).toBe("Les conditions applicables à toute commande passée auprès de Nacre.");
    expect(cgv.sections.at(-1)?.id).toBe("annexe-2");
    expect(renderLegalDocument("mentions-legales", shop).sections[0]).toMatchObject({
      id: "editeur",
      title: "Éditeur du site",
    });
  });
});
