/**
 * Without JavaScript (docs/product.md §10.19): a signed-in customer's basket buttons and the
 * order form are plain forms. The customer adds a piece to the cart and to the favourites, each
 * coming back to the page with a confirmation, then orders the cart with the form prefilled from
 * the profile, only the chosen delivery's details showing, by CSS alone, after asking the server for
 * the delivery's cost of another zone (ADR 028); then cancels it from its page, through the
 * confirmation step. The whole order journey with JavaScript, to shipping, is
 * admin-order-journey.spec.ts.
 */
import { query } from "./demo-data";
import { expect, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("a signed-in customer adds a piece to the cart and the favourites, then orders the cart with plain forms", async ({
  page,
  seed,
  login,
}) => {
  const piece = await seed.product({ stock: 5 });
  const customer = await seed.customer("sans-script");
  await login(page, customer);
  const productPage = `/catalogue/produit/${piece.slug}`;
  await page.goto(productPage);
  await page.getByRole("main").getByRole("button", { name: "Ajouter au panier" }).first().click();
  await expect(page).toHaveURL(new RegExp(`${productPage}$`));
  await expect(page.getByRole("status").filter({ hasText: "Création ajoutée au panier." })).toBeVisible();
  await page.getByRole("button", { name: `Ajouter ${piece.name} aux favoris` }).click();
  await expect(page).toHaveURL(new RegExp(`${productPage}$`));
  await expect(page.getByRole("status").filter({ hasText: "Création ajoutée aux favoris." })).toBeVisible();
  // The page is the same for everyone (ADR 036): the account's lists show in the order form and on
  // the account page, which are the customer's own.
  await page.goto("/contact?commande=favoris");
  await expect(
    page
      .getByRole("region", { name: "Votre commande" })
      .getByRole("spinbutton", { name: `Quantité de ${piece.name}` }),
  ).toHaveValue("1");

  await page.goto("/contact?commande=panier");
  const order = page.getByRole("region", { name: "Votre commande" });
  await expect(order.getByRole("spinbutton", { name: `Quantité de ${piece.name}` })).toHaveValue("1");
  await expect(order.getByLabel("Nom")).toHaveValue(customer.name);
  await expect(order.getByLabel("Email")).toHaveValue(customer.email);
  await expect(order.getByLabel("Adresse")).toBeVisible();
  // A parcel to France métropolitaine first (42 € of pieces, below the free threshold of 150 €);
  // another zone's cost comes from the server (ADR 028).
  await expect(order.getByTestId("order-delivery-cost")).toHaveText(/^6,90\s€$/);
  await expect(order.getByTestId("order-total")).toHaveText(/^48,90\s€$/);
  await order.getByLabel("Pays / zone de livraison").selectOption({ label: "Union européenne" });
  await order.getByRole("button", { name: "Calculer les frais de livraison" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Frais de livraison et total calculés" }),
  ).toBeVisible();
  await expect(order.getByTestId("order-delivery-cost")).toHaveText(/^12,90\s€$/);
  await expect(order.getByTestId("order-total")).toHaveText(/^54,90\s€$/);
  await expect(order.getByLabel("Pays / zone de livraison")).toHaveValue("ue");
  await order.getByRole("radio", { name: /Remise en main propre/ }).check();
  await expect(order.getByLabel("Adresse")).toBeHidden();
  await order.getByRole("button", { name: "Envoyer ma commande" }).click();

  await expect(page).toHaveURL(/\/commande\/[A-Za-z0-9_-]{43}\?nouvelle$/);
  const { number } = query<{ number: string }>(
    "select number from orders where email = ?",
    customer.email,
  )[0] as {
    number: string;
  };
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande ${number}`);
  await expect(page.getByText(`Merci ! Votre commande ${number} est enregistrée.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Livraison" })).toContainText("Remise en main propre");

  await page.goto("/mon-compte");
  await expect(page.locator("#panier").getByText("Votre panier est vide.")).toBeVisible();
  await expect(page.locator("#favoris").getByText(piece.name)).toBeVisible();

  // « Annuler ma commande » from 'Mes commandes': a confirmation page, then the order is cancelled.
  await page.getByRole("link", { name: `Annuler ma commande ${number}` }).click();
  await expect(page.getByRole("heading", { name: "Confirmez l'annulation" })).toBeVisible();
  await page.getByRole("button", { name: "Annuler ma commande" }).click();
  await expect(page).toHaveURL(/\/mon-compte#commandes$/);
  await expect(
    page.getByRole("status").filter({ hasText: `Votre commande ${number} est annulée` }),
  ).toBeVisible();
  expect(query<{ status: string }>("select status from orders where number = ?", number)[0]?.status).toBe(
    "annulee",
  );
});
