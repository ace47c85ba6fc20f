/**
 * The site shell (docs/product.md §2 "Header and footer", "Sticky buttons", guards) for the three kinds of
 * visitor: anonymous, customer and admin.
 */
import { STORAGE } from "./accounts";
import { expect, test, waitForHydration } from "./fixtures";

const SECTION_LINKS = ["Accueil", "À propos", "Catalogue", "Galerie", "Agenda", "Contact"];

test.describe("anonymous visitor", () => {
  test("the header links every section and offers Connexion, favourites and cart", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    for (const label of SECTION_LINKS) await expect(nav.getByRole("link", { name: label })).toBeVisible();
    await nav.getByRole("link", { name: "Catalogue" }).click();
    await expect(page).toHaveURL(/\/catalogue$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catalogue");

    const account = page.getByRole("banner").getByRole("link", { name: "Connexion" });
    await expect(account).toHaveAttribute("href", "/auth");
    await expect(account).toHaveAttribute("title", "Connexion");
    await expect(page.getByRole("button", { name: "Favoris (0)" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Panier (0)" })).toBeVisible();
    // docs/product.md §2: a badge only "when at least one item".
    await expect(page.getByTestId("favoris-count")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: /Instagram/ })).toHaveAttribute(
      "href",
      "https://www.instagram.com/nacre.bijoux",
    );
  });

  test("the footer shows the site map, contact details, legal links and this year's copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByText(`© ${new Date().getFullYear()} Nacre — Tous droits réservés.`),
    ).toBeVisible();
    const siteMap = footer.getByRole("navigation", { name: "Plan du site" });
    for (const label of SECTION_LINKS) await expect(siteMap.getByRole("link", { name: label })).toBeVisible();
    await expect(footer.getByText("14 rue des Goélands")).toBeVisible();
    await expect(footer.getByRole("link", { name: "06 42 18 73 95" })).toHaveAttribute(
      "href",
      "tel:+33642187395",
    );
    await expect(footer.getByRole("link", { name: "bonjour@nacre.test" })).toHaveAttribute(
      "href",
      "mailto:bonjour@nacre.test",
    );
    await footer.getByRole("link", { name: "Conditions générales de vente" }).click();
    await expect(page).toHaveURL(/\/cgv$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conditions Générales de Vente");
    await expect(footer.getByText(/Site réalisé avec soin/)).toBeVisible();
  });

  test("the favourites and cart sidebars open, show their empty state and close", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Favoris (0)" }).click();
    const favorites = page.getByRole("dialog", { name: "Vos Favoris" });
    await expect(favorites.getByText("Votre liste de favoris est vide.")).toBeVisible();
    await expect(favorites.getByRole("button", { name: "Contacter pour commander" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(favorites).toHaveCount(0);

    await page.getByRole("button", { name: "Panier (0)" }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    await expect(cart.getByText("Votre panier est vide.")).toBeVisible();
    await cart.getByRole("button", { name: "Fermer" }).click();
    await expect(cart).toHaveCount(0);

    await page.getByRole("button", { name: "Panier (0)" }).click();
    await page.getByTestId("panel-overlay").click({ position: { x: 10, y: 10 } });
    await expect(page.getByRole("dialog", { name: "Votre Panier" })).toHaveCount(0);
  });

  test("the scroll-to-top button appears after 300 px and brings the page back up", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 600 });
    await page.goto("/");
    const button = page.getByRole("button", { name: "Revenir en haut de la page" });
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test("every route change starts at the top of the page", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 600 });
    await page.goto("/");
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: "Mentions légales" })
      .scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole("contentinfo").getByRole("link", { name: "Mentions légales" }).click();
    await expect(page).toHaveURL(/\/mentions-legales$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the phone button reveals the number on click", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Afficher le numéro de téléphone" });
    await toggle.click();
    await expect(page.getByRole("button", { name: "Masquer le numéro de téléphone" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(page.locator("#sticky-phone-number")).toHaveAttribute("href", "tel:+33642187395");
    await expect(page.locator("#sticky-phone-number")).toBeVisible();
  });

  test("protected pages send an anonymous visitor to /auth", async ({ page }) => {
    await page.goto("/mon-compte");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmon-compte$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connexion");
    await page.goto("/admin/produits");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fproduits$/);
  });

  test.describe("on a missing page", () => {
    test.use({ allowedConsoleErrors: /status of 404/ });
    test("a French 404 page is shown", async ({ page }) => {
      const response = await page.goto("/cette-page-n-existe-pas");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cette page s'est perdue en mer");
      await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toBeVisible();
    });
    test("a missing product says 'Oups !' with a link back to the catalogue", async ({ page }) => {
      const response = await page.goto("/catalogue/produit/introuvable");
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Oups !")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        'Le produit avec le slug "introuvable" n\'a pas été trouvé.',
      );
      await page.getByRole("link", { name: "Retour au catalogue" }).click();
      await expect(page).toHaveURL(/\/catalogue$/);
    });
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens over an overlay, locks scrolling and closes on navigation", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);
    await menu.getByRole("link", { name: "Galerie" }).click();
    await expect(page).toHaveURL(/\/galerie$/);
    await expect(menu).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
  });

  test("closes with the overlay, the close button and Escape", async ({ page }) => {
    await page.goto("/");
    const open = page.getByRole("button", { name: "Ouvrir le menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await open.click();
    await page.getByTestId("menu-overlay").click({ position: { x: 370, y: 400 } });
    await expect(menu).toBeHidden();
    await open.click();
    await menu.getByRole("button", { name: "Fermer le menu" }).click();
    await expect(menu).toBeHidden();
    await open.click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
  });

  test("is not used from 768 px up", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  });
});

