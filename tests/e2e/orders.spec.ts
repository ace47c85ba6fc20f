/**
 * Ordering (issue 20, docs/product.md §10.19): a guest orders a unique piece from the cart through the
 * order form and lands on the order's private page; the piece leaves the cart; another visitor then
 * finds it 'Réservée' on its page and its card, with no way to add it. Axe finds nothing on the order
 * form nor on the order's page.
 */
import { expectNoAxeViolations } from "./axe";
import { query } from "./demo-data";
import { expect, test, waitForHydration } from "./fixtures";

// Two axe passes and two browser contexts on a busy two-core machine need room.
test.describe.configure({ timeout: 90_000 });

interface Piece {
  slug: string;
  name: string;
  priceCents: number;
}

/**
 * A unique piece for sale that no other spec picks (they take the first by id or by name) and
 * that no cart or order holds yet: ordering it holds it for the rest of the run.
 */
function uniquePiece(): Piece {
  return query<Piece>(
    `select slug, name, price_cents as "priceCents" from products
      where is_sold = 0 and is_unique = 1 and stock = 1 and price_cents is not null
        and id not in (select product_id from cart_items where product_id is not null)
        and id not in (select product_id from order_lines where product_id is not null)
      order by slug desc limit 1`,
  )[0] as Piece;
}

const euros = (cents: number) => new RegExp(`^${(cents / 100).toFixed(2).replace(".", ",")}\\s€$`);

test("a guest orders a unique piece from the cart, follows it, and the next visitor finds it 'Réservée'", async ({
  page,
  browser,
}) => {
  const piece = uniquePiece();
  const email = `commande-${Date.now()}@exemple.fr`;

  await page.goto(`/catalogue/produit/${piece.slug}`);
  await page.getByRole("main").getByRole("button", { name: "Ajouter au panier" }).click();
  await page.getByRole("button", { name: "Panier (1)" }).click();
  await page
    .getByRole("dialog", { name: "Votre Panier" })
    .getByRole("button", { name: "Contacter pour commander" })
    .click();
  await expect(page).toHaveURL(/\/contact\?commande=panier$/);

  // The order form: the piece, its quantity, the total; the plain contact form is gone.
  const order = page.getByRole("region", { name: "Votre commande" });
  await expect(order.getByRole("link", { name: piece.name })).toBeVisible();
  const quantity = order.getByRole("spinbutton", { name: `Quantité de ${piece.name}` });
  await expect(quantity).toHaveValue("1");
  await expect(quantity).toHaveAttribute("max", "1");
  await expect(order.getByTestId("order-total")).toHaveText(euros(piece.priceCents));
  await expect(page.getByRole("button", { name: "Envoyer le message" })).toHaveCount(0);
  await expectNoAxeViolations(page, "/contact?commande=panier");

  // The total follows the quantity as it is typed.
  await quantity.fill("0");
  await expect(order.getByTestId("order-total")).toHaveText(euros(0));
  await expect(order.getByRole("button", { name: "Envoyer ma commande" })).toBeDisabled();
  await quantity.fill("1");
  await expect(order.getByTestId("order-total")).toHaveText(euros(piece.priceCents));

  await order.getByLabel("Nom").fill("Moana Invitée");
  await order.getByLabel("Email").fill(email);
  await order.getByRole("radio", { name: /Envoi postal/ }).check();
  await order.getByLabel("Adresse").fill("5 rue du Port");
  await order.getByLabel("Code postal").fill("56170");
  await order.getByLabel("Ville").fill("Quiberon");
  await order.getByRole("button", { name: "Envoyer ma commande" }).click();

  // The order's private page, its marker gone from the address once the cart was emptied.
  await expect(page).toHaveURL(/\/commande\/[A-Za-z0-9_-]{43}$/);
  const { number } = query<{ number: string }>("select number from orders where email = ?", email)[0] as {
    number: string;
  };
  expect(number).toMatch(/^NAC-\d{4}-\d{4,}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande ${number}`);
  await expect(
    page.getByRole("status").filter({ hasText: `Merci ! Votre commande ${number} est enregistrée.` }),
  ).toBeVisible();
  const status = page.getByRole("region", { name: /Statut/ });
  await expect(status.getByRole("heading")).toContainText("Nouvelle");
  await expect(status.getByRole("list", { name: "Étapes de la commande" }).getByRole("listitem")).toHaveCount(
    5,
  );
  await expect(page.getByRole("region", { name: "Vos créations" })).toContainText(piece.name);
  await expect(page.getByRole("region", { name: "Livraison" })).toContainText("5 rue du Port");
  await expect(page.getByRole("button", { name: "Panier (0)" })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("guestCart") ?? "[]"))).toEqual([]);
  await expectNoAxeViolations(page, "la page de la commande");

  // Another visitor: the piece is held for this order.
  const other = await browser.newContext();
  try {
    const visitor = await other.newPage();
    await visitor.goto(`/catalogue/produit/${piece.slug}`);
    await waitForHydration(visitor);
    const main = visitor.getByRole("main");
    await expect(main.getByText("Pièce unique · Réservée", { exact: true })).toBeVisible();
    // The piece's own button comes first; similar pieces' cards follow it.
    await expect(main.getByRole("button", { name: "Réservée" }).first()).toBeDisabled();

    const price = String(piece.priceCents / 100);
    await visitor.goto(`/catalogue?prixMin=${price}&prixMax=${price}&tri=name-asc`);
    await waitForHydration(visitor);
    const card = visitor
      .getByRole("article")
      .filter({ has: visitor.getByRole("link", { name: piece.name }) });
    await expect(card.locator("p", { hasText: /^Réservée$/ })).toBeVisible();
    await expect(card.getByRole("button", { name: "Réservée" })).toBeDisabled();
  } finally {
    await other.close();
  }
});
