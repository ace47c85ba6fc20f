/**
 * The seller's orders (docs/product.md §10.19), signed in as the demo admin: the live count of new
 * orders in the navigation, the list and its search, an order taken through every step from its
 * page (payment link, paid, shipped with a tracking number, delivered) with its history; another
 * cancelled after the confirmation; its internal note; axe on both pages.
 */
import crypto from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import { E2E_DATA_DIR } from "../../playwright.config";
import { ADMIN, STORAGE } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { count, query } from "./demo-data";
import { expect, test, waitForHydration } from "./fixtures";

test.use({ storageState: STORAGE.admin });
test.describe.configure({ timeout: 90_000 });

interface Piece {
  id: string;
  name: string;
  slug: string;
  price_cents: number;
}

/** A unique piece for sale that no open order holds. */
function freeUniquePiece(): Piece {
  return query<Piece>(
    `select id, name, slug, price_cents from products p
      where is_unique = 1 and is_sold = 0 and stock > 0 and price_cents is not null
        and not exists (select 1 from order_lines l join orders o on o.id = l.order_id
                         where l.product_id = p.id and o.status in ('nouvelle', 'lien_envoye'))
      order by slug desc limit 1`,
  )[0] as Piece;
}

/**
 * An order as the order form records it (orders.server.ts's placeOrder), written straight into the
 * shop's SQLite file: one piece, held for 7 days, its first step by the customer.
 */
function placeOrder(piece: Piece, customer: string): { id: string; number: string } {
  const id = crypto.randomBytes(8).toString("hex").slice(0, 15);
  const number = `NAC-2026-${String(Math.floor(Math.random() * 90_000) + 10_000)}`;
  const now = new Date();
  const at = now.toISOString();
  const db = new SQLite(path.join(E2E_DATA_DIR, "nacre.sqlite"));
  db.pragma("busy_timeout = 15000");
  try {
    db.transaction(() => {
      db.prepare(
        `insert into orders (id, number, tracking_token, status, customer_name, email, phone, delivery_method,
          address_line, postal_code, city, message, total_cents, hold_expires_at, created_at, updated_at)
         values (?, ?, ?, 'nouvelle', ?, ?, '06 11 22 33 44', 'envoi', '3 allée des Perles', '29000', 'Quimper',
          'Merci !', ?, ?, ?, ?)`,
      ).run(
        id,
        number,
        crypto.randomBytes(32).toString("base64url"),
        customer,
        `${customer.toLowerCase().replace(/\W+/g, ".")}@exemple.fr`,
        piece.price_cents,
        new Date(now.getTime() + 7 * 86_400_000).toISOString(),
        at,
        at,
      );
      db.prepare(
        `insert into order_lines (id, order_id, product_id, product_name, product_slug, unit_price_cents, quantity, position)
         values (?, ?, ?, ?, ?, ?, 1, 0)`,
      ).run(`${id.slice(0, 13)}l0`, id, piece.id, piece.name, piece.slug, piece.price_cents);
      db.prepare(
        "insert into order_events (id, order_id, status, admin_id, created_at) values (?, ?, 'nouvelle', null, ?)",
      ).run(`${id.slice(0, 13)}e0`, id, at);
    })();
  } finally {
    db.close();
  }
  return { id, number };
}

const newOrders = () => count("select count(*) as n from orders where status = 'nouvelle'");

function adminName(): string {
  return (
    query<{ name: string }>("select name from users where email = ?", ADMIN.email)[0] as { name: string }
  ).name;
}

/** The navigation's link to the orders, named with its live count for screen readers too. */
function ordersLink(page: Page) {
  return page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: /^Commandes/ });
}

const badgeName = (n: number) => (n > 0 ? `Commandes ${n} nouvelle${n > 1 ? "s" : ""}` : "Commandes");