test.describe("login", () => {
  test.use({ allowedConsoleErrors: /status of 401/ });

  test("wrong credentials give the spec's French message", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill("cliente@nacre.test");
    await page.getByLabel("Mot de passe", { exact: true }).fill("pas-le-bon-mot-de-passe");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Erreur de connexion. Vérifiez vos identifiants.");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("the password can be shown and hidden", async ({ page }) => {
    await page.goto("/auth");
    const password = page.getByLabel("Mot de passe", { exact: true });
    await password.fill("secret-123");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Afficher le mot de passe" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Masquer le mot de passe" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });
});

test.describe("customer", () => {
  test.use({ storageState: STORAGE.customer });

  test("sees Mon Compte and the badges of the saved favourites and cart", async ({ page }) => {
    await page.goto("/");
    const account = page.getByRole("banner").getByRole("link", { name: "Mon Compte" });
    await expect(account).toHaveAttribute("href", "/mon-compte");
    await expect(page.getByTestId("favoris-count")).toHaveText("3");
    await expect(page.getByTestId("panier-count")).toHaveText("1");
    await page.getByRole("button", { name: "Panier (1)" }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    await expect(cart.getByRole("listitem")).toHaveCount(1);
    await expect(cart.getByRole("button", { name: "Contacter pour commander" })).toBeEnabled();
    await cart.getByRole("button", { name: "Contacter pour commander" }).click();
    await expect(cart).toHaveCount(0);
    await expect(page).toHaveURL(/\/contact\?commande=(panier|favoris)$/);
  });

  test("is sent from /auth to /mon-compte and from /admin back with 'Accès non autorisé.'", async ({
    page,
  }) => {
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/mon-compte$/);
    await page.goto("/admin/utilisateurs");
    await expect(page).toHaveURL(/\/mon-compte\?acces=refuse$/);
    await expect(page.getByRole("alert")).toHaveText("Accès non autorisé.");
  });
});

test.describe("admin", () => {
  test.use({ storageState: STORAGE.admin });

  test("sees Tableau de bord, reaches /admin from /auth, and the admin area hides the site widgets", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Afficher le numéro de téléphone" })).toBeVisible();
    const account = page.getByRole("banner").getByRole("link", { name: "Tableau de bord" });
    await expect(account).toHaveAttribute("href", "/admin");
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vue d'ensemble");
    const adminNav = page.getByRole("navigation", { name: "Administration" });
    for (const label of [
      "Vue d'ensemble",
      "Commandes",
      "Produits",
      "Catégories",
      "Filtres",
      "Agenda",
      "Avis",
      "Messages",
      "Contacts",
      "Utilisateurs",
      "Mon compte",
      "Paramètres",
    ]) {
      // "Messages" may carry the unread badge of conversations other tests leave open.
      // "Commandes" may carry the count of new orders other tests placed.
      const name =
        label === "Messages"
          ? /^Messages( \d+ non lus?)?$/
          : label === "Commandes"
            ? /^Commandes( \d+ nouvelles?)?$/
            : label;
      await expect(adminNav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Afficher le numéro de téléphone" })).toHaveCount(0);
    await adminNav.getByRole("link", { name: "Produits" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Produits");
  });
});

test.describe("logout", () => {
  test("returns home signed out", async ({ browser }) => {
    // Its own session: logging out must not end the shared customer session of other tests.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/auth?redirectTo=%2Fmon-compte");
    await waitForHydration(page);
    await page.getByLabel("Email").fill("cliente@nacre.test");
    await page.getByLabel("Mot de passe", { exact: true }).fill("Cliente-Nacre-2026");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/mon-compte$/);
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toBeVisible();
    await page.goto("/mon-compte");
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
    await context.close();
  });
});
