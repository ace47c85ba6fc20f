/**
 * Search engines and sharing (docs/product.md §10.7), in Chromium: the JSON-LD blocks written by
 * <Meta/> pass the nonce-based CSP and hydrate without a mismatch (the fixture fails on any console
 * error), and in-app navigation updates the title, canonical URL and structured data.
 */
import { expect, test } from "./fixtures";

const jsonLd = (page: import("@playwright/test").Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (node) => JSON.parse(node.textContent ?? "null") as Record<string, unknown>,
    ),
  );

test("structured data reaches the browser and follows in-app navigation", async ({ page, baseURL }) => {
  await page.goto("/");
  // The home page describes the site (WebSite with its SearchAction, docs/product.md §10.23) and the shop.
  const home = await jsonLd(page);
  expect(home.map((data) => data["@type"])).toEqual(["WebSite", "JewelryStore"]);
  expect(home[0]?.potentialAction).toMatchObject({
    "@type": "SearchAction",
    target: { urlTemplate: `${baseURL}/recherche?q={search_term_string}` },
  });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);

  await page
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Catalogue" })
    .click();
  await expect(page).toHaveTitle("Catalogue — Nacre");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/catalogue`);
  expect(await jsonLd(page)).toEqual([]);

  // A demo category's piece: other tests add and delete pieces of their own categories meanwhile.
  const rings = page.getByRole("navigation", { name: "Catégories" }).getByRole("link", { name: "Bagues" });
  await rings.click();
  // Marked current once the filtered list has rendered.
  await expect(rings).toHaveAttribute("aria-current", "page");
  await page.getByRole("main").getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/catalogue\/produit\//);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  const product = (await jsonLd(page)).find((data) => data["@type"] === "Product");
  expect(product?.url).toBe(page.url());
  expect(await page.title()).toBe(`${product?.name} — Nacre`);
});
