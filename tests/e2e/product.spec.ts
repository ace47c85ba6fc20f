/**
 * Product and sold-item pages (docs/product.md §2): photos with thumbnails and a keyboard-usable zoom
 * lightbox, price in French, stock line, details, basket buttons, similar pieces, and both
 * not-found pages with a 404 status.
 */
import { productWithPhotos, query } from "./demo-data";
import { expect, test } from "./fixtures";

test.describe("product page", () => {
  test("shows the piece: price with a comma, stock line, details and similar pieces", async ({ page }) => {
    const product = productWithPhotos();
    const stock =
      query<{ stock: number }>("select stock from products where slug = ?", product.slug)[0]?.stock ?? 0;
    const response = await page.goto(`/catalogue/produit/${product.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    const euros = (product.priceCents / 100).toFixed(2).replace(".", ",");
    await expect(page.getByText(new RegExp(`^${euros}\\s€$`)).first()).toBeVisible();
    await expect(
      page.getByText(`En stock: ${stock} ${stock > 1 ? "disponibles" : "disponible"}`),
    ).toBeVisible();
    await expect(page.getByRole("term").filter({ hasText: "Catégorie" })).toBeVisible();
    await expect(page.getByRole("term").filter({ hasText: "Matière" })).toBeVisible();

    const similar = page.getByRole("region", { name: "Vous aimerez aussi..." });
    await expect(similar).toBeVisible();
    const items = similar.getByRole("listitem");
    expect(await items.count()).toBeGreaterThan(0);
    expect(await items.count()).toBeLessThanOrEqual(5);
    await expect(similar.getByRole("link", { name: new RegExp(product.name) })).toHaveCount(0);
  });

  test("thumbnails switch the photo and the lightbox works with the keyboard", async ({ page }) => {
    const product = productWithPhotos();
    await page.goto(`/catalogue/produit/${product.slug}`);
    const thumbs = page.getByRole("button", { name: /^Afficher l'image \d sur \d$/ });
    await expect(thumbs).toHaveCount(product.images);
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: "Agrandir l'image" }).click();
    const lightbox = page.getByRole("dialog", { name: "Image agrandie" });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByText(`2 / ${product.images}`)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(lightbox.getByText(`${product.images === 2 ? 1 : 3} / ${product.images}`)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(lightbox.getByText(`2 / ${product.images}`)).toBeVisible();
    // The rest of the page is inert and does not scroll while the lightbox is open.
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);
    await page.keyboard.press("Escape");
    await expect(lightbox).toHaveCount(0);
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
  });

  test("adds to the cart without leaving the page; the heart toggles the favourite", async ({ page }) => {
    const product = productWithPhotos();
    await page.goto(`/catalogue/produit/${product.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("1");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    await page.getByRole("button", { name: `Ajouter ${product.name} aux favoris` }).click();
    await expect(page.getByTestId("favoris-count")).toHaveText("1");
    await page.getByRole("button", { name: `Retirer ${product.name} des favoris` }).click();
    await expect(page.getByTestId("favoris-count")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/catalogue/produit/${product.slug}$`));
  });

  test("a sold piece's product URL leads to its gallery page", async ({ page }) => {
    const sold = query<{ slug: string }>("select slug from products where is_sold = 1 limit 1")[0] as {
      slug: string;
    };
    await page.goto(`/catalogue/produit/${sold.slug}`);
    await expect(page).toHaveURL(new RegExp(`/galerie/vendu/${sold.slug}$`));
  });
});

test.describe("sold item page", () => {
  test("shows the sold badge, the details and the way to the pieces for sale", async ({ page }) => {
    const sold = query<{ slug: string; name: string; unique: number }>(
      "select slug, name, is_unique as 'unique' from products where is_sold = 1 order by is_unique desc limit 1",
    )[0] as { slug: string; name: string; unique: number };
    await page.goto(`/galerie/vendu/${sold.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sold.name);
    await expect(
      page.getByText(sold.unique ? "Pièce Unique - Vendue" : "Vendue", { exact: true }),
    ).toBeVisible();
    const similar = page.getByRole("region", { name: "Vous aimerez aussi..." });
    for (const href of await similar
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      const slug = (href ?? "").split("/").pop() as string;
      const isSold = query<{ s: number }>("select is_sold as s from products where slug = ?", slug)[0]?.s;
      expect(href).toBe(isSold ? `/galerie/vendu/${slug}` : `/catalogue/produit/${slug}`);
    }
    await page.getByRole("link", { name: "Voir les créations disponibles" }).click();
    await expect(page).toHaveURL(/\/catalogue$/);
  });
});

test.describe("not found", () => {
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("an unknown sold piece: 404, the spec's message and a link back to the gallery", async ({ page }) => {
    const response = await page.goto("/galerie/vendu/perle-perdue");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oups !")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      'La création avec le slug "perle-perdue" n\'a pas été trouvée.',
    );
    await page.getByRole("link", { name: "Retour à la galerie" }).click();
    await expect(page).toHaveURL(/\/galerie$/);
  });
});
