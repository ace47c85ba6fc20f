/**
 * Catalogue and gallery in a live page (docs/product.md §2, §10.6): a card's heart and its link, the
 * category tabs, the sort and the filters kept in the session and brought back, the mobile filter
 * drawer and category chooser, and budget inputs the wheel never changes. What the listings hold
 * (filters, sorts, French collation, paging, labels) is tested in
 * app/features/catalogue/catalogue.server.test.ts and tests/routes/shop-pages.test.ts.
 */
import { expect, test } from "./fixtures";

test("a card's heart adds a favourite without leaving the list; its name opens the piece", async ({
  page,
  seed,
}) => {
  const product = await seed.product();
  await page.goto(`/catalogue?categorie=${product.category.id}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: product.name }) });
  await card.getByRole("button", { name: `Ajouter ${product.name} aux favoris` }).click();
  await expect(page.getByTestId("favoris-count")).toHaveText("1");
  await expect(card.getByRole("button", { name: `Retirer ${product.name} des favoris` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page).toHaveURL(/\/catalogue\?categorie=/);
  await card.getByRole("link", { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/catalogue/produit/${product.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
});

test("the category, sort and budget come back after visiting another page; the gallery keeps its own; the wheel never changes a budget", async ({
  page,
}) => {
  await page.goto("/catalogue");
  const tabs = page.getByRole("navigation", { name: "Catégories" });
  await tabs.getByRole("link", { name: "Bagues" }).click();
  await expect(tabs.getByRole("link", { name: "Bagues" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Trier").selectOption("price-desc");
  await expect(page).toHaveURL(/tri=price-desc/);
  const min = page.getByRole("spinbutton", { name: "Min (€)" });
  await min.fill("20");
  await min.press("Enter");
  await expect(page).toHaveURL(/prixMin=20/);
  await min.hover();
  await page.mouse.wheel(0, -300);
  await page.mouse.wheel(0, 300);
  await expect(min).toHaveValue("20");

  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await nav.getByRole("link", { name: "Agenda" }).click();
  await expect(page).toHaveURL(/\/agenda$/);
  await nav.getByRole("link", { name: "Catalogue" }).click();
  await expect(page).toHaveURL(/categorie=.*tri=price-desc/);
  await expect(page).toHaveURL(/prixMin=20/);
  await expect(page.getByLabel("Trier")).toHaveValue("price-desc");
  await expect(tabs.getByRole("link", { name: "Bagues" })).toHaveAttribute("aria-current", "page");

  // The gallery keeps its own memory: nothing carried over.
  await nav.getByRole("link", { name: "Galerie" }).click();
  await expect(page).toHaveURL(/\/galerie$/);
  await expect(tabs.getByRole("link", { name: "Toutes" })).toHaveAttribute("aria-current", "page");

  // 'Toutes' clears the category.
  await nav.getByRole("link", { name: "Catalogue" }).click();
  await tabs.getByRole("link", { name: "Toutes" }).click();
  await expect(tabs.getByRole("link", { name: "Toutes" })).toHaveAttribute("aria-current", "page");
  await expect(page).not.toHaveURL(/categorie=/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the filters open in a drawer from 'Filtrer les créations', the categories in a popup", async ({
    page,
  }) => {
    await page.goto("/catalogue");
    await expect(page.getByRole("form", { name: "Filtres" })).toBeHidden();
    await page.getByRole("button", { name: "Filtrer les créations" }).click();
    const filters = page.getByRole("form", { name: "Filtres" });
    await expect(filters).toBeVisible();
    await filters.getByRole("checkbox", { name: "Bagues" }).check();
    await expect(page).toHaveURL(/categorie=/);
    await page.getByRole("button", { name: "Fermer les filtres" }).click();
    await expect(page.getByRole("form", { name: "Filtres" })).toBeHidden();

    await page.getByRole("button", { name: /Catégorie :/ }).click();
    const popup = page.getByRole("dialog", { name: "Choisir une catégorie" });
    await popup.getByRole("link", { name: "Colliers" }).click();
    await expect(popup).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Catégorie :/ })).toContainText("Colliers");
  });
});
