/**
 * Cart and favourites in the browser (docs/product.md §4, ADR 032, ADR 036): every visitor's lists
 * live on the server — a guest's under a cookie — and show the same in every tab; a basket an
 * earlier version kept in local storage is imported once; the sidebars are dialogs that change
 * quantities, remove lines and close three ways; a guest's basket merges into the account at
 * sign-in; a removal shows at once and comes back when the server fails; without JavaScript the
 * same buttons are plain forms and the order form and the account list the pieces. The server's
 * rules (stock caps, unique pieces, merging, the cookie) are tested in-process
 * (app/features/basket/basket.server.test.ts, tests/routes/basket-api.test.ts).
 */
import type { Page } from "@playwright/test";
import { query } from "./demo-data";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The server's answer to the next basket write. The count changes at once (optimistic); reloading
 * or leaving the page before the answer would cancel the request, so a test waits for it before it
 * does either.
 */
function nextWrite(page: Page) {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.startsWith("/api/panier") && response.request().method() === "POST",
  );
}

const euros = (cents: number) => new RegExp(`^${(cents / 100).toFixed(2).replace(".", ",")}\\s€$`);

test.describe("guest", () => {
  test("the cart lives on the server under a cookie: it survives a reload and shows in another tab; a basket kept in local storage is imported once", async ({
    page,
    context,
    seed,
  }) => {
    const kept = await seed.product({ stock: 4 });
    const product = await seed.product();
    // A basket an earlier version of the shop kept in this browser, and an unreadable list beside it.
    await page.goto("/mentions-legales");
    await page.evaluate((id) => {
      localStorage.setItem("guestCart", JSON.stringify([{ id, slug: "x", name: "x", quantity: 2 }]));
      localStorage.setItem("guestFavorites", "{pas du json");
    }, kept.id);
    const imported = nextWrite(page);
    await page.reload();
    expect((await imported).ok()).toBe(true);
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    // The kept basket is removed once the import's answer is in, which the count (the visitor's part,
    // asked for on its own) does not wait for.
    await expect
      .poll(() =>
        page.evaluate(() => [localStorage.getItem("guestCart"), localStorage.getItem("guestFavorites")]),
      )
      .toEqual([null, null]);
    const cookie = (await context.cookies()).find((each) => each.name === "nacre_panier");
    expect(cookie?.httpOnly).toBe(true);

    await page.goto(`/catalogue/produit/${product.slug}`);
    const added = nextWrite(page);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("3");
    expect((await added).ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId("panier-count")).toHaveText("3");

    const other = await context.newPage();
    await other.goto("/");
    await waitForHydration(other);
    await expect(other.getByTestId("panier-count")).toHaveText("3");
  });

  test("the panels: the favourites start empty; the cart changes quantities, totals and empties; a unique piece stays at 1; the heart adds and removes a favourite, which links to its piece and to the order form; the panels close three ways", async ({
    page,
    seed,
  }) => {
    const product = await seed.product({ price: "42.5", stock: 3 });
    const unique = await seed.product({ unique: true });
    // ADR 036: a basket write asks the visitor's endpoint again, never the page's own data.
    const pageDataReloads: string[] = [];
    // The basket's route is learnt while the page loads: no manifest round trip between the first
    // page's taps and their writes.
    let tapped = false;
    const discoveredOnTap: string[] = [];
    page.on("request", (request) => {
      if (/\/catalogue\/produit\/[^/?]+\.data/.test(request.url())) pageDataReloads.push(request.url());
      if (tapped && /\/__manifest\?.*api%2Fpanier/.test(request.url())) discoveredOnTap.push(request.url());
    });
    await page.goto(`/catalogue/produit/${product.slug}`);
    // docs/product.md §2: a badge only "when at least one item".
    await expect(page.getByTestId("favoris-count")).toHaveCount(0);
    await page.getByRole("link", { name: "Favoris (0)" }).click();
    const favorites = page.getByRole("dialog", { name: "Vos Favoris" });
    await expect(favorites.getByText("Votre liste de favoris est vide.")).toBeVisible();
    // The page behind an open panel does not scroll (docs/product.md §2 "Sidebars").
    await expect(page.locator("html")).toHaveClass(/panneau-ouvert/);
    await expect(favorites.getByRole("button", { name: "Contacter pour commander" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(favorites).toBeHidden();
    await expect(page.locator("html")).not.toHaveClass(/panneau-ouvert/);
    await waitForHydration(page);
    tapped = true;
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("link", { name: "Panier (1)" }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    await cart.getByRole("button", { name: `Ajouter un exemplaire de ${product.name}` }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    await expect(cart.getByTestId("cart-total")).toHaveText(euros(product.priceCents * 2));
    await cart.getByRole("button", { name: `Retirer un exemplaire de ${product.name}` }).click();
    await expect(page.getByTestId("panier-count")).toHaveText("1");
    const emptied = nextWrite(page);
    await cart.getByRole("button", { name: `Retirer un exemplaire de ${product.name}` }).click();
    await expect(cart.getByText("Votre panier est vide.")).toBeVisible();
    await expect(cart.getByRole("button", { name: "Contacter pour commander" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(cart).toBeHidden();
    expect((await emptied).ok()).toBe(true);
    // A new page learns the basket's route again as it loads.
    tapped = false;

    await page.goto(`/catalogue/produit/${unique.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByRole("button", { name: "Dans le panier" })).toBeDisabled();
    await page.getByRole("link", { name: "Panier (1)" }).click();
    await expect(
      cart.getByRole("button", { name: `Ajouter un exemplaire de ${unique.name}` }),
    ).toBeDisabled();
    await cart.getByRole("button", { name: "Fermer" }).click();
    await expect(cart).toBeHidden();
    await page.getByRole("link", { name: "Panier (1)" }).click();
    await expect(cart).toBeVisible();
    // A click on the backdrop, left of the sidebar.
    await page.mouse.click(10, 300);
    await expect(cart).toBeHidden();
    // A click beside the open sidebar only closes it: the link under it is not followed.
    await page.getByRole("link", { name: "Panier (1)" }).click();
    await expect(cart).toBeVisible();
    const home = await page.getByRole("link", { name: /— accueil$/ }).boundingBox();
    if (!home) throw new Error("the header's home link is not on screen");
    await page.mouse.click(home.x + home.width / 2, home.y + home.height / 2);
    await expect(cart).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/catalogue/produit/${unique.slug}$`));

    const heart = page.getByRole("button", { name: `Ajouter ${unique.name} aux favoris` });
    await heart.click();
    await expect(page.getByTestId("favoris-count")).toHaveText("1");
    await page.getByRole("button", { name: `Retirer ${unique.name} des favoris` }).click();
    await expect(page.getByTestId("favoris-count")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/catalogue/produit/${unique.slug}$`));
    await heart.click();
    await page.getByRole("link", { name: "Favoris (1)" }).click();
    await expect(favorites.getByRole("link", { name: unique.name })).toHaveAttribute(
      "href",
      `/catalogue/produit/${unique.slug}`,
    );
    await favorites.getByRole("button", { name: "Contacter pour commander" }).click();
    await expect(favorites).toBeHidden();
    await expect(page).toHaveURL(/\/contact\?commande=favoris$/);
    expect(pageDataReloads).toEqual([]);
    expect(discoveredOnTap).toEqual([]);
  });

  test("a piece « Prix sur demande » is in the cart as such, its total to confirm, and can be ordered", async ({
    page,
    seed,
  }) => {
    // docs/product.md §10.19, Pieces on request: the seller gives its price before the payment link.
    // The product form saves an empty price as 0 (§5): a piece on request is one of the demo's.
    const priced = await seed.product({ price: "30" });
    const [onRequest] = query<{ slug: string; name: string }>(
      "select slug, name from products where price_cents is null and is_sold = 0 and stock > 0 order by slug limit 1",
    );
    if (!onRequest) throw new Error("la démonstration n'a plus de pièce sur demande");
    await page.goto(`/catalogue/produit/${onRequest.slug}`);
    await expect(page.getByText("Prix sur demande").first()).toBeVisible();
    const added = nextWrite(page);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("link", { name: "Panier (1)" }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    await expect(cart.getByRole("link", { name: onRequest.name })).toBeVisible();
    await expect(cart.getByText("Prix unitaire : Prix sur demande")).toBeVisible();
    await expect(cart.getByTestId("cart-total")).toHaveText("à confirmer");
    await page.keyboard.press("Escape");
    expect((await added).ok()).toBe(true);
    await page.goto(`/catalogue/produit/${priced.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("link", { name: "Panier (2)" }).click();
    await expect(cart.getByTestId("cart-total")).toHaveText(
      /^30,00\s€ \+ pièces à prix sur demande \(à confirmer\)$/,
    );
    await cart.getByRole("button", { name: "Contacter pour commander" }).click();
    await expect(page).toHaveURL(/\/contact\?commande=panier$/);
    await expect(page.getByText(onRequest.name).first()).toBeVisible();
  });

  test("a piece sold since a guest put it in the cart shows as unavailable and is left out of the order", async ({
    page,
    seed,
  }) => {
    const piece = await seed.product({ unique: true });
    await page.goto(`/catalogue/produit/${piece.slug}`);
    const added = nextWrite(page);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    expect((await added).ok()).toBe(true);
    // Someone else orders it and pays: it is sold.
    await seed.order({ lines: [{ product: piece }], paid: true });
    await page.goto("/");
    await page.getByRole("link", { name: "Panier (1)" }).click();
    const cart = page.getByRole("dialog", { name: "Votre Panier" });
    await expect(cart.getByText("Vendue — plus disponible")).toBeVisible();
    await expect(cart.getByTestId("cart-total")).toHaveText(/^0,00\s€$/);
    await expect(cart.getByRole("button", { name: "Contacter pour commander" })).toBeDisabled();
  });
});

test.describe("signed in", () => {
  test("a guest's basket merges into the account at login, then lives on /mon-compte", async ({
    page,
    seed,
  }) => {
    const product = await seed.product({ price: "42.5", stock: 3 });
    const customer = await seed.customer("fusion");
    await page.goto(`/catalogue/produit/${product.slug}`);
    const added = nextWrite(page);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    expect((await added).ok()).toBe(true);
    const favourited = nextWrite(page);
    await page.getByRole("button", { name: `Ajouter ${product.name} aux favoris` }).click();
    expect((await favourited).ok()).toBe(true);
    await expect(page.getByTestId("panier-count")).toHaveText("1");

    await page.goto("/auth");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/mon-compte$/);
    await expect(page.getByTestId("panier-count")).toHaveText("1");
    await expect(page.getByTestId("favoris-count")).toHaveText("1");
    // The header knew it from the first paint: the account hint.
    await expect(page.getByRole("link", { name: "Mon Compte" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Connexion" })).toBeHidden();

    const favorites = page.locator("#favoris");
    const cart = page.locator("#panier");
    await expect(favorites.getByText(/^1 favori · valeur totale/)).toBeVisible();
    await expect(cart.getByText("1 article · 1 pièce")).toBeVisible();
    const written = nextWrite(page);
    await cart.getByRole("button", { name: `Ajouter un exemplaire de ${product.name}` }).click();
    await expect(cart.getByText("1 article · 2 pièces")).toBeVisible();
    expect((await written).ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId("panier-count")).toHaveText("2");
    const total = ((product.priceCents * 2) / 100).toFixed(2).replace(".", ",");
    await expect(cart.getByText(new RegExp(`Total : ${total}\\s€`))).toBeVisible();
    const unfavourited = nextWrite(page);
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
    // The failed request (docs/product.md §8: failures are only logged) is expected here.
    test.use({ allowedConsoleErrors: /status of 500/ });

    test("a removal shows at once and comes back", async ({ page, seed, login }) => {
      const product = await seed.product();
      await login(page, await seed.customer("annulation"));
      await page.goto(`/catalogue/produit/${product.slug}`);
      const added = nextWrite(page);
      await page.getByRole("button", { name: "Ajouter au panier" }).click();
      await expect(page.getByTestId("panier-count")).toHaveText("1");
      expect((await added).ok()).toBe(true);
      await page.getByRole("link", { name: "Panier (1)" }).click();
      const cart = page.getByRole("dialog", { name: "Votre Panier" });

      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) => url.pathname.startsWith("/api/panier"),
        async (route) => {
          if (route.request().method() !== "POST") return route.continue();
          await held;
          await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({}) });
        },
      );
      await cart.getByRole("button", { name: `Retirer ${product.name} du panier` }).click();
      await expect(cart.getByText("Votre panier est vide.")).toBeVisible();
      release();
      await expect(cart.getByRole("link", { name: product.name })).toBeVisible();
      await expect(page.getByTestId("panier-count")).toHaveText("1");
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest adds a piece to the cart and another to the favourites, finds them in the order form, then signs in and finds both in the account", async ({
    page,
    seed,
  }) => {
    const inCart = await seed.product();
    const favourite = await seed.product();
    const customer = await seed.customer("sans-script-invitee");
    await page.goto(`/catalogue/produit/${inCart.slug}`);
    await page.getByRole("main").getByRole("button", { name: "Ajouter au panier" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/catalogue/produit/${inCart.slug}$`));
    await expect(page.getByRole("status").filter({ hasText: "Création ajoutée au panier." })).toBeVisible();
    await page.goto(`/catalogue/produit/${favourite.slug}`);
    await page.getByRole("button", { name: `Ajouter ${favourite.name} aux favoris` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Création ajoutée aux favoris." })).toBeVisible();

    // The header's cart and favourites lead to the order form, which lists them.
    await page.getByRole("link", { name: /^Panier/ }).click();
    await expect(page).toHaveURL(/\/contact\?commande=panier$/);
    const order = page.getByRole("region", { name: "Votre commande" });
    await expect(order.getByRole("spinbutton", { name: `Quantité de ${inCart.name}` })).toHaveValue("1");
    await expect(order.getByText(favourite.name)).toHaveCount(0);
    await page.goto("/contact?commande=favoris");
    await expect(order.getByText(favourite.name).first()).toBeVisible();
    await expect(order.getByText(inCart.name)).toHaveCount(0);

    await page.goto("/auth");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/mon-compte$/);
    await expect(page.locator("#panier").getByRole("link", { name: inCart.name })).toBeVisible();
    await expect(page.locator("#favoris").getByRole("link", { name: favourite.name })).toBeVisible();
  });
});
