/** The event manager (issue 8), signed in as the demo admin: create, edit, delete, seen on /agenda. */
import sharp from "sharp";
import { STORAGE } from "./accounts";
import { query } from "./demo-data";
import { expect, test } from "./fixtures";

test.use({ storageState: STORAGE.admin });

test("creates an event with an image, sees it on /agenda, edits and deletes it", async ({ page }) => {
  const title = `Marché des perles ${Date.now()}`;
  const next = new Date();
  next.setDate(next.getDate() + 20);
  const day = next.toISOString().slice(0, 10);

  await page.goto("/admin/agenda");
  // Newest first (docs/product.md §7: -start_date).
  const starts = query<{ start_date: string }>("select start_date from events order by start_date desc");
  expect(starts.length).toBeGreaterThan(1);

  await page.getByRole("button", { name: "Ajouter un événement" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un événement" });
  await dialog.getByRole("button", { name: "Ajouter l'événement" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Le titre est obligatoire.");
  await dialog.getByLabel("Titre").fill(title);
  await dialog.getByRole("button", { name: "Ajouter l'événement" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("La date de début est obligatoire.");
  await dialog.getByLabel("Date de début").fill(`${day}T10:00`);
  await dialog.getByLabel("Date de fin (facultative)").fill(`${day}T09:00`);
  await dialog.getByRole("button", { name: "Ajouter l'événement" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "La date de fin doit être postérieure à la date de début.",
  );
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
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("Port de Papeete");

  // The table stays sorted newest first.
  const rowTitles = await page.locator("tbody th").allTextContents();
  const expected = query<{ title: string }>("select title from events order by start_date desc, id").map(
    (e) => e.title,
  );
  expect(rowTitles).toEqual(expected);

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
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("status")).toHaveText("Événement supprimé avec succès !");
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  await page.goto("/agenda");
  await expect(page.getByRole("heading", { name: new RegExp(title) })).toHaveCount(0);
});
