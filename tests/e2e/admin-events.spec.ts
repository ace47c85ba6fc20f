/**
 * The event manager (docs/product.md §2 "Admin dashboard"), signed in as the demo admin: an event
 * created with an image, seen on /agenda, edited and deleted after confirmation. The form's rules
 * are tested over HTTP in tests/routes/dashboard-lists.test.ts, its pictures' lifecycle in the
 * Vitest suites.
 */
import sharp from "sharp";
import { STORAGE } from "./accounts";
import { query } from "./demo-data";
import { expect, test, uniqueSuffix } from "./fixtures";

test.use({ storageState: STORAGE.admin });

test("creates an event with an image, sees it on /agenda, edits and deletes it", async ({ page }) => {
  const title = `Marché des perles ${uniqueSuffix()}`;
  const next = new Date();
  next.setDate(next.getDate() + 20);
  const day = next.toISOString().slice(0, 10);

  await page.goto("/admin/agenda");
  await page.getByRole("button", { name: "Ajouter un événement" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un événement" });
  await dialog.getByLabel("Titre").fill(title);
  await dialog.getByLabel("Date de début").fill(`${day}T10:00`);
  await dialog.getByLabel("Date de fin (facultative)").fill(`${day}T18:00`);
  await dialog.getByLabel("Lieu").fill("Port de Papeete");
  await dialog.getByLabel("Description").fill("Une journée de perles et de rencontres.");
  const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#1f7a8c" } })
    .png()
    .toBuffer();
  await dialog
    .getByLabel(/Choisir une image/)
    .setInputFiles({ name: "marche.png", mimeType: "image/png", buffer: image });
  await expect(dialog.getByRole("img", { name: `Illustration : ${title}` })).toBeVisible();
  await dialog.getByRole("button", { name: "Ajouter l'événement" }).click();
  await expect(page.getByRole("status")).toHaveText("Événement ajouté !");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Port de Papeete");

  await page.goto("/agenda");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await page.goto("/admin/agenda");
  await page.getByRole("button", { name: `Modifier ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Modifier l'événement" });
  await expect(edit.getByLabel("Titre")).toHaveValue(title);
  await expect(edit.getByLabel("Date de début")).toHaveValue(`${day}T10:00`);
  await edit.getByLabel("Titre").fill(`${title} (reporté)`);
  await edit.getByLabel("Lieu").fill("Marina Taina");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toHaveText("Événement mis à jour !");
  await expect(page.getByRole("row", { name: new RegExp(`${title} \\(reporté\\)`) })).toContainText(
    "Marina Taina",
  );
  expect(query("select image from events where title = ?", `${title} (reporté)`)[0]).toMatchObject({
    image: expect.stringMatching(/\.webp$/),
  });

  await page.goto("/agenda");
  await expect(page.getByRole("heading", { name: `${title} (reporté)` })).toBeVisible();

  await page.goto("/admin/agenda");
  await page.getByRole("button", { name: `Supprimer ${title} (reporté)` }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer l'événement" });
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
  await page.getByRole("button", { name: `Supprimer ${title} (reporté)` }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("status")).toHaveText("Événement supprimé avec succès !");
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  await page.goto("/agenda");
  await expect(page.getByRole("heading", { name: new RegExp(title) })).toHaveCount(0);
});
