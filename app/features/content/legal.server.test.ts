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
  deliveryRates: null,
};
const blank: LegalDetails = {
  ...Object.fromEntries(Object.keys(shop).map((key) => [key, ""])),
  shopName: "Nacre",
  inactivityMonths: 36,
  holdDays: 7,
  deliveryRates: null,
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

/** A section's words as a reader sees them: no tags, entities decoded, every kind of space one space. */
function sectionText(details: LegalDetails, id: string): string {
  const section = renderLegalDocument("cgv", details).sections.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`pas de section ${id}`);
  return section.html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\s\u00a0\u202f]+/g, " ");
}

describe("the CGV follow the settings they depend on (docs/product.md §10.26)", () => {
  // Each setting, a new value, the article that states it and the words a reader then finds there.
  const cases: [string, Partial<LegalDetails>, string, string][] = [
    ["nom commercial", { shopName: "Perles du Lagon" }, "article-2", "Nom commercial : Perles du Lagon"],
    ["exploitante", { ownerName: "Teura Marama" }, "article-2", "Exploitante : Teura Marama"],
    [
      "forme juridique",
      { legalForm: "SARL au capital de 1 000 €" },
      "article-2",
      "Forme juridique : SARL au capital de 1 000 €",
    ],
    ["SIRET", { siret: "987 654 321 00012" }, "article-2", "SIRET : 987 654 321 00012"],
    ["adresse", { addressLine: "3 chemin des Nacres" }, "article-2", "3 chemin des Nacres, 56170 Quiberon"],
    ["code postal", { postalCode: "29900" }, "article-8", "29900 Quiberon"],
    [
      "ville",
      { city: "Concarneau" },
      "article-8",
      "par courrier à Nacre, 14 rue des Goélands, 56170 Concarneau",
    ],
    ["téléphone", { phone: "07 11 22 33 44" }, "article-5", "par téléphone au 07 11 22 33 44"],
    [
      "téléphone (service client)",
      { phone: "07 11 22 33 44" },
      "article-14",
      "Par téléphone : 07 11 22 33 44",
    ],
    ["e-mail", { email: "atelier@perles.test" }, "article-8", "par e-mail à atelier@perles.test"],
    [
      "horaires des commandes",
      { orderHours: "le mardi de 10 h à 12 h" },
      "article-5",
      `${shopDefaults.phone}, le mardi de 10 h à 12 h.`,
    ],
    [
      "horaires (service client)",
      { orderHours: "le mardi de 10 h à 12 h" },
      "article-14",
      `${shopDefaults.phone}, le mardi de 10 h à 12 h`,
    ],
    ["durée de réservation", { holdDays: 12 }, "article-5", "puis 12 jours à compter de la demande"],
    ["durée de réservation (paiement)", { holdDays: 12 }, "article-6", "12 jours après la demande"],
    ["réservation d'un jour", { holdDays: 1 }, "article-5", "puis 1 jour à compter de la demande"],
    ["médiateur", { mediatorName: "Médiation Océane" }, "article-15", "Médiateur : Médiation Océane"],
    [
      "adresse du médiateur",
      { mediatorAddress: "2 quai des Ancres, 29200 Brest" },
      "article-15",
      "Adresse postale : 2 quai des Ancres, 29200 Brest",
    ],
    [
      "site du médiateur",
      { mediatorUrl: "https://mediation-oceane.test/" },
      "article-15",
      "Site internet : mediation-oceane.test",
    ],
    [
      "tarifs de livraison",
      {
        deliveryRates: {
          zones: [
            { label: "France métropolitaine", cents: 690 },
            { label: "Outre-mer", cents: null },
          ],
          freeFromCents: 12_000,
        },
      },
      "article-7",
      "Frais d'envoi postal : France métropolitaine : 6,90 € ; Outre-mer : sur devis ; offerte dès 120,00 € d'achat.",
    ],
    [
      "destinataire du formulaire",
      { ownerName: "Teura Marama" },
      "annexe-1",
      "À l'attention de Teura Marama (Nacre), 14 rue des Goélands",
    ],
    [
      "e-mail du formulaire",
      { email: "atelier@perles.test" },
      "annexe-1",
      "56170 Quiberon, atelier@perles.test :",
    ],
  ];

  it.each(cases)("%s", (_, change, article, expected) => {
    expect(sectionText(shop, article)).not.toContain(expected);
    expect(sectionText({ ...shop, ...change }, article)).toContain(expected);
  });

  it("states the real flow: the two-hour hold, the delivery modes, the confirmation with its PDFs, where to withdraw, the invoice", () => {
    expect(sectionText(shop, "article-5")).toContain("2 heures tant que vous n'avez pas confirmé");
    expect(sectionText(shop, "article-5")).toContain(
      "avec en pièces jointes les présentes CGV au format PDF, dans leur version en vigueur au jour du paiement, et le modèle de formulaire de rétractation",
    );
    expect(sectionText(shop, "article-7")).toContain(
      "« Envoi postal », « Retrait lors d'un événement » ou « Remise en main propre »",
    );
    expect(sectionText(shop, "article-7")).toContain("ils vous sont indiqués dans le récapitulatif");
    const withdrawal = sectionText(shop, "article-8");
    expect(withdrawal).toContain("avec le bouton « Renoncer au contrat ici » de la page de votre commande");
    expect(renderLegalDocument("cgv", shop).sections.find((s) => s.id === "article-8")?.html).toContain(
      '<a href="/retractation" data-discover="true">Rétractation</a>',
    );
    expect(sectionText(shop, "article-10")).toContain("téléchargeable depuis la page de votre commande");
    // The Code's model form, verbatim (annexe à l'article R221-1).
    const form = sectionText(shop, "annexe-1");
    for (const line of [
      "(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)",
      "Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :",
      "Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :",
      "(*) Rayez la mention inutile.",
    ])
      expect(form).toContain(line);
  });
});
