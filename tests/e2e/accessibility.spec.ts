/**
 * Accessibility (issue 11, design brief): axe-core finds nothing on every public page, the
 * customer's account and the open states (side panels, lightbox, drawers, mobile menu), at desktop
 * width and on a phone. Read-only: the guest basket lives in local storage, nothing is written.
 */
import type { Page } from "@playwright/test";
import { STORAGE } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { productWithPhotos, query } from "./demo-data";
import { expect, test } from "./fixtures";

function soldSlug(): string {
  return (
    query<{ slug: string }>("select slug from products where is_sold = 1 order by slug limit 1")[0] as {
      slug: string;
    }
  ).slug;
}

/** Wait for the page's main heading, so axe sees the finished page. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

// One axe pass over a whole page takes seconds on a busy two-core machine; several per test need room.
test.describe.configure({ timeout: 60_000 });

const PUBLIC_PAGES: [string, () => string][] = [
  ["l'accueil", () => "/"],
  ["À propos", () => "/a-propos"],
  ["le catalogue", () => "/catalogue"],
  ["une fiche produit", () => `/catalogue/produit/${productWithPhotos().slug}`],
  ["la galerie", () => "/galerie"],
  ["une pièce vendue", () => `/galerie/vendu/${soldSlug()}`],
  ["l'agenda", () => "/agenda"],
  ["le contact", () => "/contact"],
  ["le contact prérempli d'une commande", () => "/contact?commande=panier"],
  ["les mentions légales", () => "/mentions-legales"],
  ["la politique de confidentialité", () => "/politique-de-confidentialite"],
  ["les CGV", () => "/cgv"],
  ["la connexion", () => "/auth"],
  ["l'inscription", () => "/auth?vue=inscription"],
  ["le mot de passe oublié", () => "/auth?vue=oubli"],
  ["la réinitialisation sans jeton", () => "/reinitialiser-mot-de-passe"],
  ["la réinitialisation avec jeton", () => "/reinitialiser-mot-de-passe?token=jeton-de-test"],
];

test.describe("public pages", () => {
  for (const [name, url] of PUBLIC_PAGES) {
    test(`axe finds nothing on ${name}`, async ({ page }) => {
      const target = url();
      await open(page, target);
      await expectNoAxeViolations(page, target);
    });
  }

  test.describe("missing pages", () => {
    test.use({ allowedConsoleErrors: /status of 404/ });
    test("axe finds nothing on the 404 page and a missing product", async ({ page }) => {
      await open(page, "/cette-page-n-existe-pas");
      await expectNoAxeViolations(page, "404");
      await open(page, "/catalogue/produit/introuvable");
      await expectNoAxeViolations(page, "produit introuvable");
    });
  });

  test("axe finds nothing in the auth tabs switched on the page", async ({ page }) => {
    await open(page, "/auth");
    await page.getByRole("link", { name: "Créer un compte" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créer un compte");
    await expectNoAxeViolations(page, "/auth onglet inscription");
  });
});

test.describe("open states", () => {
  test("axe finds nothing in the empty favourites and cart panels", async ({ page }) => {
    await open(page, "/catalogue");
    await page.getByRole("button", { name: "Favoris (0)" }).click();
    await expect(page.getByRole("dialog", { name: "Vos Favoris" })).toBeVisible();
    await expectNoAxeViolations(page, "panneau des favoris vide");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Panier (0)" }).click();
    await expect(page.getByRole("dialog", { name: "Votre Panier" })).toBeVisible();
    await expectNoAxeViolations(page, "panneau du panier vide");
  });

  test("axe finds nothing in the filled cart and favourites panels", async ({ page }) => {
    const product = productWithPhotos();
    await open(page, `/catalogue/produit/${product.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("button", { name: `Ajouter ${product.name} aux favoris` }).click();
    await page.getByRole("button", { name: "Panier (1)" }).click();
    await expect(page.getByRole("dialog", { name: "Votre Panier" }).getByRole("listitem")).toHaveCount(1);
    await expectNoAxeViolations(page, "panneau du panier rempli");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Favoris (1)" }).click();
    await expect(page.getByRole("dialog", { name: "Vos Favoris" }).getByRole("listitem")).toHaveCount(1);
    await expectNoAxeViolations(page, "panneau des favoris rempli");
  });

  test("axe finds nothing in the product lightbox", async ({ page }) => {
    await open(page, `/catalogue/produit/${productWithPhotos().slug}`);
    await page.getByRole("button", { name: "Agrandir l'image" }).click();
    await expect(page.getByRole("dialog", { name: "Image agrandie" })).toBeVisible();
    await expectNoAxeViolations(page, "visionneuse d'images");
  });

  test("axe finds nothing in an open event of the agenda", async ({ page }) => {
    await open(page, "/agenda");
    await page
      .getByRole("button", { name: /^En savoir plus/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "détail d'un événement");
  });
});

test.describe("signed-in customer", () => {
  test.use({ storageState: STORAGE.customer });

  test("axe finds nothing on /mon-compte with the support chat", async ({ page }) => {
    await open(page, "/mon-compte");
    await expect(page.locator("#support").getByRole("heading", { name: "Support en ligne" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Votre message" })).toBeVisible();
    await expectNoAxeViolations(page, "/mon-compte");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("axe finds nothing on the home page and in the open menu", async ({ page }) => {
    await open(page, "/");
    await expectNoAxeViolations(page, "accueil (390 px)");
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoAxeViolations(page, "menu ouvert (390 px)");
  });

  test("axe finds nothing on the catalogue, its filter drawer and category chooser", async ({ page }) => {
    await open(page, "/catalogue");
    await expectNoAxeViolations(page, "catalogue (390 px)");
    await page.getByRole("button", { name: "Filtrer les créations" }).click();
    await expect(page.getByRole("form", { name: "Filtres" })).toBeVisible();
    await expectNoAxeViolations(page, "tiroir des filtres (390 px)");
    await page.getByRole("button", { name: "Fermer les filtres" }).click();
    await page.getByRole("button", { name: /Catégorie :/ }).click();
    await expect(page.getByRole("dialog", { name: "Choisir une catégorie" })).toBeVisible();
    await expectNoAxeViolations(page, "choix de catégorie (390 px)");
  });

  test("axe finds nothing on a product page and in the open cart panel", async ({ page }) => {
    await open(page, `/catalogue/produit/${productWithPhotos().slug}`);
    await expectNoAxeViolations(page, "fiche produit (390 px)");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("button", { name: "Panier (1)" }).click();
    await expect(page.getByRole("dialog", { name: "Votre Panier" })).toBeVisible();
    await expectNoAxeViolations(page, "panier ouvert (390 px)");
  });
});
