/**
 * Cart and favourites (spec §4): guests keep them in local storage (guestCart, guestFavorites),
 * signed-in customers on their account; the sidebars change quantities and remove lines; guest
 * data merges into the account at login.
 */
import { productWithPhotos, query } from "./demo-data";
import { expect, test, waitForHydration } from "./fixtures";

test.describe("guest", () => {
  test("the cart lives in local storage, survives a reload and is shared with another tab", async ({
    page,
    context,
  }) => {
    const product = productWithPhotos();
    await page.goto(`/catalogue/produit/${product.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("1");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("guestCart") ?? "[]"));
    expect(stored).toEqual([expect.objectContaining({ slug: product.slug, quantity: 1 })]);
    await page.reload();
    await expect(page.getByTestId("panier-count")).toHaveText("1");

    const other = await context.newPage();
    await other.goto("/");
    await waitForHydration(other);
    await expect(other.getByTestId("panier-count")).toHaveText("1");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(other.getByTestId("panier-count")).toHaveText("2");
  });

  test("the cart sidebar changes quantities, removes lines and totals them", async ({ page }) => {
    const product = productWithPhotos();
    await page.goto(`/catalogue/produit/${product.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("button", { name: "Panier (1)" }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    await cart.getByRole("button", { name: `Ajouter un exemplaire de ${product.name}` }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    const total = ((product.priceCents * 2) / 100).toFixed(2).replace(".", ",");
    await expect(cart.getByTestId("cart-total")).toHaveText(new RegExp(`^${total}\\s€$`));
    await cart.getByRole("button", { name: `Retirer un exemplaire de ${product.name}` }).click();
    await cart.getByRole("button", { name: `Retirer un exemplaire de ${product.name}` }).click();
    await expect(cart.getByText("Votre panier est vide.")).toBeVisible();
    await expect(cart.getByRole("button", { name: "Contacter pour commander" })).toBeDisabled();
  });

  test("a unique piece stays at quantity 1", async ({ page }) => {
    const unique = query<{ slug: string; name: string }>(
      "select slug, name from products where is_sold = 0 and is_unique = 1 and price_cents is not null limit 1",
    )[0] as { slug: string; name: string };
    await page.goto(`/catalogue/produit/${unique.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByRole("button", { name: "Dans le panier" })).toBeDisabled();
    await page.getByRole("button", { name: "Panier (1)" }).click();
    await expect(
      page
        .getByRole("dialog", { name: "Votre Panier" })
        .getByRole("button", { name: `Ajouter un exemplaire de ${unique.name}` }),
    ).toBeDisabled();
  });

  test("favourites show in 'Vos Favoris' with their total; the contact button leads to /contact", async ({
    page,
  }) => {
    const product = productWithPhotos();
    await page.goto(`/catalogue/produit/${product.slug}`);
    await page.getByRole("button", { name: `Ajouter ${product.name} aux favoris` }).click();
    await page.getByRole("button", { name: "Favoris (1)" }).click();
    const favorites = page.getByRole("dialog", { name: "Vos Favoris" });
    await expect(favorites.getByRole("link", { name: product.name })).toHaveAttribute(
      "href",
      `/catalogue/produit/${product.slug}`,
    );
    await favorites.getByRole("button", { name: "Contacter pour commander" }).click();
    await expect(favorites).toHaveCount(0);
    await expect(page).toHaveURL(/\/contact\?commande=(panier|favoris)$/);
  });

  test("unreadable local storage is ignored, not fatal", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("guestCart", "{pas du json"));
    await page.reload();
    await expect(page.getByRole("button", { name: "Panier (0)" })).toBeVisible();
  });
});

test.describe("signed in", () => {
  test("the guest basket merges into the account at login, then lives on the server", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const product = productWithPhotos();
    await page.goto(`/catalogue/produit/${product.slug}`);
    await waitForHydration(page);
    // A fresh account: the shared demo customer's basket is asserted by other tests running alongside.
    const account = { email: `fusion-${Date.now()}@exemple.fr`, password: "Fusion-Nacre-2026" };
    const signup = await page.request.post("/api/auth/sign-up/email", {
      data: { ...account, name: "Fusion" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(signup.ok()).toBe(true);
    await context.clearCookies();
    await page.reload();
    await waitForHydration(page);

    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("button", { name: `Ajouter ${product.name} aux favoris` }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("1");

    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/mon-compte$/);
    await expect(page.getByTestId("panier-count")).toHaveText("1");
    await expect(page.getByTestId("favoris-count")).toHaveText("1");
    expect(await page.evaluate(() => localStorage.getItem("guestCart"))).toBeNull();

    // Server side now: a change survives a reload.
    await page.goto(`/catalogue/produit/${product.slug}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    await page.getByRole("button", { name: /^Panier \(/ }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    await cart.getByRole("button", { name: `Retirer ${product.name} du panier` }).click();
    await expect(page.getByTestId("panier-count")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("button", { name: "Panier (0)" })).toBeVisible();
    await context.close();
  });
});
