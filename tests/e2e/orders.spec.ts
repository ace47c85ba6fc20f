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

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in customer orders the cart with plain forms, prefilled from the profile", async ({
    page,
  }) => {
    // A piece with stock to spare that no other spec reads the stock of (the keyboard spec takes the first).
    const piece = query<{ slug: string; name: string }>(
      `select slug, name from products
        where is_sold = 0 and is_unique = 0 and stock >= 5 and price_cents is not null
        order by slug desc limit 1 offset 1`,
    )[0] as { slug: string; name: string };
    await page.goto(`/catalogue/produit/${piece.slug}`);
    const account = { email: `commande-sans-js-${Date.now()}@exemple.fr`, password: "Sans-Script-2026" };
    const signup = await page.request.post("/api/auth/sign-up/email", {
      data: { ...account, name: "Tiare Sans Script" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(signup.ok()).toBe(true);
    await page.reload();
    await page.getByRole("main").getByRole("button", { name: "Ajouter au panier" }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Création ajoutée au panier." })).toBeVisible();

    await page.goto("/contact?commande=panier");
    const order = page.getByRole("region", { name: "Votre commande" });
    await expect(order.getByRole("spinbutton", { name: `Quantité de ${piece.name}` })).toHaveValue("1");
    await expect(order.getByLabel("Nom")).toHaveValue("Tiare Sans Script");
    await expect(order.getByLabel("Email")).toHaveValue(account.email);
    // Only the chosen delivery's details show, by CSS alone.
    await expect(order.getByLabel("Adresse")).toBeVisible();
    await order.getByRole("radio", { name: /Remise en main propre/ }).check();
    await expect(order.getByLabel("Adresse")).toBeHidden();
    await order.getByRole("button", { name: "Envoyer ma commande" }).click();

    await expect(page).toHaveURL(/\/commande\/[A-Za-z0-9_-]{43}\?nouvelle$/);
    const { number } = query<{ number: string }>(
      "select number from orders where email = ?",
      account.email,
    )[0] as {
      number: string;
    };
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande ${number}`);
    await expect(page.getByText(`Merci ! Votre commande ${number} est enregistrée.`)).toBeVisible();
    await expect(page.getByRole("region", { name: "Livraison" })).toContainText("Remise en main propre");
    expect(
      query(
        "select c.id from cart_items c join users u on u.id = c.user_id where u.email = ?",
        account.email,
      ),
    ).toEqual([]);
  });
});