test("takes an order from new to delivered, the navigation's count following live", async ({
  page,
  browser,
  baseURL,
}) => {
  const piece = freeUniquePiece();
  const order = placeOrder(piece, "Heimana Suivi");
  const waiting = newOrders();
  const name = adminName();

  // A second dashboard tab, left on another page: its count changes without a reload.
  const context = await browser.newContext({ baseURL, locale: "fr-FR", storageState: STORAGE.admin });
  const other = await context.newPage();
  try {
    const stream = other.waitForResponse((response) => response.url().includes("/api/chat/flux"));
    await other.goto("/admin/produits");
    await waitForHydration(other);
    await stream;
    await expect(ordersLink(other)).toHaveAccessibleName(badgeName(waiting));

    await page.goto("/admin");
    await expect(ordersLink(page)).toHaveAccessibleName(badgeName(waiting));
    await ordersLink(page).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commandes");
    const row = page.getByRole("row", { name: new RegExp(order.number) });
    await expect(row).toContainText("Heimana Suivi");
    await expect(row).toContainText("Nouvelle");

    // The search narrows the list to this order, in the address (it works without JavaScript).
    await page.getByRole("searchbox", { name: "Rechercher" }).fill(order.number);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${order.number}`));
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expectNoAxeViolations(page, "/admin/commandes");

    await row.getByRole("link", { name: order.number }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande ${order.number}`);
    await expect(page.getByText("Pièces réservées jusqu'au")).toBeVisible();
    await expect(page.getByRole("link", { name: piece.name })).toHaveAttribute(
      "href",
      `/catalogue/produit/${piece.slug}`,
    );
    await expectNoAxeViolations(page, "/admin/commandes/:id");

    // Only an https address is a payment link; the page says so before posting.
    const link = page.getByLabel("Lien de paiement (https://…)");
    await link.fill("http://paiement.exemple.fr/p/1");
    await page.getByRole("button", { name: "Envoyer le lien de paiement" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Le lien de paiement doit être une adresse https:// complète.",
    );
    await link.fill("https://paiement.exemple.fr/p/heimana");
    await page.getByRole("button", { name: "Envoyer le lien de paiement" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Lien de paiement envoyé par email." }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "https://paiement.exemple.fr/p/heimana" })).toBeVisible();
    // No longer new: both tabs count one fewer, the other one live.
    await expect(ordersLink(page)).toHaveAccessibleName(badgeName(waiting - 1));
    await expect(ordersLink(other)).toHaveAccessibleName(badgeName(waiting - 1));

    await page.getByRole("button", { name: "Marquer payée" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Commande marquée payée." })).toBeVisible();
    await expect(page.getByRole("link", { name: piece.name })).toHaveAttribute(
      "href",
      `/galerie/vendu/${piece.slug}`,
    );

    await page.getByLabel("Numéro de suivi (facultatif)").fill("LA987654321FR");
    await page.getByRole("button", { name: "Marquer expédiée" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Commande marquée expédiée." })).toBeVisible();

    await page.getByRole("button", { name: "Marquer livrée" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Commande marquée livrée." })).toBeVisible();
    await expect(page.getByText("Cette commande est livrée : aucune étape ne reste.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Annuler la commande" })).toHaveCount(0);

    const history = page.getByRole("region", { name: "Historique" }).getByRole("listitem");
    await expect(history).toHaveCount(5);
    const labels = ["Nouvelle", "Lien de paiement envoyé", "Payée", "Expédiée", "Livrée"];
    for (const [index, label] of labels.entries()) {
      await expect(history.nth(index)).toContainText(label);
      await expect(history.nth(index)).toContainText(index === 0 ? "Client" : name);
    }
    await expect(history.nth(3)).toContainText("Numéro de suivi : LA987654321FR");

    // The list shows it delivered.
    await page.getByRole("link", { name: "← Toutes les commandes" }).click();
    await page
      .getByRole("navigation", { name: "Filtrer par statut" })
      .getByRole("link", { name: "Livrée" })
      .click();
    await expect(page).toHaveURL(/statut=livree/);
    await expect(page.getByRole("row", { name: new RegExp(order.number) })).toContainText("Livrée");
  } finally {
    await context.close();
  }
});

test("cancels an order only once confirmed, and keeps an internal note", async ({ page }) => {
  const order = placeOrder(freeUniquePiece(), "Tiare Annule");
  await page.goto(`/admin/commandes/${order.id}`);

  const note = page.getByLabel("Note pour la boutique (jamais montrée au client)");
  await note.fill("Rappeler avant l'envoi.");
  await page.getByRole("button", { name: "Enregistrer la note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note interne enregistrée." })).toBeVisible();
  await page.reload();
  await expect(note).toHaveValue("Rappeler avant l'envoi.");

  await page.getByRole("button", { name: "Annuler la commande" }).click();
  const dialog = page.getByRole("dialog", { name: "Annuler la commande" });
  await expect(dialog).toContainText(`Annuler la commande ${order.number} ?`);
  await expectNoAxeViolations(page, "dialogue « Annuler la commande »");
  await dialog.getByRole("button", { name: "Garder la commande" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("h1 + span")).toHaveText("Nouvelle");

  await page.getByRole("button", { name: "Annuler la commande" }).click();
  await dialog.getByRole("button", { name: "Annuler la commande" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Commande annulée." })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Cette commande est annulée : aucune étape ne reste.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Historique" }).getByRole("listitem")).toHaveCount(2);
});

test.describe("an unknown order", () => {
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("is a French 404 inside the dashboard", async ({ page }) => {
    const response = await page.goto("/admin/commandes/inconnue");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commande introuvable");
    await expect(page.getByText("Cette commande n'existe pas.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Administration" })).toBeVisible();
  });
});
