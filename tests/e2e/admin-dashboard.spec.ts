/**
 * The dashboard's moderation and settings screens as the seller uses them (docs/product.md §2
 * "Tools"), signed in as the demo admin, on data of the test's own: reviews approved (then shown on
 * the home page) and deleted, the contact inbox, the user manager, the shop's phone in the footer,
 * the category delete warning and an attribute list. The commands' rules are tested over HTTP in
 * tests/routes/admin-dashboard.test.ts and tests/routes/dashboard-lists.test.ts.
 */
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { phoneHref } from "../../app/features/settings/settings-schema";
import { STORAGE } from "./accounts";
import { type Account, expect, test, uniqueSuffix } from "./fixtures";

test.use({ storageState: STORAGE.admin });

/** A client address of its own (the shop trusts X-Forwarded-For in the e2e run). */
const clientAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

/** A visitor's request context, signed in as `account` when given. */
async function visitor(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  account?: Account,
): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": clientAddress() },
  });
  if (account) {
    const login = await context.post("/auth", {
      form: { intent: "login", email: account.email, password: account.password, redirectTo: "" },
      maxRedirects: 0,
    });
    expect(login.status(), `connexion de ${account.email}`).toBe(302);
  }
  return context;
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("reviews: a new one waits, newest first, is approved and shows on the home page, then is deleted after confirmation", async ({
  page,
  seed,
  playwright,
  baseURL,
}) => {
  const [older, newer] = [await seed.customer("avis"), await seed.customer("avis")];
  const comments = [older, newer].map((account) => `Des perles magnifiques, merci ! (${account.name})`);
  for (const [index, account] of [older, newer].entries()) {
    const customer = await visitor(playwright, baseURL as string, account);
    const sent = await customer.post("/mon-compte", {
      form: { intent: "review", rating: index === 0 ? "5" : "4", comment: comments[index] as string },
    });
    expect(sent.ok()).toBe(true);
    await customer.dispose();
  }

  await page.goto("/admin/avis");
  const card = page.getByRole("article", { name: `Avis de ${newer.name}` });
  await expect(card).toContainText(comments[1] as string);
  await expect(card).toContainText("Note : 4 sur 5");
  await expect(card).toContainText("En attente");
  // Newest first: the review written last comes before the one written just before it.
  const names = await page
    .getByRole("list", { name: "Avis" })
    .getByRole("article")
    .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
  expect(names.indexOf(`Avis de ${newer.name}`)).toBeGreaterThanOrEqual(0);
  expect(names.indexOf(`Avis de ${newer.name}`)).toBeLessThan(names.indexOf(`Avis de ${older.name}`));

  await card.getByRole("button", { name: "Approuver" }).click();
  await expect(toast(page, "Avis approuvé.")).toBeVisible();
  await expect(card).toContainText("Approuvé");
  await expect(card.getByRole("button", { name: "Approuver" })).toHaveCount(0);

  // Approved, it is among the home page's testimonials; the pending one is not.
  await page.goto("/");
  await expect(page.getByText(comments[1] as string)).toBeVisible();
  await expect(page.getByText(comments[0] as string)).toHaveCount(0);

  await page.goto("/admin/avis");
  await card.getByRole("button", { name: "Supprimer" }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer l'avis" });
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Supprimer" }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Avis supprimé.")).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("the contact inbox marks a new message read and deletes it; the user manager finds, promotes, demotes and deletes a customer", async ({
  page,
  seed,
  playwright,
  baseURL,
}) => {
  const suffix = uniqueSuffix();
  const name = `Maeva ${suffix}`;
  const email = `maeva-${suffix}@exemple.fr`;
  const guest = await visitor(playwright, baseURL as string);
  const sent = await guest.post("/contact", {
    form: {
      "form-name": "contact",
      site_web: "",
      name,
      email,
      message: "Bonjour, ce collier existe-t-il en argent ?",
    },
  });
  expect(sent.ok()).toBe(true);
  await guest.dispose();

  await page.goto("/admin/contacts");
  const message = page.getByRole("article", { name: `Message de ${name}` });
  await expect(message).toContainText("ce collier existe-t-il en argent ?");
  await expect(message).toContainText("Non lu");
  await expect(message.getByRole("link", { name: "Répondre par email" })).toHaveAttribute(
    "href",
    `mailto:${email}?subject=${encodeURIComponent("Votre message — Nacre")}`,
  );
  await message.getByRole("button", { name: "Marquer comme lu" }).click();
  await expect(message.getByRole("button", { name: "Marquer comme non lu" })).toBeVisible();
  await expect(message.getByText("Lu", { exact: true })).toBeVisible();
  await message.getByRole("button", { name: "Supprimer" }).click();
  await page
    .getByRole("dialog", { name: "Supprimer le message" })
    .getByRole("button", { name: "Supprimer" })
    .click();
  await expect(toast(page, "Message supprimé.")).toBeVisible();
  await expect(message).toHaveCount(0);

  const customer = await seed.customer("compte");
  await page.goto("/admin/utilisateurs");
  await expect(page.getByRole("list", { name: "Statistiques des utilisateurs" })).toContainText(
    "Inscrits ce mois-ci",
  );
  const search = page.getByRole("search", { name: "Filtrer les utilisateurs" });
  await search.getByLabel("Rechercher").fill(`personne-${uniqueSuffix()}`);
  await search.getByRole("button", { name: "Rechercher" }).click();
  await expect(page.getByText("Aucun utilisateur trouvé.")).toBeVisible();
  await search.getByLabel("Rechercher").fill(customer.email);
  await search.getByRole("button", { name: "Rechercher" }).click();
  const card = page.getByRole("article", { name: customer.name });
  await expect(card).toContainText(customer.email);
  await expect(page.getByRole("list", { name: "Utilisateurs" }).getByRole("article")).toHaveCount(1);

  const role = card.getByLabel("Rôle");
  await role.selectOption("admin");
  await expect(toast(page, "Rôle mis à jour.")).toBeVisible();
  await expect(role).toHaveValue("admin");
  await page.reload();
  await expect(role).toHaveValue("admin");
  await role.selectOption("user");
  await expect(toast(page, "Rôle mis à jour.")).toBeVisible();
  await page.reload();
  await expect(role).toHaveValue("user");

  await card.getByRole("button", { name: "Supprimer" }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer l'utilisateur" });
  await expect(confirm).toContainText(customer.email);
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Utilisateur et toutes ses données supprimés avec succès !")).toBeVisible();
  await expect(page.getByText("Aucun utilisateur trouvé.")).toBeVisible();
});

test("the shop's phone shows in the footer once saved; a category's delete warns of its pieces; a colour is added, renamed and deleted", async ({
  page,
  seed,
}) => {
  // The settings are the whole shop's and other specs read the phone's link: the same number is
  // saved in another spelling (dots for spaces), so its tel: link never changes, then set back.
  await page.goto("/admin/parametres");
  const form = page.getByRole("form", { name: "Coordonnées de la boutique" });
  const phone = form.getByLabel("Téléphone", { exact: true });
  const previous = await phone.inputValue();
  const respelt = previous.includes(" ")
    ? previous.replaceAll(" ", ".")
    : previous.replace(/(\d\d)(?=\d)/g, "$1 ");
  expect(respelt).not.toBe(previous);
  const save = async (value: string) => {
    await phone.fill(value);
    await form.getByRole("button", { name: "Enregistrer les paramètres" }).click();
    await expect(toast(page, "Paramètres de la boutique enregistrés.")).toBeVisible();
  };
  try {
    await save(respelt);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: respelt })).toHaveAttribute(
      "href",
      `tel:${phoneHref(previous)}`,
    );
  } finally {
    await page.reload();
    await save(previous);
  }

  const category = await seed.category();
  await seed.product({ category });
  await page.goto("/admin/categories");
  await page.getByRole("button", { name: `Supprimer ${category.name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer la catégorie" });
  await expect(confirm).toContainText("les produits associés (1 produit) pourraient être affectés");
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(confirm).toHaveCount(0);
  const list = page.getByRole("list", { name: "Catégories" });
  await expect(list.getByText(category.name, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Supprimer ${category.name}` }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Catégorie supprimée.")).toBeVisible();
  await expect(list.getByText(category.name, { exact: true })).toHaveCount(0);

  await page.goto("/admin/filtres");
  const colours = page.getByRole("region", { name: "Couleurs" });
  const name = `Essai couleur ${uniqueSuffix()}`;
  const field = colours.getByLabel("Nouvelle entrée : couleur");
  await colours.getByRole("button", { name: "Ajouter : couleur" }).click();
  await expect(colours.getByRole("alert")).toHaveText("Le nom ne peut pas être vide.");
  await field.fill(name);
  await colours.getByRole("button", { name: "Ajouter : couleur" }).click();
  await expect(toast(page, "Couleur ajoutée !")).toBeVisible();
  await expect(colours.getByText(name, { exact: true })).toBeVisible();
  await expect(field).toHaveValue("");
  await colours.getByRole("button", { name: `Renommer ${name}` }).click();
  await colours.getByLabel(`Nouveau nom pour ${name}`).fill(`${name} bis`);
  await colours.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Couleur mise à jour !")).toBeVisible();
  await expect(colours.getByText(`${name} bis`, { exact: true })).toBeVisible();
  await colours.getByRole("button", { name: `Supprimer ${name} bis` }).click();
  await page
    .getByRole("dialog", { name: `Supprimer : ${name} bis` })
    .getByRole("button", { name: "Supprimer" })
    .click();
  await expect(toast(page, "Couleur supprimée.")).toBeVisible();
  await expect(colours.getByText(`${name} bis`, { exact: true })).toHaveCount(0);
});
