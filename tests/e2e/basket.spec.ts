/**
 * Cart and favourites in the browser (docs/product.md §4): guests keep them in local storage
 * (guestCart, guestFavorites), shared between tabs; the panels change quantities, remove lines and
 * close; signed-in customers keep them on their account, the guest basket merging in at login; a
 * removal shows at once and comes back when the server fails. The server's rules (stock caps,
 * unique pieces, merging) are tested in app/features/basket/basket.server.test.ts.
 */
import type { Page } from "@playwright/test";
import { query } from "./demo-data";
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

const euros = (cents: number) => new RegExp(`^${(cents / 100).toFixed(2).replace(".", ",")}\\s€$`);

test.describe("guest", () => {
  test("the cart lives in local storage, survives a reload and is shared with another tab; unreadable storage is ignored", async ({
    page,
    context,
    seed,
  }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("guestCart", "{pas du json"));
    await page.reload();
    await expect(page.getByRole("button", { name: "Panier (0)" })).toBeVisible();

    const product = await seed.product();
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

  test("the panels: the favourites start empty; the cart changes quantities, totals and empties; a unique piece stays at 1; the heart adds and removes a favourite, which links to its piece and to the order form; the panels close three ways", async ({
    page,
    seed,
  }) => {
    const product = await seed.product({ price: "42.5", stock: 3 });
    const unique = await seed.product({ unique: true });
    await page.goto(`/catalogue/produit/${product.slug}`);
    // docs/product.md §2: a badge only "when at least one item".
    await expect(page.getByTestId("favoris-count")).toHaveCount(0);
    await page.getByRole("button", { name: "Favoris (0)" }).click();
    const favorites = page.getByRole("dialog", { name: "Vos Favoris" });
    await expect(favorites.getByText("Votre liste de favoris est vide.")).toBeVisible();
    await expect(favorites.getByRole("button", { name: "Contacter pour commander" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(favorites).toHaveCount(0);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("button", { name: "Panier (1)" }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    await cart.getByRole("button", { name: `Ajouter un exemplaire de ${product.name}` }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    await expect(cart.getByTestId("cart-total")).toHaveText(euros(product.priceCents * 2));
    await cart.getByRole("button", { name: `Retirer un exemplaire de ${product.name}` }).click();
    await cart.getByRole("button", { name: `Retirer un exemplaire de ${product.name}` }).click();
    await expect(cart.getByText("Votre panier est vide.")).toBeVisible();
    await expect(cart.getByRole("button", { name: "Contacter pour commander" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(cart).toHaveCount(0);

    await page.goto(`/catalogue/produit/${unique.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByRole("button", { name: "Dans le panier" })).toBeDisabled();
    await page.getByRole("button", { name: "Panier (1)" }).click();
    await expect(
      cart.getByRole("button", { name: `Ajouter un exemplaire de ${unique.name}` }),
    ).toBeDisabled();
    await cart.getByRole("button", { name: "Fermer" }).click();
    await expect(cart).toHaveCount(0);
    await page.getByRole("button", { name: "Panier (1)" }).click();
    await page.getByTestId("panel-overlay").click({ position: { x: 10, y: 10 } });
    await expect(cart).toHaveCount(0);

    const heart = page.getByRole("button", { name: `Ajouter ${unique.name} aux favoris` });
    await heart.click();
    await expect(page.getByTestId("favoris-count")).toHaveText("1");
    await page.getByRole("button", { name: `Retirer ${unique.name} des favoris` }).click();
    await expect(page.getByTestId("favoris-count")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/catalogue/produit/${unique.slug}$`));
    await heart.click();
    await page.getByRole("button", { name: "Favoris (1)" }).click();
    await expect(favorites.getByRole("link", { name: unique.name })).toHaveAttribute(
      "href",
      `/catalogue/produit/${unique.slug}`,
    );
    await favorites.getByRole("button", { name: "Contacter pour commander" }).click();
    await expect(favorites).toHaveCount(0);
    await expect(page).toHaveURL(/\/contact\?commande=favoris$/);
  });

  test("a piece « Prix sur demande » is in the cart as such, its total to confirm, and can be ordered", async ({
    page,
    seed,
  }) => {
    // docs/product.md §10.19, Pieces on request: the seller gives its price before the payment link.
    // The product form saves an empty price as 0 (§5): a piece on request is one of the demo's, only
    // read here (a guest's cart lives in the browser).
    const priced = await seed.product({ price: "30" });
    const [onRequest] = query<{ slug: string; name: string }>(
      "select slug, name from products where price_cents is null and is_sold = 0 and stock > 0 order by slug limit 1",
    );
    if (!onRequest) throw new Error("la démonstration n'a plus de pièce sur demande");
    await page.goto(`/catalogue/produit/${onRequest.slug}`);
    await expect(page.getByText("Prix sur demande").first()).toBeVisible();
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("button", { name: "Panier (1)" }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    await expect(cart.getByRole("link", { name: onRequest.name })).toBeVisible();
    await expect(cart.getByText("Prix unitaire : Prix sur demande")).toBeVisible();
    await expect(cart.getByTestId("cart-total")).toHaveText("à confirmer");
    await page.keyboard.press("Escape");
    await page.goto(`/catalogue/produit/${priced.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("button", { name: "Panier (2)" }).click();
    await expect(cart.getByTestId("cart-total")).toHaveText(
      /^30,00\s€ \+ pièces à prix sur demande \(à confirmer\)$/,
    );
    await cart.getByRole("button", { name: "Contacter pour commander" }).click();
    await expect(page).toHaveURL(/\/contact\?commande=panier$/);
    await expect(page.getByText(onRequest.name).first()).toBeVisible();
  });

  test("a sold piece kept in a guest cart shows as unavailable and is left out of the order", async ({
    page,
    seed,
  }) => {
    const sold = await seed.product({ sold: true, unique: true });
    await page.goto("/");
    await page.evaluate(
      (item) => {
        localStorage.setItem(
          "guestCart",
          JSON.stringify([{ ...item, image: null, stock: 1, isUnique: true, quantity: 1 }]),
        );
      },
      { id: sold.id, slug: sold.slug, name: sold.name, price: sold.priceCents },
    );
    await page.reload();
    await page.getByRole("button", { name: "Panier (1)" }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    await expect(cart.getByText("Vendue — plus disponible")).toBeVisible();
    await expect(cart.getByTestId("cart-total")).toHaveText(/^0,00\s€$/);
    await expect(cart.getByRole("button", { name: "Contacter pour commander" })).toBeDisabled();
  });
});

test.describe("signed in", () => {
  test("the guest basket merges into the account at login, then lives on the server and on /mon-compte", async ({
    page,
    seed,
  }) => {
    const product = await seed.product({ price: "42.5", stock: 3 });
    const customer = await seed.customer("fusion");
    await page.goto(`/catalogue/produit/${product.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("button", { name: `Ajouter ${product.name} aux favoris` }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("1");

    await page.goto("/auth");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/mon-compte$/);
    await expect(page.getByTestId("panier-count")).toHaveText("1");
    await expect(page.getByTestId("favoris-count")).toHaveText("1");
    expect(await page.evaluate(() => localStorage.getItem("guestCart"))).toBeNull();

    // Server side now: the account page lists both, and a change there survives a reload.
    const favorites = page.locator("#favoris");
    const cart = page.locator("#panier");
    await expect(favorites.getByText(/^1 favori · valeur totale/)).toBeVisible();
    await expect(cart.getByText("1 article · 1 pièce")).toBeVisible();
    const written = nextWrite(page, "/api/panier");
    await cart.getByRole("button", { name: `Ajouter un exemplaire de ${product.name}` }).click();
    await expect(cart.getByText("1 article · 2 pièces")).toBeVisible();
    expect((await written).ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    const total = ((product.priceCents * 2) / 100).toFixed(2).replace(".", ",");
    await expect(cart.getByText(new RegExp(`Total : ${total}\\s€`))).toBeVisible();
    const unfavourited = nextWrite(page, "/api/favoris");
    await favorites.getByRole("button", { name: `Retirer ${product.name} des favoris` }).click();
    await expect(favorites.getByText("Vous n'avez pas encore de favoris.")).toBeVisible();
    expect((await unfavourited).ok()).toBe(true);
    await cart.getByRole("button", { name: "Contacter pour commander" }).click();
    await expect(page).toHaveURL(/\/contact\?commande=panier$/);
    const order = page.getByRole("region", { name: "Votre commande" });
    await expect(order.getByRole("spinbutton", { name: `Quantité de ${product.name}` })).toHaveValue("2");
    await expect(order.getByTestId("order-subtotal")).toHaveText(new RegExp(`^${total}\\s€$`));
    // The parcel to France métropolitaine at the demo's rate, below its free threshold (ADR 028).
    const withDelivery = ((product.priceCents * 2 + 690) / 100).toFixed(2).replace(".", ",");
    await expect(order.getByTestId("order-total")).toHaveText(new RegExp(`^${withDelivery}\\s€$`));
  });

  test.describe("when the server fails", () => {
    // The failed request and its logged error (docs/product.md §8: failures are only logged) are expected here.
    test.use({ allowedConsoleErrors: /status of 500|Panier \/ favoris : échec/ });

    test("a removal shows at once and comes back", async ({ page, seed, login }) => {
      const product = await seed.product();
      await login(page, await seed.customer("annulation"));
      await page.goto(`/catalogue/produit/${product.slug}`);
      const added = nextWrite(page, "/api/panier");
      await page.getByRole("button", { name: "Ajouter au panier" }).click();
      await expect(page.getByTestId("panier-count")).toHaveText("1");
      expect((await added).ok()).toBe(true);
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
  });
});
