/**
 * Issue 23 (docs/product.md §10.23): "A Playwright test types into the header field, picks a
 * suggestion with the keyboard and lands on the piece; axe finds nothing on the results page."
 * Customers type "without accents, with typos, in the plural"; the results list the pieces for
 * sale, then the sold ones of the gallery; the form works without JavaScript.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

async function openHeaderSearch(page: Page) {
  await page.getByRole("banner").getByLabel("Rechercher", { exact: true }).click();
  const field = page.getByRole("banner").getByRole("combobox", { name: "Rechercher une pièce" });
  await expect(field).toBeFocused();
  return field;
}

/** Presses ArrowDown until the option named `name` is the active one; fails after 6 presses. */
async function arrowTo(page: Page, name: string) {
  const option = page.getByRole("option", { name: new RegExp(name) });
  await expect(option).toBeVisible();
  for (let presses = 0; presses < 6 && (await option.getAttribute("aria-selected")) !== "true"; presses++) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(option).toHaveAttribute("aria-selected", "true");
  return option;
}

test("the header field suggests pieces as one types; the arrows and Enter open one", async ({ page }) => {
  await page.goto("/a-propos");
  const field = await openHeaderSearch(page);
  // A typo and a word still being typed.
  await field.pressSequentially("bage ajust", { delay: 40 });
  const list = page.getByRole("listbox", { name: "Pièces suggérées" });
  await expect(list).toBeVisible();
  await expect(field).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("status").filter({ hasText: /pièces? suggérées?/ })).toBeAttached();
  const option = await arrowTo(page, "Bague Ajustable Motu One");
  // The field keeps the focus and points at the active option.
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) as string);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/catalogue\/produit\/bague-ajustable-motu-one$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bague Ajustable Motu One");
  // The panel closed with the navigation.
  await expect(page.getByRole("banner").getByRole("combobox")).toBeHidden();
});

test("Enter without a chosen suggestion shows every result; axe finds nothing", async ({ page }) => {
  await page.goto("/");
  const field = await openHeaderSearch(page);
  await field.pressSequentially("colier perle noir", { delay: 30 });
  await expect(page.getByRole("listbox", { name: "Pièces suggérées" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/recherche\?q=colier\+perle\+noir$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Résultats pour « colier perle noir »");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByText(/^\d+ pièces? trouvées?$/)).toBeVisible();
  const forSale = page.getByRole("region", { name: /^Disponibles/ });
  await expect(forSale.getByRole("link", { name: /Collier/ }).first()).toBeVisible();
  await expectNoAxeViolations(page, "la page de résultats");
});

test("a sold piece is listed after those for sale, in its own section, linking to the gallery", async ({
  page,
}) => {
  await page.goto("/recherche?q=moorea");
  const sold = page.getByRole("region", { name: /^Déjà vendues/ });
  const soldLink = sold.getByRole("link", { name: /Collier Sirène de Moorea/ }).first();
  await expect(soldLink).toHaveAttribute("href", "/galerie/vendu/collier-sirene-de-moorea");
  // Its section comes after the pieces for sale.
  const headings = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
  expect(headings.findIndex((text) => text.startsWith("Déjà vendues"))).toBe(headings.length - 1);
});

test("nothing found: said plainly, with the categories and the whole catalogue to browse; axe finds nothing", async ({
  page,
}) => {
  await page.goto("/recherche?q=xylophone");
  await expect(page.getByText("Aucune pièce ne correspond à « xylophone ».")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Catégories" }).getByRole("link", { name: "Bagues" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Voir tout le catalogue" })).toHaveAttribute(
    "href",
    "/catalogue",
  );
  await expectNoAxeViolations(page, "la page de résultats vide");
});

test("Escape closes the suggestions; a query that finds nothing says so", async ({ page }) => {
  await page.goto("/catalogue");
  const field = await openHeaderSearch(page);
  await field.pressSequentially("xylophone", { delay: 30 });
  const nothing = "Aucune pièce ne correspond à « xylophone ».";
  // Shown under the field, and said by the status.
  await expect(page.getByRole("banner").getByText(nothing).first()).toBeVisible();
  await expect(page.getByRole("banner").getByRole("status")).toHaveText(nothing);
  await page.keyboard.press("Escape");
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("listbox", { name: "Pièces suggérées" })).toBeHidden();
  await expect(field).toBeFocused();
  // A second Escape closes the panel and gives the focus back to its button.
  await page.keyboard.press("Escape");
  await expect(field).toBeHidden();
  await expect(page.getByRole("banner").getByLabel("Rechercher", { exact: true })).toBeFocused();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the field heads the menu; a suggestion chosen with the keyboard opens the piece", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    const field = menu.getByRole("combobox", { name: "Rechercher une pièce" });
    await field.click();
    await field.pressSequentially("rangiroa", { delay: 30 });
    await arrowTo(page, "Collier Lagon de Rangiroa");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/catalogue\/produit\/collier-lagon-de-rangiroa$/);
    await expect(menu).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's search opens and sends a plain GET form to the results", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByLabel("Rechercher", { exact: true }).click();
    const field = page.getByRole("banner").getByRole("combobox", { name: "Rechercher une pièce" });
    await field.fill("Bagues ajustables");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/recherche\?q=Bagues\+ajustables$/);
    await expect(
      page
        .getByRole("region", { name: /^Disponibles/ })
        .getByRole("link", { name: /Bague Ajustable Motu One/ })
        .first(),
    ).toBeVisible();
  });
});
