/**
 * A piece's photos in a live page (docs/product.md §2): the thumbnails switch the photo and the zoom
 * lightbox works with the keyboard, the page behind it locked. What the page shows (price, stock,
 * details, similar pieces, sold and missing pieces) is tested in tests/routes/shop-pages.test.ts.
 */
import { expect, test } from "./fixtures";

test("thumbnails switch the photo and the lightbox works with the keyboard", async ({ page, seed }) => {
  const product = await seed.product({ images: 3 });
  await page.goto(`/catalogue/produit/${product.slug}`);
  const thumbs = page.getByRole("button", { name: /^Afficher l'image \d sur \d$/ });
  await expect(thumbs).toHaveCount(3);
  await thumbs.nth(1).click();
  await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Agrandir l'image" }).click();
  const lightbox = page.getByRole("dialog", { name: "Image agrandie" });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByText("2 / 3")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(lightbox.getByText("3 / 3")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(lightbox.getByText("1 / 3")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(lightbox.getByText("3 / 3")).toBeVisible();
  // The rest of the page is inert and does not scroll while the lightbox is open.
  await expect(page.locator("body")).toHaveClass(/scroll-locked/);
  await page.keyboard.press("Escape");
  await expect(lightbox).toHaveCount(0);
  await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
});
