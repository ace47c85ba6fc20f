/**
 * Issue 9, signed in as the demo admin: review moderation (the approved review shows on the home
 * page), the user manager (promote a customer and back, delete them with every row of theirs),
 * the shop settings (the footer shows the new phone) and the contact inbox. Issue 21: the admin
 * exports a customer's data before deleting them.
 */
import fs from "node:fs";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { STORAGE } from "./accounts";
import { count, query } from "./demo-data";
import { expect, test } from "./fixtures";

test.use({ storageState: STORAGE.admin });

/** A fresh customer, signed up through the /auth form in their own request context. */
async function newCustomer(baseURL: string, label: string) {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const name = `Cliente ${label} ${Date.now()}`;
  const customer: APIRequestContext = await playwrightRequest.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.7` },
  });
  const signup = await customer.post("/auth", {
    form: { intent: "signup", name, email, password: "Motdepasse-2026", passwordConfirm: "Motdepasse-2026" },
    maxRedirects: 0,
  });
  expect(signup.status()).toBe(302);
  expect(signup.headers().location).toBe("/mon-compte");
  const id = (query<{ id: string }>("select id from users where email = ?", email)[0] as { id: string }).id;
  return { customer, email, name, id };
}

test("approves a review (it appears on the home page) and deletes it after confirmation", async ({
  page,
  baseURL,
}) => {
  const { customer, name } = await newCustomer(baseURL as string, "avis");
  const comment = `Des perles magnifiques, merci ! ${Date.now()}`;
  const sent = await customer.post("/mon-compte", { form: { intent: "review", rating: "4", comment } });
  expect(sent.ok()).toBe(true);
  await customer.dispose();

  await page.goto("/");
  await expect(page.getByText(comment)).toHaveCount(0);

  await page.goto("/admin/avis");
  const card = page.getByRole("article", { name: `Avis de ${name}` });
  await expect(card).toContainText(comment);
  await expect(card).toContainText("Note : 4 sur 5");
  await expect(card).toContainText("En attente");
  // Newest first: the review just written comes before the oldest one of the seed.
  const oldest = (
    query<{ name: string }>(
      "select u.name from reviews r join users u on u.id = r.user_id order by r.created_at, r.rowid limit 1",
    )[0] as { name: string }
  ).name;
  const names = await page
    .getByRole("list", { name: "Avis" })
    .getByRole("article")
    .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
  expect(names.indexOf(`Avis de ${name}`)).toBeLessThan(names.indexOf(`Avis de ${oldest}`));
  await card.getByRole("button", { name: "Approuver" }).click();
  await expect(page.getByRole("status")).toHaveText("Avis approuvé.");
  await expect(card).toContainText("Approuvé");
  await expect(card.getByRole("button", { name: "Approuver" })).toHaveCount(0);

  await page.goto("/");
  await expect(page.getByText(comment)).toBeVisible();

  await page.goto("/admin/avis");
  await card.getByRole("button", { name: "Supprimer" }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer l'avis" });
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Supprimer" }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("status")).toHaveText("Avis supprimé.");
  await expect(card).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByText(comment)).toHaveCount(0);
});

test("promotes a customer to admin and back, then deletes them with all their data", async ({
  page,
  baseURL,
}) => {
  const { customer, email, name, id } = await newCustomer(baseURL as string, "compte");
  const productId = (
    query<{ id: string }>(
      "select id from products where is_sold = 0 and stock > 0 order by slug limit 1",
    )[0] as {
      id: string;
    }
  ).id;
  expect((await customer.post("/api/panier", { data: { intent: "add", productId } })).ok()).toBe(true);
  expect((await customer.post("/api/favoris", { data: { intent: "toggle", productId } })).ok()).toBe(true);
  expect(
    (
      await customer.post("/mon-compte", {
        form: { intent: "review", rating: "5", comment: "Très belle pièce." },
      })
    ).ok(),
  ).toBe(true);
  expect((await customer.post("/api/chat", { data: { intent: "open" } })).ok()).toBe(true);
  expect((await customer.post("/api/chat", { data: { intent: "send", content: "Bonjour !" } })).ok()).toBe(
    true,
  );
  await customer.dispose();

  await page.goto("/admin/utilisateurs");
  await expect(page.getByRole("list", { name: "Statistiques des utilisateurs" })).toContainText(
    "Inscrits ce mois-ci",
  );
  const search = page.getByRole("search", { name: "Filtrer les utilisateurs" });
  await search.getByLabel("Rechercher").fill(email);
  await search.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(/q=/);
  const card = page.getByRole("article", { name });
  await expect(card).toContainText(email);
  await expect(page.getByRole("list", { name: "Utilisateurs" }).getByRole("article")).toHaveCount(1);

  await card.getByLabel("Rôle").selectOption("admin");
  await expect(page.getByRole("status")).toHaveText("Rôle mis à jour.");
  await expect(card.getByLabel("Rôle")).toHaveValue("admin");
  expect(query("select role from users where id = ?", id)).toEqual([{ role: "admin" }]);
  await card.getByLabel("Rôle").selectOption("user");
  await expect(card.getByLabel("Rôle")).toHaveValue("user");
  await expect.poll(() => query("select role from users where id = ?", id)).toEqual([{ role: "user" }]);

  await card.getByRole("checkbox", { name: "Email visible" }).uncheck();
  await expect(card.getByRole("checkbox", { name: "Email visible" })).not.toBeChecked();
  await expect
    .poll(() => query("select email_visibility as v from users where id = ?", id))
    .toEqual([{ v: 0 }]);

  // A request received by post or e-mail (issue 21): the admin exports the customer's data.
  const downloading = page.waitForEvent("download");
  await card.getByRole("link", { name: `Exporter les données de ${name}` }).click();
  const exported = await downloading;
  expect(exported.suggestedFilename()).toMatch(/^nacre-mes-donnees-\d{4}-\d\d-\d\d\.json$/);
  const exportedData = JSON.parse(fs.readFileSync((await exported.path()) as string, "utf8"));
  expect(exportedData.compte).toMatchObject({ id, email, role: "client" });

  await card.getByRole("button", { name: "Supprimer" }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer l'utilisateur" });
  await expect(confirm).toContainText(email);
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Utilisateur et toutes ses données supprimés avec succès !",
  );
  await expect(page.getByText("Aucun utilisateur trouvé.")).toBeVisible();
  for (const table of ["sessions", "accounts", "reviews", "cart_items", "user_favorites", "chats"]) {
    expect(count(`select count(*) as n from ${table} where user_id = ?`, id), table).toBe(0);
  }
  expect(count("select count(*) as n from chat_messages where sender_id = ?", id)).toBe(0);
  expect(count("select count(*) as n from users where id = ?", id)).toBe(0);
});

test.describe("last admin", () => {
  // The refused demotion is a 409, which the browser logs.
  test.use({ allowedConsoleErrors: /status of 409/ });
  test("the demo admin cannot demote the last admin nor delete their own account", async ({ page }) => {
    await page.goto("/admin/utilisateurs?role=admin");
    const own = page.getByRole("article", { name: /\(vous\)/ });
    await expect(own.getByRole("button", { name: "Supprimer" })).toHaveCount(0);
    if (count("select count(*) as n from users where role = 'admin'") === 1) {
      await own.getByLabel("Rôle").selectOption("user");
      await expect(own.getByRole("alert")).toHaveText(
        "Erreur lors de la mise à jour du rôle : Impossible : c'est le dernier administrateur de la boutique.",
      );
      await expect(own.getByLabel("Rôle")).toHaveValue("admin");
    }
  });
});

test("changes the shop's phone number and the footer shows it", async ({ page }) => {
  const previous = (query<{ phone: string }>("select phone from shop_settings")[0] as { phone: string })
    .phone;
  await page.goto("/admin/parametres");
  await expect(page.getByText("admin@nacre.test")).toBeVisible();
  await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  const form = page.getByRole("form", { name: "Coordonnées de la boutique" });
  await form.getByLabel("Téléphone", { exact: true }).fill("06 98 76 54 32");
  await form.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(page.getByRole("status")).toHaveText("Paramètres de la boutique enregistrés.");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "06 98 76 54 32" })).toHaveAttribute(
    "href",
    "tel:+33698765432",
  );
  await form.getByLabel("Téléphone", { exact: true }).fill("");
  await form.getByLabel("Nom de la boutique").fill("");
  await form.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(form.getByRole("alert")).toHaveText("Le nom de la boutique est obligatoire.");
  await page.reload();
  await form.getByLabel("Téléphone", { exact: true }).fill(previous);
  await form.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(page.getByRole("status")).toHaveText("Paramètres de la boutique enregistrés.");
});

test("the contact inbox shows a new message, marks it read and deletes it", async ({ page, browser }) => {
  const visitor = await browser.newContext({ storageState: undefined });
  const guest = await visitor.newPage();
  const name = `Maeva ${Date.now()}`;
  await guest.goto("/contact");
  await guest.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await guest.getByLabel("Nom").fill(name);
  await guest.getByLabel("Email").fill("maeva@example.com");
  await guest.getByLabel("Message").fill("Bonjour, ce collier existe-t-il en argent ?");
  await guest.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(guest.getByRole("status")).toContainText("Merci !");
  await visitor.close();

  await page.goto("/admin");
  await page.getByRole("link", { name: /nouveaux? messages? de contact/ }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  const card = page.getByRole("article", { name: `Message de ${name}` });
  await expect(card).toContainText("ce collier existe-t-il en argent ?");
  await expect(card).toContainText("Non lu");
  await expect(card.getByRole("link", { name: "Répondre par email" })).toHaveAttribute(
    "href",
    /^mailto:maeva@example\.com\?subject=/,
  );
  await card.getByRole("button", { name: "Marquer comme lu" }).click();
  await expect(card).toContainText("Lu");
  await expect(card.getByRole("button", { name: "Marquer comme non lu" })).toBeVisible();
  await card.getByRole("button", { name: "Supprimer" }).click();
  await page
    .getByRole("dialog", { name: "Supprimer le message" })
    .getByRole("button", { name: "Supprimer" })
    .click();
  await expect(page.getByRole("status")).toHaveText("Message supprimé.");
  await expect(card).toHaveCount(0);
});
