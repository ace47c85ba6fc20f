/** The dashboard overview and shell (issue 8): counts with 'Gérer', waiting items, a phone-sized nav. */
import { STORAGE } from "./accounts";
import { count } from "./demo-data";
import { expect, test } from "./fixtures";

test.describe("admin", () => {
  test.use({ storageState: STORAGE.admin });

  test("shows a card per section with its count and 'Gérer', and what waits", async ({ page }) => {
    await page.goto("/admin");
    for (const [title, table] of [
      ["Catégories", "categories"],
      ["Avis", "reviews"],
      ["Conversations", "chats"],
      ["Utilisateurs", "users"],
    ] as const) {
      const card = page.getByRole("article", { name: title });
      await expect(
        card.getByText(String(count(`select count(*) as n from ${table}`)), { exact: true }),
      ).toBeVisible();
      await expect(card.getByRole("link", { name: `Gérer : ${title}` })).toBeVisible();
    }
    await expect(page.getByRole("article", { name: "Attributs" })).toContainText(
      "Couleurs, matières, types de perles",
    );
    const pending = count("select count(*) as n from reviews where is_approved = 0");
    await expect(page.getByRole("list", { name: "En attente" })).toContainText(`${pending} avis en attente`);
    await page
      .getByRole("article", { name: "Événements" })
      .getByRole("link", { name: "Gérer : Événements" })
      .click();
    await expect(page).toHaveURL(/\/admin\/agenda$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agenda");
  });

  test("is usable on a phone: the navigation scrolls sideways, the page does not", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/produits");
    const nav = page.getByRole("navigation", { name: "Administration" });
    await nav.getByRole("link", { name: "Filtres" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Filtres");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await nav.getByRole("link", { name: "Produits" }).click();
    await page.getByRole("button", { name: "Ajouter un produit" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter un produit" });
    await expect(dialog.getByLabel("Nom")).toBeInViewport();
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("customer", () => {
  test.use({ storageState: STORAGE.customer });

  test("reaching the dashboard says 'Accès non autorisé.'", async ({ page }) => {
    await page.goto("/admin/produits");
    await expect(page).toHaveURL(/\/mon-compte\?acces=refuse$/);
    await expect(page.getByRole("alert")).toHaveText("Accès non autorisé.");
  });
});
