/**
 * Accessibility (docs/product.md §10.10, design brief): axe-core finds nothing on each page
 * template once, in its most complete state — side panels filled and open, the lightbox, the menu,
 * the filter drawer and the category chooser, an event's dialog, the order form, a paid order's page
 * (the withdrawal function, the invoice) and its withdrawal declaration, the customer's account with
 * a favourite, a cart, an order and a review — and in the states a visitor meets
 * first: the empty side panels, the forgot-password view and a reset link without its token, the
 * home page, the catalogue and a piece's page with its cart at 1280 px and at 390 px. On each
 * dashboard page, with its dialogs (an order's cancel dialog dismissed, then confirmed) and the
 * shop pages' inline editor open, on a sold piece's page too. The support chat with messages and
 * the seller's open conversation are checked in chat.spec.ts, the only spec that writes chat
 * messages.
 */
import type { Page } from "@playwright/test";
import { STORAGE } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, uniqueSuffix } from "./fixtures";

/** Wait for the page's main heading, so axe sees the finished page. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

// One axe pass over a whole page takes seconds on a busy two-core machine; several per test need room.
test.describe.configure({ timeout: 60_000 });

test.describe("shop pages", () => {
  test("the about page, the legal pages and the agenda with an event open", async ({ page }) => {
    for (const url of [
      "/a-propos",
      "/politique-de-confidentialite",
      "/mentions-legales",
      "/cgv",
      "/retractation",
      "/agenda",
    ]) {
      await open(page, url);
      await expectNoAxeViolations(page, url);
    }
    await page
      .getByRole("button", { name: /^En savoir plus/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "détail d'un événement");
  });

  test("the gallery, a sold piece, an order's page and its cancellation's confirmation, a paid order's page and its withdrawal declaration", async ({
    page,
    seed,
  }) => {
    const sold = await seed.product({ sold: true, unique: true, images: 2 });
    const order = await seed.order({ lines: [{ product: await seed.product() }] });
    const paid = await seed.order({ lines: [{ product: await seed.product() }], paid: true });
    for (const url of [
      `/galerie?categorie=${sold.category.id}`,
      `/galerie/vendu/${sold.slug}`,
      order.trackingPath,
      `${order.trackingPath}/annuler`,
    ]) {
      await open(page, url);
      await expectNoAxeViolations(page, url);
    }
    // Paid: the withdrawal function's block and the invoice, then the declaration it opens.
    await open(page, paid.trackingPath);
    await expect(page.getByRole("list", { name: "Factures et avoirs" })).toBeVisible();
    await expectNoAxeViolations(page, "commande payée");
    await page.getByRole("link", { name: /^Renoncer au contrat ici/ }).click();
    await expect(page.getByRole("form", { name: "Déclaration de rétractation" })).toBeVisible();
    await expectNoAxeViolations(page, "déclaration de rétractation");
  });

  test("a piece's page, its lightbox, and the filled cart and favourites panels", async ({ page, seed }) => {
    const product = await seed.product({ images: 3 });
    await open(page, `/catalogue/produit/${product.slug}`);
    await expectNoAxeViolations(page, "fiche produit");
    await page.getByRole("button", { name: "Agrandir l'image" }).click();
    await expect(page.getByRole("dialog", { name: "Image agrandie" })).toBeVisible();
    await expectNoAxeViolations(page, "visionneuse d'images");
    await page.keyboard.press("Escape");
    await page.getByRole("main").getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("button", { name: `Ajouter ${product.name} aux favoris` }).click();
    await page.getByRole("link", { name: "Panier (1)" }).click();
    await expect(page.getByRole("dialog", { name: "Votre Panier" }).getByRole("listitem")).toHaveCount(1);
    await expectNoAxeViolations(page, "panneau du panier rempli");
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Favoris (1)" }).click();
    await expect(page.getByRole("dialog", { name: "Vos Favoris" }).getByRole("listitem")).toHaveCount(1);
    await expectNoAxeViolations(page, "panneau des favoris rempli");
  });

  test("the contact form, then the order form of a filled cart", async ({ page, seed }) => {
    const product = await seed.product();
    await open(page, "/contact");
    await expectNoAxeViolations(page, "/contact");
    await open(page, `/catalogue/produit/${product.slug}`);
    await page.getByRole("main").getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("1");
    await open(page, "/contact?commande=panier");
    await expect(
      page.getByRole("region", { name: "Votre commande" }).getByRole("link", { name: product.name }),
    ).toBeVisible();
    await expectNoAxeViolations(page, "/contact?commande=panier");
  });

  test("search results with both sections, then a search that finds nothing", async ({ page, seed }) => {
    // A word of the test's own: other tests' pieces never push its results to a second page.
    const word = `Nerite${uniqueSuffix()}`;
    await seed.product({ name: `Broche ${word}` });
    await seed.product({ name: `Bague ${word}`, sold: true });
    await open(page, `/recherche?q=${word}`);
    await expect(page.getByRole("region", { name: /^Disponibles/ })).toBeVisible();
    await expect(page.getByRole("region", { name: /^Déjà vendues/ })).toBeVisible();
    await expectNoAxeViolations(page, "la page de résultats");
    await open(page, "/recherche?q=xylophone");
    await expect(page.getByText("Aucune pièce ne correspond à « xylophone ».")).toBeVisible();
    await expectNoAxeViolations(page, "la page de résultats vide");
  });

  test("sign-in, sign-up switched on the page, the forgot-password view, and a password reset with and without its token", async ({
    page,
  }) => {
    await open(page, "/auth");
    await expectNoAxeViolations(page, "/auth");
    await page.getByRole("link", { name: "Créer un compte" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créer un compte");
    await expectNoAxeViolations(page, "/auth onglet inscription");
    await open(page, "/auth?vue=oubli");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mot de passe oublié");
    await expectNoAxeViolations(page, "/auth?vue=oubli");
    await open(page, "/reinitialiser-mot-de-passe?token=jeton-de-test");
    await expectNoAxeViolations(page, "réinitialisation du mot de passe");
    await open(page, "/reinitialiser-mot-de-passe");
    await expect(page.getByRole("alert")).toHaveText(
      "Ce lien de réinitialisation n'est plus valable. Demandez-en un nouveau.",
    );
    await expectNoAxeViolations(page, "réinitialisation sans jeton");
  });

  test("the home page and the catalogue at 1280 px, then the empty favourites and cart panels", async ({
    page,
  }) => {
    await open(page, "/");
    await expectNoAxeViolations(page, "accueil (1280 px)");
    await open(page, "/catalogue");
    await expectNoAxeViolations(page, "catalogue (1280 px)");
    await page.getByRole("link", { name: "Favoris (0)" }).click();
    const favorites = page.getByRole("dialog", { name: "Vos Favoris" });
    await expect(favorites.getByText("Votre liste de favoris est vide.")).toBeVisible();
    await expectNoAxeViolations(page, "panneau des favoris vide");
    await page.keyboard.press("Escape");
    await expect(favorites).toHaveCount(0);
    await page.getByRole("link", { name: "Panier (0)" }).click();
    await expect(
      page.getByRole("dialog", { name: "Votre Panier" }).getByText("Votre panier est vide."),
    ).toBeVisible();
    await expectNoAxeViolations(page, "panneau du panier vide");
  });

  test("a customer's account with a favourite, a cart, an order and a review", async ({
    page,
    seed,
    login,
    baseURL,
  }) => {
    const [ordered, kept] = [await seed.product(), await seed.product()];
    const customer = await seed.customer();
    await login(page, customer);
    const request = page.context().request;
    const headers = { origin: baseURL as string };
    for (const [path, data] of [
      ["/api/panier", { intent: "add", productId: ordered.id }],
      ["/api/panier", { intent: "favorite", productId: kept.id }],
    ] as const)
      expect((await request.post(path, { data, headers })).ok()).toBe(true);
    const order = await request.post("/contact?commande=panier", {
      form: {
        "form-name": "commande",
        [`quantite.${ordered.id}`]: "1",
        name: customer.name,
        email: customer.email,
        delivery: "main_propre",
      },
      headers,
      maxRedirects: 0,
    });
    expect(order.status()).toBe(303);
    expect(
      (await request.post("/api/panier", { data: { intent: "add", productId: kept.id }, headers })).ok(),
    ).toBe(true);
    const review = await request.post("/mon-compte", {
      form: { intent: "review", rating: "5", comment: "Des perles superbes." },
      headers,
    });
    expect(review.ok()).toBe(true);
    await open(page, "/mon-compte");
    // The order's number heads its entry (« Annuler ma commande » names it again for screen readers).
    await expect(
      page
        .locator("#commandes")
        .getByText(/NAC-\d{4}-\d+/)
        .first(),
    ).toBeVisible();
    await expect(page.locator("#panier").getByText(kept.name)).toBeVisible();
    await expectNoAxeViolations(page, "/mon-compte");
  });

  test.describe("missing pages", () => {
    test.use({ allowedConsoleErrors: /status of 404/ });

    test("the 404 page and a missing piece", async ({ page }) => {
      await open(page, "/cette-page-n-existe-pas");
      await expectNoAxeViolations(page, "404");
      await open(page, "/catalogue/produit/introuvable");
      await expectNoAxeViolations(page, "produit introuvable");
    });
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the home page and its open menu", async ({ page }) => {
      await open(page, "/");
      await expectNoAxeViolations(page, "accueil (390 px)");
      await page.getByRole("button", { name: "Ouvrir le menu" }).click();
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      await expectNoAxeViolations(page, "menu ouvert (390 px)");
    });

    test("the catalogue, its filter drawer and its category chooser", async ({ page }) => {
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

    test("a piece's page and its open cart panel", async ({ page, seed }) => {
      const product = await seed.product({ images: 2 });
      await open(page, `/catalogue/produit/${product.slug}`);
      await expectNoAxeViolations(page, "fiche produit (390 px)");
      await page.getByRole("main").getByRole("button", { name: "Ajouter au panier" }).click();
      await page.getByRole("link", { name: "Panier (1)" }).click();
      await expect(page.getByRole("dialog", { name: "Votre Panier" }).getByRole("listitem")).toHaveCount(1);
      await expectNoAxeViolations(page, "panier ouvert (390 px)");
    });
  });
});

test.describe("dashboard", () => {
  test.use({ storageState: STORAGE.admin });

  for (const pages of [
    ["/admin", "/admin/commandes", "/admin/categories", "/admin/filtres", "/admin/agenda"],
    ["/admin/avis", "/admin/contacts", "/admin/utilisateurs", "/admin/mon-compte", "/admin/parametres"],
  ]) {
    test(`${pages.join(", ")}`, async ({ page }) => {
      for (const url of pages) {
        await open(page, url);
        await expectNoAxeViolations(page, url);
      }
    });
  }

  test("/admin/produits and its add-product dialog", async ({ page }) => {
    await open(page, "/admin/produits");
    await expectNoAxeViolations(page, "/admin/produits");
    await page.getByRole("button", { name: "Ajouter un produit" }).click();
    await expect(
      page.getByRole("dialog", { name: "Ajouter un produit" }).getByLabel("Nom", { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page, "dialogue « Ajouter un produit »");
  });

  test("an order's page and its cancel dialog, dismissed then confirmed", async ({ page, seed }) => {
    const order = await seed.order({ lines: [{ product: await seed.product() }] });
    await open(page, `/admin/commandes/${order.id}`);
    await expectNoAxeViolations(page, "/admin/commandes/:id");
    const status = page.locator("h1 + span");
    await expect(status).toHaveText("Nouvelle");
    await page.getByRole("button", { name: "Annuler la commande" }).click();
    const dialog = page.getByRole("dialog", { name: "Annuler la commande" });
    await expect(dialog).toContainText(`Annuler la commande ${order.number} ?`);
    await expectNoAxeViolations(page, "dialogue « Annuler la commande »");
    // 'Garder la commande' closes the dialog and changes nothing.
    await dialog.getByRole("button", { name: "Garder la commande" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(status).toHaveText("Nouvelle");
    await page.getByRole("button", { name: "Annuler la commande" }).click();
    await dialog.getByRole("button", { name: "Annuler la commande" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Commande annulée." })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(status).toHaveText("Annulée");
    await expect(page.getByText("Cette commande est annulée : aucune étape ne reste.")).toBeVisible();
  });

  test("the shop's pages as the admin sees them, the inline editor open on a card, on a piece's page and on a sold piece's page", async ({
    page,
    seed,
  }) => {
    const product = await seed.product({ images: 2 });
    const sold = await seed.product({ sold: true, unique: true, images: 2 });
    await open(page, `/catalogue?categorie=${product.category.id}`);
    await page.getByRole("button", { name: `Modifier « ${product.name} »` }).click();
    const editor = page.getByTestId("inline-editor");
    await expect(editor.getByRole("button", { name: "Sauvegarder" })).toBeVisible();
    await expectNoAxeViolations(page, "éditeur en place d'une carte");
    await open(page, `/catalogue/produit/${product.slug}`);
    await page.getByRole("button", { name: `Modifier « ${product.name} »` }).click();
    await expect(editor.getByTestId("product-image")).toHaveCount(2);
    await expectNoAxeViolations(page, "éditeur en place d'une fiche produit");
    await open(page, `/galerie/vendu/${sold.slug}`);
    await page.getByRole("button", { name: `Modifier « ${sold.name} »` }).click();
    await expect(editor.getByLabel("Vendu")).toBeChecked();
    await expectNoAxeViolations(page, "éditeur en place d'une pièce vendue");
  });
});
