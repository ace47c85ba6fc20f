/**
 * A signed-in customer's basket buttons are real forms: they work before hydration and without
 * JavaScript, coming back to the page with a confirmation.
 */
import { productWithPhotos } from "./demo-data";
import { expect, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("without JavaScript, a signed-in customer adds a piece to the cart and to the favourites", async ({
  page,
}) => {
  const product = productWithPhotos();
  const productPage = `/catalogue/produit/${product.slug}`;
  await page.goto(productPage);
  const account = { email: `sans-js-${Date.now()}@exemple.fr`, password: "Sans-Script-2026" };
  const signup = await page.request.post("/api/auth/sign-up/email", {
    data: { ...account, name: "Sans Script" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(signup.ok()).toBe(true);

  await page.reload();
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page).toHaveURL(new RegExp(`${productPage}$`));
  await expect(page.getByRole("status").filter({ hasText: "Création ajoutée au panier." })).toBeVisible();
  await expect(page.getByTestId("panier-count")).toHaveText("1");

  await page.getByRole("button", { name: `Ajouter ${product.name} aux favoris` }).click();
  await expect(page).toHaveURL(new RegExp(`${productPage}$`));
  await expect(page.getByRole("button", { name: `Retirer ${product.name} des favoris` })).toBeVisible();

  await page.goto("/mon-compte");
  await expect(page.locator("#panier").getByText(product.name)).toBeVisible();
  await expect(page.locator("#favoris").getByText(product.name)).toBeVisible();
});
