/**
 * The dashboard on a phone (docs/product.md §2 "Admin dashboard"): its navigation scrolls sideways
 * while the page does not, and the add-product dialog fits the screen. What the overview shows and
 * whom the dashboard lets in are tested in tests/routes/dashboard-lists.test.ts.
 */
import { STORAGE } from "./accounts";
import { expect, test } from "./fixtures";

test.use({ storageState: STORAGE.admin, viewport: { width: 390, height: 844 } });

test("is usable on a phone: the navigation scrolls sideways, the page does not", async ({ page }) => {
  await page.goto("/admin/produits");
  const nav = page.getByRole("navigation", { name: "Administration" });
  await nav.getByRole("link", { name: "Filtres" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Filtres");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await nav.getByRole("link", { name: "Produits" }).click();
  await page.getByRole("button", { name: "Ajouter un produit" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un produit" });
  await expect(dialog.getByLabel("Nom", { exact: true })).toBeInViewport();
  await dialog.getByRole("button", { name: "Fermer" }).click();
  await expect(dialog).toHaveCount(0);
});
