/**
 * The legal pages on a phone (docs/product.md §2 "Legal pages"): their contents list folds and unfolds
 * on a tap and leads to its sections, and no text is wider than the screen. Their texts are checked
 * in tests/routes/legal-pages.test.ts.
 */
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("the contents unfold on a tap and lead to a section; the legal texts fit the screen", async ({
  page,
}) => {
  for (const path of ["/mentions-legales", "/politique-de-confidentialite", "/cgv"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  const toc = page.getByRole("navigation", { name: "Sommaire" });
  await expect(toc.getByRole("link").first()).toBeHidden();
  await toc.getByText("Sommaire").click();
  const entry = toc.getByRole("link").nth(3);
  await expect(entry).toBeVisible();
  const target = (await entry.getAttribute("href")) as string;
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.getByRole("main").locator(`h2${target}`)).toBeInViewport();
});
