/**
 * The three legal pages as the demo shop serves them (docs/product.md §2 "Legal pages", §9): their
 * title, the shop's details from its settings, the cookie notice, the table of contents leading to
 * each section, and what each text must say. The Markdown itself is tested in
 * app/features/content/legal.server.test.ts; here the routes render it with the stored settings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { element, links, pageHtml, textOf } from "../support/page-html";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop("legal-pages");
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

const PAGES = [
  { path: "/mentions-legales", title: "Mentions Légales" },
  { path: "/politique-de-confidentialite", title: "Politique de Confidentialité" },
  { path: "/cgv", title: "Conditions Générales de Vente" },
];

async function legalPage(path: string) {
  const html = await pageHtml(shop.url, path);
  const main = element(html, "<main");
  return { html, main, text: textOf(main) };
}

describe("the legal pages", () => {
  it.each(PAGES)(
    "$path: its title, the shop's details, the cookie notice, and a contents list of its sections",
    async ({ path, title }) => {
      const { main, text } = await legalPage(path);
      expect(textOf(element(main, "<h1"))).toBe(title);
      for (const detail of [
        "Nacre",
        "14 rue des Goélands",
        "56170 Quiberon",
        "module de gestion des cookies",
      ])
        expect(text).toContain(detail);
      expect(links(main)).toContainEqual({ href: "mailto:bonjour@nacre.test", text: "bonjour@nacre.test" });
      expect(text).toMatch(
        path === "/cgv" ? /Version \d+, en vigueur depuis le/ : /Dernière mise à jour\s?:/,
      );
      const contents = links(element(main, 'aria-label="Sommaire"'));
      expect(contents.length).toBeGreaterThan(2);
      for (const { href } of contents) {
        expect(href).toMatch(/^#[a-z0-9-]+$/);
        expect(main).toContain(`id="${href.slice(1)}"`);
      }
    },
  );

  it("the legal notice names the publisher, the publication director, the host, the cookies and the mediator", async () => {
    const { main, text } = await legalPage("/mentions-legales");
    const headings = [...main.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((match) => textOf(match[1] ?? ""));
    for (const heading of [
      "Éditeur du site",
      "Directrice de la publication",
      "Hébergeur",
      "Cookies",
      "Médiation de la consommation",
    ])
      expect(headings).toContain(heading);
    for (const detail of [
      "Vaimiti Le Gall",
      "912 345 675 00017",
      "OVH SAS",
      "2 rue Kellermann, 59100 Roubaix",
      "nacre.session_token",
      "CM2C — Centre de la médiation de la consommation de conciliateurs de justice",
      "14 rue Saint-Jean, 75017 Paris",
    ])
      expect(text).toContain(detail);
    expect(links(main)).toContainEqual(
      expect.objectContaining({
        href: "/politique-de-confidentialite",
        text: "politique de confidentialité",
      }),
    );
  });

  it("the privacy policy: exactly 13 articles, the 72-hour breach rule, every data right and the self-service ones", async () => {
    const { main, text } = await legalPage("/politique-de-confidentialite");
    const articles = [...main.matchAll(/<h2[^>]*>(Article \d+ — [\s\S]*?)<\/h2>/g)].map((match) =>
      textOf(match[1] ?? ""),
    );
    expect(articles).toHaveLength(13);
    expect(articles[0]).toBe("Article 1 — Responsable du traitement");
    expect(articles[12]).toBe("Article 13 — Contact");
    expect(links(element(main, 'aria-label="Sommaire"'))).toHaveLength(13);
    for (const rule of [
      "72 heures",
      "droit d'accès",
      "droit de rectification",
      "droit à l'effacement",
      "droit d'opposition",
      "droit à la limitation",
      "droit à la portabilité",
      "CNIL",
      "Durées de conservation",
      "Consentement",
      "Après 3 ans sans aucune activité sur votre compte",
      "un e-mail de prévenance vous est envoyé 30 jours avant",
      "« Télécharger mes données »",
      "« Supprimer mon compte »",
    ])
      expect(text.replace(/\u00a0/g, " ")).toContain(rule);
  });

  it("the CGV: numbered and dated, the 14-day withdrawal and its form, payment, delivery modes, guarantees, the mediator and /contact", async () => {
    const { main, text } = await legalPage("/cgv");
    // A version's date, not the template's (ADR 029).
    expect(text).toMatch(/Version \d+, en vigueur depuis le \d{1,2} \S+ \d{4}/);
    const headings = [...main.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((match) => textOf(match[1] ?? ""));
    expect(headings.some((heading) => heading.includes("Droit de rétractation"))).toBe(true);
    expect(headings.some((heading) => heading.startsWith("Annexe 1 — Formulaire de rétractation"))).toBe(
      true,
    );
    for (const rule of [
      "délai de 14 jours",
      "lien de paiement sécurisé",
      "« Envoi postal »",
      "« Retrait lors d'un événement »",
      "« Remise en main propre »",
      "120 euros",
      // The order hours of the settings, in article 14 as in article 5.
      "Par téléphone : 06 42 18 73 95, du lundi au vendredi de 9h à 18h, le samedi de 9h à 12h",
      "L217-3",
      "1641",
      "Médiation de la consommation",
    ])
      expect(text.replace(/\u00a0/g, " ")).toContain(rule);
    // The demo's mediator, from the settings, in its own article.
    const mediation = main.slice(main.indexOf('id="article-15"'), main.indexOf('id="article-16"'));
    expect(textOf(mediation)).toContain("CM2C");
    expect(links(main)).toContainEqual({ href: "https://www.cm2c.net", text: "www.cm2c.net" });
    expect(links(main)).toContainEqual(expect.objectContaining({ href: "/contact", text: "page Contact" }));
  });
});
