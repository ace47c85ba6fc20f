/**
 * The whole order journey of docs/product.md §10.19, across three browsers: a guest orders a unique
 * piece of the test's own from the cart, the total following the quantity typed; the seller's open
 * dashboard counts the new order live; another visitor finds the piece 'Réservée' and cannot order
 * it; the admin sends a payment link (the guest's e-mail in the outbox carries it), marks the order
 * paid, then shipped; the piece is in the gallery as sold, and the guest's private link shows every
 * step. Each step's rules are tested over HTTP in the Vitest suites (orders, admin orders).
 */
import fs from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "../../playwright.config";
import { STORAGE } from "./accounts";
import { query } from "./demo-data";
import { expect, test, uniqueSuffix, waitForHydration } from "./fixtures";

test.use({ storageState: STORAGE.admin });
test.describe.configure({ timeout: 120_000 });

const euros = (cents: number) => new RegExp(`^${(cents / 100).toFixed(2).replace(".", ",")}\\s€$`);

/** The outbox's e-mails to `to`, as text (quoted-printable soft breaks joined). */
function mailsTo(to: string): string[] {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8").replace(/=\r?\n/g, ""))
    .filter((text) => text.includes(`To: ${to}`));
}

test("a guest's order of a unique piece goes from the cart to shipped, held from everyone else", async ({
  page,
  browser,
  baseURL,
  seed,
}) => {
  const piece = await seed.product({ unique: true, price: "185" });
  const email = `parcours-${uniqueSuffix()}@exemple.fr`;
  const guestContext = await browser.newContext({ baseURL, locale: "fr-FR" });
  const visitorContext = await browser.newContext({ baseURL, locale: "fr-FR" });
  try {
    // 1. The guest orders it from the cart.
    const guest = await guestContext.newPage();
    await guest.goto(`/catalogue/produit/${piece.slug}`);
    await waitForHydration(guest);
    await guest.getByRole("main").getByRole("button", { name: "Ajouter au panier" }).click();
    await guest.getByRole("button", { name: "Panier (1)" }).click();
    await guest
      .getByRole("dialog", { name: "Votre Panier" })
      .getByRole("button", { name: "Contacter pour commander" })
      .click();
    const form = guest.getByRole("region", { name: "Votre commande" });
    await expect(form.getByRole("link", { name: piece.name })).toBeVisible();
    // The order form: the piece, its quantity (at most 1: unique), the total following what is typed.
    const quantity = form.getByRole("spinbutton", { name: `Quantité de ${piece.name}` });
    await expect(quantity).toHaveValue("1");
    await expect(quantity).toHaveAttribute("max", "1");
    // A parcel to France métropolitaine (the form's first choice), free from 150 € of pieces (ADR 028).
    await expect(form.getByTestId("order-delivery-cost")).toHaveText("offerte");
    await expect(form.getByTestId("order-total")).toHaveText(euros(piece.priceCents));
    await expect(guest.getByRole("button", { name: "Envoyer le message" })).toHaveCount(0);
    await quantity.fill("0");
    await expect(form.getByTestId("order-total")).toHaveText(euros(0));
    await expect(form.getByRole("button", { name: "Envoyer ma commande" })).toBeDisabled();
    await quantity.fill("1");
    await expect(form.getByTestId("order-total")).toHaveText(euros(piece.priceCents));

    // The seller's dashboard, open before the order: its count of new orders changes live, once its
    // stream (opened a second after the page) is there to carry it.
    const stream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/chat/flux" && response.status() === 200,
    );
    await page.goto("/admin/commandes");
    await stream;
    const ordersLink = page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: /^Commandes/ });
    const countBefore = await ordersLink.textContent();

    await form.getByLabel("Nom").fill("Vaiana Parcours");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("radio", { name: /Envoi postal/ }).check();
    await form.getByLabel("Adresse").fill("12 quai des Nacres");
    await form.getByLabel("Code postal").fill("29900");
    await form.getByLabel("Ville").fill("Concarneau");
    await form.getByRole("button", { name: "Envoyer ma commande" }).click();
    await expect(guest).toHaveURL(/\/commande\/[A-Za-z0-9_-]{43}$/);
    const trackingPath = new URL(guest.url()).pathname;
    await expect(guest.getByRole("button", { name: "Panier (0)" })).toBeVisible();
    // Other tests place orders meanwhile, none takes one out of 'Nouvelle': the count only grows.
    await expect.poll(() => ordersLink.textContent()).not.toBe(countBefore);
    const { number, id } = query<{ number: string; id: string }>(
      "select number, id from orders where email = ?",
      email,
    )[0] as { number: string; id: string };
    // The confirmation e-mail carries the private link.
    await expect.poll(() => mailsTo(email).some((mail) => mail.includes(trackingPath))).toBe(true);

    // 2. Another visitor: 'Réservée', and the server refuses an order all the same.
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/catalogue/produit/${piece.slug}`);
    await waitForHydration(visitor);
    await expect(
      visitor.getByRole("main").getByText("Pièce unique · Réservée", { exact: true }),
    ).toBeVisible();
    await expect(visitor.getByRole("main").getByRole("button", { name: "Réservée" }).first()).toBeDisabled();
    const refused = await visitor.request.post("/contact?commande=panier", {
      form: {
        "form-name": "commande",
        [`quantite.${piece.id}`]: "1",
        name: "Teva Second",
        email: "teva.second@exemple.fr",
        phone: "",
        delivery: "main_propre",
        message: "",
      },
      headers: { origin: new URL(baseURL ?? "").origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain(
      `« ${piece.name} » vient d'être réservée pour une autre commande.`,
    );

    // 3. The admin sends the payment link, e-mailed to the guest.
    await page.goto("/admin/commandes");
    await page
      .getByRole("row", { name: new RegExp(number) })
      .getByRole("link", { name: number })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/commandes/${id}$`));
    const paymentUrl = `https://paiement.exemple.fr/p/${number}`;
    await page.getByLabel("Lien de paiement (https://…)").fill(paymentUrl);
    await page.getByRole("button", { name: "Envoyer le lien de paiement" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Lien de paiement envoyé par email." }),
    ).toBeVisible();
    await expect.poll(() => mailsTo(email).some((mail) => mail.includes(paymentUrl))).toBe(true);

    // 4. Paid, then shipped with a tracking number.
    await page.getByRole("button", { name: "Marquer payée" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Commande marquée payée." })).toBeVisible();
    await page.getByLabel("Numéro de suivi (facultatif)").fill("6A98765432101");
    await page.getByRole("button", { name: "Marquer expédiée" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Commande marquée expédiée." })).toBeVisible();
    await expect.poll(() => mailsTo(email).some((mail) => mail.includes("6A98765432101"))).toBe(true);

    // 5. The piece is sold, in the gallery.
    await visitor.goto(`/galerie/vendu/${piece.slug}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(piece.name);
    await expect(visitor.getByText("Pièce Unique - Vendue", { exact: true })).toBeVisible();
    const shopPage = await visitor.goto(`/catalogue/produit/${piece.slug}`);
    expect(new URL(visitor.url()).pathname, `${shopPage?.status()}`).toBe(`/galerie/vendu/${piece.slug}`);

    // 6. The guest's link shows every step taken, with its date, and the tracking number.
    await guest.goto(trackingPath);
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`Commande ${number}`);
    const status = guest.getByRole("region", { name: /Statut/ });
    await expect(status.getByRole("heading", { level: 2 })).toContainText("Expédiée");
    // Paid, so a contract: the withdrawal function is offered from the order's page (docs/product.md §10.24).
    await expect(status.getByRole("link", { name: "Renoncer au contrat ici" })).toBeVisible();
    await expect(status).toContainText("6A98765432101");
    const steps = status.getByRole("list", { name: "Étapes de la commande" }).getByRole("listitem");
    for (const label of ["Nouvelle", "Lien de paiement envoyé", "Payée", "Expédiée"]) {
      const step = steps.filter({ hasText: label });
      await expect(step).toHaveAttribute("data-done", "true");
      await expect(step.locator("time")).toHaveCount(1);
    }
    await expect(steps.filter({ hasText: "Livrée" })).toContainText("À venir");
  } finally {
    await guestContext.close();
    await visitorContext.close();
  }
});
