/**
 * Accessibility of the dashboard (issue 11): axe-core finds nothing on every admin screen, signed
 * in as the demo admin, with the add-product dialog and the shop pages' inline editor open too.
 * Read-only: nothing is saved.
 */
import { STORAGE } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { productWithPhotos, query } from "./demo-data";
import { expect, test } from "./fixtures";

const ADMIN_PAGES = [
  "/admin",
  "/admin/commandes",
  "/admin/produits",
  "/admin/categories",
  "/admin/filtres",
  "/admin/agenda",
  "/admin/avis",
  "/admin/messages",
  "/admin/contacts",
  "/admin/utilisateurs",
  "/admin/mon-compte",
  "/admin/parametres",
];

test.use({ storageState: STORAGE.admin });
// One axe pass over a whole page takes seconds on a busy two-core machine.
test.describe.configure({ timeout: 60_000 });

for (const url of ADMIN_PAGES) {
  test(`axe finds nothing on ${url}`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, url);
  });
}

test("axe finds nothing in the open add-product dialog", async ({ page }) => {
  await page.goto("/admin/produits");
  await page.getByRole("button", { name: "Ajouter un produit" }).click();
  await expect(page.getByRole("dialog", { name: "Ajouter un produit" }).getByLabel("Nom")).toBeVisible();
  await expectNoAxeViolations(page, "dialogue « Ajouter un produit »");
});

test("axe finds nothing in an open conversation", async ({ page }) => {
  await page.goto("/admin/messages");
  const conversations = page.getByRole("navigation", { name: "Conversations" });
  const first = conversations.getByRole("link").first();
  test.skip((await first.count()) === 0, "the demo shop has no conversation yet");
  await first.click();
  await expect(page.getByRole("textbox").first()).toBeVisible();
  await expectNoAxeViolations(page, "une conversation ouverte");
});

test("axe finds nothing on the shop pages as the admin sees them, inline editor open", async ({ page }) => {
  await page.goto("/catalogue");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, "/catalogue (administratrice)");
  await page.locator("[data-edit-product]").first().click();
  await expect(page.getByTestId("inline-editor").getByRole("button", { name: "Sauvegarder" })).toBeVisible();
  await expectNoAxeViolations(page, "éditeur en place d'une carte");

  const product = productWithPhotos();
  await page.goto(`/catalogue/produit/${product.slug}`);
  await page.getByRole("button", { name: `Modifier « ${product.name} »` }).click();
  await expect(page.getByTestId("inline-editor").getByRole("button", { name: "Sauvegarder" })).toBeVisible();
  await expectNoAxeViolations(page, "éditeur en place d'une fiche produit");

  const sold = query<{ slug: string; name: string }>(
    "select slug, name from products where is_sold = 1 order by slug limit 1",
  )[0] as { slug: string; name: string };
  await page.goto(`/galerie/vendu/${sold.slug}`);
  await page.getByRole("button", { name: `Modifier « ${sold.name} »` }).click();
  await expect(page.getByTestId("inline-editor").getByRole("button", { name: "Sauvegarder" })).toBeVisible();
  await expectNoAxeViolations(page, "éditeur en place d'une pièce vendue");
});
