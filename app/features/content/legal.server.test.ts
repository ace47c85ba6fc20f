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
  mediatorName: "CM2C — Centre de la médiation de la consommation de conciliateurs de justice",
  mediatorAddress: "14 rue Saint-Jean, 75017 Paris",
  mediatorUrl: "https://www.cm2c.net/",
  inactivityMonths: 36,
  orderHours: "du lundi au vendredi de 9 h à 18 h",
  holdDays: 7,
};
const blank: LegalDetails = {
  ...Object.fromEntries(Object.keys(shop).map((key) => [key, ""])),
  shopName: "Nacre",
  inactivityMonths: 36,
  holdDays: 7,
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

  it("names the consumer mediator in the mentions légales and the CGV, linked to its website", () => {
    const link = '<a href="https://www.cm2c.net/" rel="noreferrer" target="_blank">www.cm2c.net</a>';
    for (const name of ["mentions-legales", "cgv"] as const) {
      const text = html(name, shop);
      expect(text).toContain(`<strong>Médiateur&nbsp;:</strong> ${shop.mediatorName}</li>`);
      expect(text).toContain("14 rue Saint-Jean, 75017 Paris</li>");
      expect(text).toContain(link);
      expect(text).not.toContain("communiquées sur simple demande");
    }
  });

  it("says the mediator's details are given on request while the settings do not name one", () => {
    const cgv = renderLegalDocument("cgv", blank).sections.find((section) => section.id === "article-15");
    expect(cgv?.html).toContain("Ses coordonnées vous sont communiquées sur simple demande");
    expect(cgv?.html).not.toContain("Médiateur&nbsp;:");
    const notice = html("mentions-legales", blank);
    expect(notice).toContain("Ses coordonnées vous sont communiquées sur simple demande à");
    expect(notice).not.toContain("Médiateur&nbsp;:");
  });

  it("states the inactivity limit of the settings, the warning e-mail and the self-service rights", () => {
    const retention = (months: number) =>
      renderLegalDocument("politique-de-confidentialite", {
        ...shop,
        inactivityMonths: months,
      }).sections.find((section) => section.id === "article-5")?.html ?? "";
    expect(retention(36)).toContain("Après\n3 ans sans aucune activité sur votre compte");
    expect(retention(24)).toContain("2 ans sans aucune activité");
    expect(retention(18)).toContain("18 mois sans aucune activité");
    expect(retention(36)).not.toContain("trois ans sans connexion");
    expect(retention(36)).toContain("un e-mail de prévenance vous est envoyé 30 jours avant");
    expect(retention(36)).toContain("seules les commandes payées sont conservées, rendues\nanonymes");
    const rights = html("politique-de-confidentialite", shop);
    expect(rights).toContain("«&nbsp;Télécharger mes données&nbsp;»");
    expect(rights).toContain("«&nbsp;Supprimer mon compte&nbsp;»");
    expect(rights).toContain('<a href="/mon-compte" data-discover="true">Mon compte</a>');
  });

  it("escapes the settings' values: no markup or Markdown from the back office", () => {
    const hostile = { ...shop, shopName: '<img src=x onerror="alert(1)"> *gras* [lien](javascript:x)' };
    const text = html("cgv", hostile);
    expect(text).not.toContain("<img");
    expect(text).not.toContain("<em>gras</em>");
    expect(text).not.toContain('href="javascript:');
    expect(text).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; *gras* [lien](javascript:x)");
  });

  it("escapes the mediator's values: its name is text, its website cannot close the link", () => {
    const hostile = {
      ...shop,
      mediatorName: "<script>x</script> **Médiateur**",
      mediatorUrl: 'https://exemple.fr/a")<b>[x](javascript:y)',
    };
    for (const name of ["mentions-legales", "cgv"] as const) {
      const text = html(name, hostile);
      expect(text).not.toContain("<script>");
      expect(text).not.toContain("<b>");
      expect(text).not.toContain('href="javascript:');
      expect(text).toContain("&lt;script&gt;x&lt;/script&gt; **Médiateur**");
      expect(text).toContain('href="https://exemple.fr/a&#34;)&#60;b&#62;[x](javascript:y)"');
    }
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
