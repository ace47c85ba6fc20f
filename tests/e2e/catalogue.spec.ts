/**
 * Catalogue and gallery (docs/product.md §2, §4, §5): only unsold / only sold pieces, filters (any-of within
 * a group, all groups), budget, category tabs and the mobile chooser, sorts, counts, empty states,
 * cards, and the session memory of filters.
 */
import { categoryId, count, query } from "./demo-data";
import { expect, test } from "./fixtures";

const forSale = () => count("select count(*) as n from products where is_sold = 0");
const sold = () => count("select count(*) as n from products where is_sold = 1");

function countIn(category: string, isSold: 0 | 1): number {
  return count(
    `select count(*) as n from products p join product_categories pc on pc.product_id = p.id
      join categories c on c.id = pc.category_id where c.name = ? and p.is_sold = ?`,
    category,
    isSold,
  );
}

function priceTexts(texts: string[]): number[] {
  return texts.map((text) => Number(text.replace(/[^\d,]/g, "").replace(",", ".")));
}

test.describe("catalogue", () => {
  test("lists only the pieces for sale, with cards that keep the heart and cart off the link", async ({
    page,
  }) => {
    await page.goto("/catalogue");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catalogue");
    await expect(page.getByText(`${forSale()} créations trouvées`)).toBeVisible();
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(Math.min(forSale(), 24));
    const soldNames = query<{ name: string }>("select name from products where is_sold = 1").map(
      (r) => r.name,
    );
    for (const name of await cards.getByRole("heading").allTextContents())
      expect(soldNames).not.toContain(name);

    const first = cards.first();
    const name = (await first.getByRole("heading").textContent()) ?? "";
    await first.getByRole("button", { name: `Ajouter ${name} aux favoris` }).click();
    await expect(page).toHaveURL(/\/catalogue/);
    await expect(page.getByTestId("favoris-count")).toHaveText("1");
    await expect(first.getByRole("button", { name: `Retirer ${name} des favoris` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await first.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/catalogue\/produit\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("shows stock labels and 'Prix sur demande' as docs/product.md §4 says", async ({ page }) => {
    const unique = query<{ name: string }>(
      "select name from products where is_sold = 0 and is_unique = 1 limit 1",
    )[0];
    const outOfStock = query<{ name: string }>(
      "select name from products where is_sold = 0 and is_unique = 0 and stock = 0 limit 1",
    )[0];
    const inStock = query<{ name: string; stock: number }>(
      "select name, stock from products where is_sold = 0 and is_unique = 0 and stock > 0 limit 1",
    )[0];
    const noPrice = query<{ name: string }>(
      "select name from products where is_sold = 0 and price_cents is null limit 1",
    )[0];
    await page.goto("/catalogue?page=5");
    const card = (name: string) =>
      page.getByRole("article").filter({ has: page.getByRole("heading", { name }) });
    if (unique) await expect(card(unique.name).getByText("Pièce unique")).toBeVisible();
    if (outOfStock) {
      await expect(card(outOfStock.name).getByText("Rupture de stock")).toBeVisible();
      await expect(card(outOfStock.name).getByRole("button", { name: "Ajouter au panier" })).toBeDisabled();
    }
    if (inStock) await expect(card(inStock.name).getByText(`Stock: ${inStock.stock}`)).toBeVisible();
    if (noPrice) await expect(card(noPrice.name).getByText("Prix sur demande")).toBeVisible();
  });

  test("filters combine: any-of within a group, all groups must match, budget bounds", async ({ page }) => {
    await page.goto("/catalogue");
    const filters = page.getByRole("form", { name: "Filtres" });
    await filters.getByRole("checkbox", { name: "Bagues" }).check();
    await expect(page).toHaveURL(new RegExp(`categorie=${categoryId("Bagues")}`));
    await expect(page.getByText(new RegExp(`^${countIn("Bagues", 0)} création`))).toBeVisible();
    await page.getByRole("form", { name: "Filtres" }).getByRole("checkbox", { name: "Colliers" }).check();
    const either = countIn("Bagues", 0) + countIn("Colliers", 0);
    await expect(page.getByText(new RegExp(`^${either} création`))).toBeVisible();

    // A second group narrows: only rings and necklaces that are also black.
    await page.getByRole("form", { name: "Filtres" }).getByRole("checkbox", { name: "Noir" }).check();
    const expected = count(
      `select count(*) as n from products p where p.is_sold = 0
        and exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                    where pc.product_id = p.id and c.name in ('Bagues', 'Colliers'))
        and exists (select 1 from product_colors pc join colors c on c.id = pc.color_id
                    where pc.product_id = p.id and c.name = 'Noir')`,
    );
    await expect(page.getByText(new RegExp(`^${expected} création`))).toBeVisible();

    // Budget: min above every price leaves nothing.
    const min = page.getByRole("spinbutton", { name: "Min (€)" });
    await min.fill("100000");
    await min.press("Enter");
    await expect(page.getByText("Aucun produit ne correspond à vos filtres.")).toBeVisible();
    await expect(page.getByText("0 création trouvée")).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "Max (€)" })).toHaveAttribute("min", "100000");
  });

  test("the wheel never changes a budget input", async ({ page }) => {
    await page.goto("/catalogue");
    const min = page.getByRole("spinbutton", { name: "Min (€)" });
    await min.fill("20");
    await min.hover();
    await page.mouse.wheel(0, -300);
    await page.mouse.wheel(0, 300);
    await expect(min).toHaveValue("20");
  });

  test("category tabs select one category, 'Toutes' clears it", async ({ page }) => {
    await page.goto("/catalogue");
    const tabs = page.getByRole("navigation", { name: "Catégories" });
    await tabs.getByRole("link", { name: "Bracelets" }).click();
    await expect(tabs.getByRole("link", { name: "Bracelets" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(new RegExp(`^${countIn("Bracelets", 0)} création`))).toBeVisible();
    await tabs.getByRole("link", { name: "Toutes" }).click();
    await expect(tabs.getByRole("link", { name: "Toutes" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(`${forSale()} créations trouvées`)).toBeVisible();
  });

  test("sorts by price both ways", async ({ page }) => {
    const prices = async () =>
      priceTexts(await page.getByRole("article").locator("p").filter({ hasText: "€" }).allTextContents());
    const isSorted = (list: number[], direction: 1 | -1) =>
      list.length > 1 &&
      list.every((price, i) => i === 0 || direction * (price - (list[i - 1] as number)) >= 0);
    await page.goto("/catalogue");
    await page.getByLabel("Trier").selectOption("price-asc");
    await expect(page).toHaveURL(/tri=price-asc/);
    // Polled: the grid shows the new order once the navigation has finished rendering.
    await expect.poll(async () => isSorted(await prices(), 1)).toBe(true);
    await page.getByLabel("Trier").selectOption("price-desc");
    await expect(page).toHaveURL(/tri=price-desc/);
    await expect(page.getByLabel("Trier")).toHaveValue("price-desc");
    await expect.poll(async () => isSorted(await prices(), -1)).toBe(true);
  });

  test("filters, sort and category come back after visiting another page", async ({ page }) => {
    await page.goto("/catalogue");
    await page.getByRole("navigation", { name: "Catégories" }).getByRole("link", { name: "Bagues" }).click();
    await expect(page).toHaveURL(/categorie=/);
    await page.getByLabel("Trier").selectOption("price-desc");
    await expect(page).toHaveURL(/tri=price-desc/);
    await page
      .getByRole("navigation", { name: "Navigation principale" })
      .getByRole("link", { name: "Agenda" })
      .click();
    await expect(page).toHaveURL(/\/agenda$/);
    await page
      .getByRole("navigation", { name: "Navigation principale" })
      .getByRole("link", { name: "Catalogue" })
      .click();
    await expect(page).toHaveURL(new RegExp(`categorie=${categoryId("Bagues")}.*tri=price-desc`));
    await expect(page.getByLabel("Trier")).toHaveValue("price-desc");
    await expect(
      page.getByRole("navigation", { name: "Catégories" }).getByRole("link", { name: "Bagues" }),
    ).toHaveAttribute("aria-current", "page");
    // The gallery keeps its own memory: nothing carried over.
    await page
      .getByRole("navigation", { name: "Navigation principale" })
      .getByRole("link", { name: "Galerie" })
      .click();
    await expect(page).toHaveURL(/\/galerie$/);
    await expect(page.getByText(`${sold()} créations trouvées`)).toBeVisible();
  });

  test("'Voir plus de créations' adds the next pieces without repeating any", async ({ page }) => {
    // The demo catalogue is seeded with more pieces than one page holds.
    expect(forSale()).toBeGreaterThan(24);
    await page.goto("/catalogue");
    await expect(page.getByRole("article")).toHaveCount(24);
    await page.getByRole("link", { name: "Voir plus de créations" }).click();
    await expect(page.getByRole("article")).toHaveCount(Math.min(forSale(), 48));
    const names = await page.getByRole("article").getByRole("heading").allTextContents();
    expect(new Set(names).size).toBe(names.length);
  });
});

test.describe("catalogue on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("filters open in a drawer from 'Filtrer les créations', categories in a popup", async ({ page }) => {
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
    await expect(page.getByText(new RegExp(`^${countIn("Colliers", 0)} création`))).toBeVisible();
  });
});

test.describe("gallery", () => {
  test("lists only sold pieces with a 'Vendu' badge, linking to their page", async ({ page }) => {
    await page.goto("/galerie");
    await expect(page.getByText(`${sold()} créations trouvées`)).toBeVisible();
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(sold());
    await expect(cards.first().getByText("Vendu", { exact: true })).toBeVisible();
    await expect(cards.first().getByRole("button", { name: "Ajouter au panier" })).toHaveCount(0);
    await cards.first().getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/galerie\/vendu\//);
  });

  test("sorts by name A to Z and Z to A with French collation", async ({ page }) => {
    const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
    await page.goto("/galerie");
    await page.getByLabel("Trier").selectOption("name-asc");
    await expect(page).toHaveURL(/tri=name-asc/);
    const headings = page.getByRole("article").getByRole("heading");
    // Polled, as the price sort: the URL changes as the navigation commits, the grid just after
    // (a CI run read the previous order in between).
    await expect
      .poll(async () => {
        const shown = await headings.allTextContents();
        return shown.length > 1 && shown.join("\n") === [...shown].sort(collator.compare).join("\n");
      })
      .toBe(true);
    const names = await headings.allTextContents();
    await page.getByLabel("Trier").selectOption("name-desc");
    await expect(page).toHaveURL(/tri=name-desc/);
    await expect(page.getByRole("article").getByRole("heading").first()).toHaveText(
      names[names.length - 1] as string,
    );
  });

  test("an impossible filter shows the gallery's empty message", async ({ page }) => {
    await page.goto("/galerie?prixMin=99999");
    await expect(page.getByText("Aucune création ne correspond à vos filtres.")).toBeVisible();
  });
});
