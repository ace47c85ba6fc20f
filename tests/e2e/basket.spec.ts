/**
 * Cart and favourites (docs/product.md §4): guests keep them in local storage (guestCart, guestFavorites),
 * signed-in customers on their account; the sidebars change quantities and remove lines; guest
 * data merges into the account at login.
 */
import type { Page } from "@playwright/test";
import { productWithPhotos, query } from "./demo-data";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The server's answer to the next signed-in basket write. The count changes at once (optimistic);
 * reloading or leaving the page before the answer would cancel the request, so a test waits for it
 * before it does either.
 */
function nextWrite(page: Page, pathname: "/api/panier" | "/api/favoris") {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === pathname && response.request().method() === "POST",
  );
}

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
    let written = nextWrite(page, "/api/panier");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    expect((await written).ok()).toBe(true);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    await page.getByRole("button", { name: /^Panier \(/ }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    written = nextWrite(page, "/api/panier");
    await cart.getByRole("button", { name: `Retirer ${product.name} du panier` }).click();
    await expect(page.getByTestId("panier-count")).toHaveCount(0);
    expect((await written).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole("button", { name: "Panier (0)" })).toBeVisible();
    await context.close();
  });
});

async function signUpFresh(page: import("@playwright/test").Page, prefix: string) {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.fr`;
  await page.goto("/auth?vue=inscription");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill("Panier-Nacre-2026");
  await page.getByLabel("Confirmation du mot de passe").fill("Panier-Nacre-2026");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/mon-compte$/);
  return email;
}

test.describe("signed-in basket", () => {
  // The failed request and its logged error (docs/product.md §8: failures are only logged) are expected here.
  test.use({ allowedConsoleErrors: /status of 500|Panier \/ favoris : échec/ });

  test("a removal shows at once and comes back when the server fails", async ({ page }) => {
    await signUpFresh(page, "annulation");
    const product = productWithPhotos();
    await page.goto(`/catalogue/produit/${product.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("1");
    await page.getByRole("button", { name: "Panier (1)" }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/panier", async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ ok: false }),
      });
    });
    await cart.getByRole("button", { name: `Retirer ${product.name} du panier` }).click();
    await expect(cart.getByText("Votre panier est vide.")).toBeVisible();
    release();
    await expect(cart.getByRole("link", { name: product.name })).toBeVisible();
    await expect(page.getByTestId("panier-count")).toHaveText("1");
  });

  test("/mon-compte lists favourites and cart with counts, totals and their buttons", async ({ page }) => {
    await signUpFresh(page, "compte");
    await expect(page.locator("#favoris").getByText("Vous n'avez pas encore de favoris.")).toBeVisible();
    await expect(page.locator("#panier").getByText("Votre panier est vide.")).toBeVisible();

    const product = productWithPhotos();
    await page.goto(`/catalogue/produit/${product.slug}`);
    const written = nextWrite(page, "/api/favoris");
    await page.getByRole("button", { name: `Ajouter ${product.name} aux favoris` }).click();
    await expect(page.getByTestId("favoris-count")).toHaveText("1");
    expect((await written).ok()).toBe(true);
    await page.goto("/mon-compte");
    const favorites = page.locator("#favoris");
    await expect(favorites.getByText(/^1 favori · valeur totale/)).toBeVisible();
    await favorites.getByRole("button", { name: "Ajouter au panier" }).click();
    const cart = page.locator("#panier");
    await expect(cart.getByText("1 article · 1 pièce")).toBeVisible();
    await cart.getByRole("button", { name: `Ajouter un exemplaire de ${product.name}` }).click();
    await expect(cart.getByText("1 article · 2 pièces")).toBeVisible();
    const total = ((product.priceCents * 2) / 100).toFixed(2).replace(".", ",");
    await expect(cart.getByText(new RegExp(`Total : ${total}\\s€`))).toBeVisible();
    await favorites.getByRole("button", { name: `Retirer ${product.name} des favoris` }).click();
    await expect(favorites.getByText("Vous n'avez pas encore de favoris.")).toBeVisible();
    await cart.getByRole("button", { name: "Contacter pour commander" }).click();
    await expect(page).toHaveURL(/\/contact\?commande=panier$/);
    const order = page.getByRole("region", { name: "Votre commande" });
    await expect(order.getByRole("spinbutton", { name: `Quantité de ${product.name}` })).toHaveValue("2");
    await expect(order.getByTestId("order-total")).toHaveText(new RegExp(`^${total}\\s€$`));
  });
});

test("a sold piece kept in a guest cart shows as unavailable and is left out of the order", async ({
  page,
}) => {
  const sold = query<{ id: string; slug: string; name: string; price: number }>(
    "select id, slug, name, price_cents as price from products where is_sold = 1 and price_cents is not null limit 1",
  )[0] as { id: string; slug: string; name: string; price: number };
  await page.goto("/");
  await page.evaluate((item) => {
    localStorage.setItem(
      "guestCart",
      JSON.stringify([
        {
          id: item.id,
          slug: item.slug,
          name: item.name,
          price: item.price,
          image: null,
          stock: 1,
          isUnique: true,
          quantity: 1,
        },
      ]),
    );
  }, sold);
  await page.reload();
  await page.getByRole("button", { name: "Panier (1)" }).click();
  const cart = page.getByRole("dialog", { name: "Votre Panier" });
  await expect(cart.getByText("Vendue — plus disponible")).toBeVisible();
  await expect(cart.getByTestId("cart-total")).toHaveText(/^0,00\s€$/);
  await expect(cart.getByRole("button", { name: "Contacter pour commander" })).toBeDisabled();
});
