/**
 * The legal pages (docs/product.md §2 "Legal pages", §9 shop rules): mentions légales, privacy policy in 13
 * articles and CGV, filled from the seeded shop settings, reachable from the footer and readable
 * on a phone.
 */
import { expect, test } from "./fixtures";

const PAGES = [
  { path: "/mentions-legales", footerLink: "Mentions légales", title: "Mentions Légales" },
  {
    path: "/politique-de-confidentialite",
    footerLink: "Politique de confidentialité",
    title: "Politique de Confidentialité",
  },
  { path: "/cgv", footerLink: "Conditions générales de vente", title: "Conditions Générales de Vente" },
];

for (const { path, title } of PAGES) {
  test(`${path} shows its title, the shop's details and the cookie-management module`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const main = page.getByRole("main");
    await expect(main).toContainText("Nacre");
    await expect(main).toContainText("14 rue des Goélands");
    await expect(main).toContainText("56170 Quiberon");
    await expect(main.getByRole("link", { name: "bonjour@nacre.test" }).first()).toHaveAttribute(
      "href",
      "mailto:bonjour@nacre.test",
    );
    await expect(main).toContainText("module de gestion des cookies");
    await expect(main.getByText(/^Dernière mise à jour\s:/)).toBeVisible();

    // The table of contents leads to its sections.
    const toc = page.getByRole("navigation", { name: "Sommaire" });
    const firstEntry = toc.getByRole("link").first();
    const target = await firstEntry.getAttribute("href");
    await firstEntry.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(main.locator(`h2${target}`)).toBeInViewport();
  });
}

test("the legal notice names the publisher, the publication director and the host", async ({ page }) => {
  await page.goto("/mentions-legales");
  const main = page.getByRole("main");
  for (const heading of ["Éditeur du site", "Directrice de la publication", "Hébergeur", "Cookies"]) {
    await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(main).toContainText("Vaimiti Le Gall");
  await expect(main).toContainText("912 345 675 00017");
  await expect(main).toContainText("OVH SAS");
  await expect(main).toContainText("2 rue Kellermann, 59100 Roubaix");
  await expect(main).toContainText("nacre.session_token");
  await expect(main.getByRole("heading", { level: 2, name: "Médiation de la consommation" })).toBeVisible();
  await expect(main).toContainText(
    "CM2C — Centre de la médiation de la consommation de conciliateurs de justice",
  );
  await expect(main).toContainText("14 rue Saint-Jean, 75017 Paris");
  await main.getByRole("link", { name: "politique de confidentialité" }).click();
  await expect(page).toHaveURL(/\/politique-de-confidentialite$/);
});

test("the privacy policy has exactly 13 articles, the 72-hour breach rule and the data rights", async ({
  page,
}) => {
  await page.goto("/politique-de-confidentialite");
  const main = page.getByRole("main");
  const articles = main.getByRole("heading", { level: 2, name: /^Article \d+ — / });
  await expect(articles).toHaveCount(13);
  await expect(articles.first()).toHaveText("Article 1 — Responsable du traitement");
  await expect(articles.last()).toHaveText("Article 13 — Contact");
  await expect(page.getByRole("navigation", { name: "Sommaire" }).getByRole("link")).toHaveCount(13);
  await expect(main).toContainText("72 heures");
  for (const right of [
    "droit d'accès",
    "droit de rectification",
    "droit à l'effacement",
    "droit d'opposition",
    "droit à la limitation",
    "droit à la portabilité",
  ]) {
    await expect(main).toContainText(right);
  }
  await expect(main).toContainText("CNIL");
  await expect(main).toContainText("Durées de conservation");
  // The demo's inactivity limit (36 months) and the self-service rights (docs/product.md §10.21).
  await expect(main).toContainText("Après 3 ans sans aucune activité sur votre compte");
  await expect(main).toContainText("un e-mail de prévenance vous est envoyé 30 jours avant");
  await expect(main).toContainText("« Télécharger mes données »");
  await expect(main).toContainText("« Supprimer mon compte »");
  await expect(main).toContainText("Consentement");
});

test("the CGV are dated 23 November 2026, give the 14-day withdrawal right and link to /contact", async ({
  page,
}) => {
  await page.goto("/cgv");
  const main = page.getByRole("main");
  await expect(main.getByText("Dernière mise à jour : 23 novembre 2026")).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: /Droit de rétractation/ })).toBeVisible();
  await expect(main).toContainText("délai de 14 jours");
  await expect(
    main.getByRole("heading", { level: 2, name: /^Annexe 1 — Formulaire de rétractation/ }),
  ).toBeVisible();
  await expect(main).toContainText("lien de paiement sécurisé");
  for (const carrier of ["Colissimo", "Chronopost", "Point Relais"])
    await expect(main).toContainText(carrier);
  await expect(main).toContainText("120 euros");
  await expect(main).toContainText("du lundi au vendredi de 9 h à 18 h, et le samedi de 9 h à 12 h");
  await expect(main).toContainText("L217-3");
  await expect(main).toContainText("1641");
  await expect(main).toContainText("Médiation de la consommation");
  // The demo's mediator, from the settings (docs/product.md §10.21).
  const mediation = main.locator("section", { has: page.locator("h2#article-15") });
  await expect(mediation).toContainText("CM2C");
  await expect(mediation.getByRole("link", { name: "www.cm2c.net" })).toHaveAttribute(
    "href",
    "https://www.cm2c.net",
  );

  await main.getByRole("link", { name: "page Contact" }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the footer links reach each legal page", async ({ page }) => {
  await page.goto("/");
  for (const { path, footerLink, title } of PAGES) {
    await page.getByRole("contentinfo").getByRole("link", { name: footerLink }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the legal texts fit the screen without horizontal scrolling", async ({ page }) => {
    for (const { path, title } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      // The contents are folded on a phone and unfold on a tap.
      const toc = page.getByRole("navigation", { name: "Sommaire" });
      await expect(toc.getByRole("link").first()).toBeHidden();
      await toc.getByText("Sommaire").click();
      await expect(toc.getByRole("link").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});
