/**
 * Categories and attribute lists (issue 8), signed in as the demo admin: create, rename, delete;
 * deleting one detaches it from its products without losing them.
 */
import { STORAGE } from "./accounts";
import { count, query } from "./demo-data";
import { expect, test } from "./fixtures";

test.use({ storageState: STORAGE.admin });

test("creates, renames and deletes a category; its products stay", async ({ page }) => {
  const name = `Broches ${Date.now()}`;
  await page.goto("/admin/categories");
  await page.getByRole("button", { name: "Ajouter une catégorie" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter une catégorie" });
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Le nom ne peut pas être vide.");
  await dialog.getByLabel("Nom").fill(name);
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.getByRole("status")).toHaveText("Catégorie ajoutée !");
  await expect(dialog).toHaveCount(0);
  const list = page.getByRole("list", { name: "Catégories" });
  await expect(list.getByText(name, { exact: true })).toBeVisible();

  // The new category, given to one product, to check that deleting it keeps the product.
  const product = query<{ id: string; name: string }>(
    "select id, name from products order by name limit 1",
  )[0] as {
    id: string;
    name: string;
  };
  await page.goto("/admin/produits");
  await page.getByRole("article", { name: product.name }).getByRole("button", { name: "Modifier" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier le produit" });
  await edit
    .getByRole("group", { name: /Catégories/ })
    .getByRole("checkbox", { name })
    .check();
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toHaveText("Produit mis à jour avec succès !");

  await page.goto("/admin/categories");
  await page.getByRole("button", { name: `Modifier ${name}` }).click();
  const rename = page.getByRole("dialog", { name: "Modifier la catégorie" });
  await expect(rename.getByLabel("Nom")).toHaveValue(name);
  await rename.getByLabel("Nom").fill(`${name} fines`);
  await rename.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toHaveText("Catégorie mise à jour !");
  await expect(list.getByText(`${name} fines`, { exact: true })).toBeVisible();
  await expect(list.getByText(name, { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: `Supprimer ${name} fines` }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer la catégorie" });
  await expect(confirm).toContainText("les produits associés (1 produit) pourraient être affectés");
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(list.getByText(`${name} fines`, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Supprimer ${name} fines` }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("status")).toHaveText("Catégorie supprimée.");
  await expect(list.getByText(`${name} fines`, { exact: true })).toHaveCount(0);
  expect(count("select count(*) as n from products where id = ?", product.id)).toBe(1);
  expect(
    count("select count(*) as n from product_categories where product_id = ?", product.id),
  ).toBeGreaterThan(0);
});

test("adds, renames and deletes a colour, a material and a pearl type", async ({ page }) => {
  const stamp = Date.now();
  await page.goto("/admin/filtres");
  for (const [title, singular, table, toast] of [
    ["Couleurs", "couleur", "colors", ["Couleur ajoutée !", "Couleur mise à jour !", "Couleur supprimée."]],
    [
      "Matières",
      "matière",
      "materials",
      ["Matière ajoutée !", "Matière mise à jour !", "Matière supprimée."],
    ],
    [
      "Types de perles",
      "type de perle",
      "pearl_types",
      ["Type de perle ajouté !", "Type de perle mis à jour !", "Type de perle supprimé."],
    ],
  ] as const) {
    const section = page.getByRole("region", { name: title });
    const name = `Essai ${singular} ${stamp}`;
    await section.getByRole("button", { name: `Ajouter : ${singular}` }).click();
    await expect(section.getByRole("alert")).toHaveText("Le nom ne peut pas être vide.");
    await section.getByLabel(`Nouvelle entrée : ${singular}`).fill(name);
    await section.getByRole("button", { name: `Ajouter : ${singular}` }).click();
    await expect(page.getByRole("status")).toHaveText(toast[0]);
    await expect(section.getByText(name, { exact: true })).toBeVisible();
    await expect(section.getByLabel(`Nouvelle entrée : ${singular}`)).toHaveValue("");

    await section.getByRole("button", { name: `Renommer ${name}` }).click();
    await section.getByLabel(`Nouveau nom pour ${name}`).fill(`${name} bis`);
    await section.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("status")).toHaveText(toast[1]);
    await expect(section.getByText(`${name} bis`, { exact: true })).toBeVisible();
    expect(count(`select count(*) as n from ${table} where name = ?`, `${name} bis`)).toBe(1);

    await section.getByRole("button", { name: `Supprimer ${name} bis` }).click();
    await page
      .getByRole("dialog", { name: `Supprimer : ${name} bis` })
      .getByRole("button", { name: "Supprimer" })
      .click();
    await expect(page.getByRole("status")).toHaveText(toast[2]);
    await expect(section.getByText(`${name} bis`, { exact: true })).toHaveCount(0);
    expect(count(`select count(*) as n from ${table} where name = ?`, `${name} bis`)).toBe(0);
  }
});
