/**
 * Search in the browser (docs/product.md §10.23): one types into the header field, picks a
 * suggestion with the keyboard and lands on the piece; an answer arriving after the arrow keys keeps
 * the chosen option. The suggestions close with Escape, Enter without a choice shows every result, and the form works
 * without JavaScript. Axe on the results page is in accessibility.spec.ts; what the results hold
 * (typos, plurals, sold pieces last) in app/features/search/search.server.test.ts and
 * tests/routes/shop-pages.test.ts.
 */
import type { Page } from "@playwright/test";
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
  await field.pressSequentially("bage ajust");
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

test("Escape closes the suggestions, then the panel; Enter without a chosen suggestion shows every result", async ({
  page,
}) => {
  await page.goto("/catalogue");
  let field = await openHeaderSearch(page);
  await field.pressSequentially("xylophone");
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

  field = await openHeaderSearch(page);
  await field.fill("");
  await field.pressSequentially("colier perle noir");
  await expect(page.getByRole("listbox", { name: "Pièces suggérées" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/recherche\?q=colier\+perle\+noir$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Résultats pour « colier perle noir »");
  await expect(page.getByText(/^\d+ pièces? trouvées?$/)).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: /^Disponibles/ })
      .getByRole("link", { name: /Collier/ })
      .first(),
  ).toBeVisible();
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
