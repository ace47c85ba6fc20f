/**
 * Accessibility of the dashboard (issue 11): axe-core finds nothing on every admin screen, signed
 * in as the demo admin, with the add-product dialog open too. Read-only: nothing is saved.
 */
import { STORAGE } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

const ADMIN_PAGES = [
  "/admin",
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
