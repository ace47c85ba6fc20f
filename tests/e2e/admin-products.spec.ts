/**
 * The product manager (docs/product.md §2, Admin dashboard), signed in as the demo admin: the add dialog refuses a picked
 * non-image and more than 10 pictures; a product made with three images,
 * reordered with the arrows and by dragging, sold (it moves from /catalogue to /galerie), edited and
 * deleted; the list filtered and its view remembered. The product rules (slugs, prices, stock, image
 * limits, refusals) are tested over HTTP in tests/routes/admin-actions.test.ts and
 * app/features/catalogue/admin/product-schema.test.ts.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { STORAGE } from "./accounts";
import { query } from "./demo-data";
import { expect, type Seed, test, uniqueSuffix } from "./fixtures";

test.use({ storageState: STORAGE.admin });

// /admin/produits shows every piece of the shop, and the specs beside these delete their own pieces
// and photos: a picture whose product or photo went between the page's render and its request is a
// 404. Those only are allowed, and each test checks that they are pictures no product has any more.
test.use({ allowedConsoleErrors: /status of 404/ });

/**
 * The dashboard's toast. The product dialogs have live regions of their own (the wording hint of
 * docs/product.md §5, the drag-and-drop announcements): the toast is the one that reports a save.
 */
const toast = (page: Page) => page.getByRole("status").filter({ hasText: /succès/ });

/** Records the page's 404s; the returned check fails on any that is not a vanished product picture. */
function onlyVanishedPictures(page: Page) {
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(new URL(response.url()).pathname);
  });
  return () => {
    for (const pathname of missing) {
      const file = /^\/images\/products\/([^/?]+)$/.exec(pathname)?.[1];
      expect(file, `404 hors des photos de produits : ${pathname}`).toBeDefined();
      expect(query("select id from product_images where file_name = ?", file), pathname).toEqual([]);
    }
  };
}

/** A small PNG whose width tells it apart once stored (the server re-encodes every image). */
async function png(width: number, name: string) {
  const buffer = await sharp({
    create: { width, height: 120, channels: 3, background: { r: 30, g: (width / 3) % 255, b: 140 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

const storedWidths = (name: string) =>
  query<{ width: number }>(
    `select i.width from product_images i join products p on p.id = i.product_id
      where p.name = ? order by i.position`,
    name,
  ).map((row) => row.width);

const fileOrder = (dialog: import("@playwright/test").Locator) =>
  dialog
    .getByTestId("product-image")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-file")));

test("refuses a picked non-image and more than 10 pictures, then creates a product with three images, reorders them, sells it, edits and deletes it", async ({
  page,
  seed,
}) => {
  test.slow();
  const checkMissingPictures = onlyVanishedPictures(page);
  const category = await seed.category();
  const name = `Collier Écume ${uniqueSuffix()}`;
  const slug = name.toLowerCase().replace("é", "e").replace(/ /g, "-");

  await page.goto("/admin/produits");
  await page.getByRole("button", { name: "Ajouter un produit" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un produit" });
  // The dialog checks the picked files before anything is sent (docs/product.md §5).
  const input = dialog.getByLabel("Ajouter des images (PNG, JPG, GIF, WebP)");
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("texte") });
  await expect(dialog.getByRole("alert")).toHaveText(
    "« notes.txt » n'est pas une image acceptée (PNG, JPG, GIF ou WebP uniquement).",
  );
  const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => png(50 + i, `p${i}.png`)));
  await input.setInputFiles(eleven);
  await expect(dialog.getByRole("alert")).toHaveText("Un produit ne peut pas avoir plus de 10 images.");
  await expect(dialog.getByTestId("product-image")).toHaveCount(0);

  await dialog.getByLabel("Nom", { exact: true }).fill(name);
  await expect(dialog.getByText(`Adresse : /catalogue/produit/${slug}`)).toBeVisible();
  // A pearl must say what it is (docs/product.md §5, décret 2002-65): warned, never blocked.
  await dialog.getByLabel("Description").fill("Un collier d'essai, perles et acier.");
  await expect(dialog.getByText(/^Attention : le décret n° 2002-65/)).toBeVisible();
  await dialog.getByLabel("Description").fill("Un collier d'essai, perles de culture et acier.");
  await expect(dialog.getByText(/^Attention : le décret n° 2002-65/)).toHaveCount(0);
  await dialog.getByLabel("Prix (€)").fill("98765.43");
  await dialog.getByLabel("Stock").fill("3");
  await dialog
    .getByRole("group", { name: /Catégories/ })
    .getByRole("checkbox", { name: category.name })
    .check();
  await dialog.getByRole("group", { name: "Couleurs" }).getByRole("checkbox").first().check();
  await input.setInputFiles([
    await png(300, "un.png"),
    await png(400, "deux.png"),
    await png(500, "trois.png"),
  ]);
  await expect(dialog.getByTestId("product-image")).toHaveCount(3);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  expect(await fileOrder(dialog)).toEqual(["un.png", "deux.png", "trois.png"]);

  // Reorder with the arrow buttons (the keyboard path)…
  await dialog.getByRole("button", { name: "Déplacer l'image 3 vers la gauche" }).click();
  await expect.poll(() => fileOrder(dialog)).toEqual(["un.png", "trois.png", "deux.png"]);
  // …and by dragging the first image onto the last place.
  const first = dialog.getByRole("button", { name: "Glisser pour déplacer l'image 1" });
  const last = dialog.getByRole("button", { name: "Glisser pour déplacer l'image 3" });
  const from = await first.boundingBox();
  const to = await last.boundingBox();
  if (!from || !to) throw new Error("images not laid out");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect.poll(() => fileOrder(dialog)).toEqual(["trois.png", "deux.png", "un.png"]);

  await dialog.getByRole("button", { name: "Ajouter le produit" }).click();
  // The answer comes once the server has stored the three pictures (sharp, one core kept for
  // pages, ADR 021): beside a busy suite that passed 7 s with the upload at 100 %.
  await expect(toast(page)).toHaveText("Produit ajouté avec succès !", { timeout: 20_000 });
  await expect(dialog).toHaveCount(0);
  expect(storedWidths(name)).toEqual([500, 400, 300]);
  expect(query<{ slug: string }>("select slug from products where name = ?", name)[0]?.slug).toBe(slug);

  const card = page.getByRole("article", { name });
  await expect(card.getByText("En vente")).toBeVisible();
  await expect(card.getByText("Stock : 3")).toBeVisible();

  // For sale: in the catalogue, not in the gallery (the test's own category: nobody else's pieces).
  await page.goto(`/catalogue?categorie=${category.id}`);
  await expect(page.getByRole("article").getByRole("heading")).toHaveText([name]);
  await page.goto(`/galerie?categorie=${category.id}`);
  await expect(page.getByRole("heading", { name })).toHaveCount(0);

  await page.goto("/admin/produits");
  await page.getByRole("article", { name }).getByRole("button", { name: "Marquer vendu" }).click();
  await expect(toast(page)).toHaveText("Produit mis à jour avec succès !");
  await expect(card.getByText("Vendu", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Remettre en vente" })).toBeVisible();

  // Sold: gone from the catalogue, in the gallery.
  await page.goto(`/catalogue?categorie=${category.id}`);
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
  await page.goto(`/galerie?categorie=${category.id}`);
  await expect(page.getByRole("article").getByRole("heading")).toHaveText([name]);

  // Edit: a unique piece (stock forced to 1, field disabled), one image fewer.
  await page.goto("/admin/produits");
  await page.getByRole("article", { name }).getByRole("button", { name: "Modifier" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier le produit" });
  await expect(edit.getByLabel("Nom", { exact: true })).toHaveValue(name);
  await expect(edit.getByRole("checkbox", { name: "Vendu" })).toBeChecked();
  await edit.getByRole("checkbox", { name: "Pièce unique" }).check();
  await expect(edit.getByLabel("Stock")).toBeDisabled();
  await expect(edit.getByLabel("Stock")).toHaveValue("1");
  await edit.getByLabel("Prix (€)").fill("120,5".replace(",", "."));
  await expect(edit.getByTestId("product-image")).toHaveCount(3);
  await edit.getByRole("button", { name: "Retirer l'image 2" }).click();
  await expect(edit.getByTestId("product-image")).toHaveCount(2);
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page)).toHaveText("Produit mis à jour avec succès !");
  await expect(edit).toHaveCount(0);
  expect(storedWidths(name)).toEqual([500, 300]);
  expect(
    query<{ price_cents: number; stock: number; is_unique: number; slug: string }>(
      "select price_cents, stock, is_unique, slug from products where name = ?",
      name,
    )[0],
  ).toEqual({ price_cents: 12050, stock: 1, is_unique: 1, slug });
  await expect(page.getByRole("article", { name }).getByText("Pièce unique")).toBeVisible();

  // Delete, after confirmation.
  await page.getByRole("article", { name }).getByRole("button", { name: "Supprimer" }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer le produit" });
  await expect(confirm).toContainText(`Supprimer « ${name} » ?`);
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page)).toHaveText("Produit supprimé avec succès.");
  await expect(page.getByRole("article", { name })).toHaveCount(0);
  expect(query("select id from products where name = ?", name)).toEqual([]);
  checkMissingPictures();
});

test.describe("the whole list", () => {
  test("filters by status, category and name, and remembers the list view", async ({ page, seed }) => {
    const checkMissingPictures = onlyVanishedPictures(page);
    await filtersAndView(page, seed);
    checkMissingPictures();
  });
});

async function filtersAndView(page: Page, seed: Seed) {
  const category = await seed.category();
  await seed.product({ category });
  await seed.product({ category, sold: true });
  await page.goto("/admin/produits");
  await page.getByLabel("Catégorie").selectOption({ label: category.name });
  await expect(page.getByText("2 produits affichés")).toBeVisible();
  await page.getByLabel("Statut").selectOption({ label: "Vendus" });
  await expect(page.getByText("1 produit affiché")).toBeVisible();
  await page.getByLabel("Statut").selectOption({ label: "Tous" });
  await page.getByLabel("Catégorie").selectOption({ label: "Toutes" });
  await page.getByLabel("Rechercher un produit").fill("zzz introuvable");
  await expect(page.getByText("Aucun produit trouvé.")).toBeVisible();
  // The shop's search (docs/product.md §10.23): a typo and a plural find the adjustable ring.
  await page.getByLabel("Rechercher un produit").fill("bage ajustables");
  await expect(page.getByText("Bague Ajustable Motu One")).toBeVisible();
  await expect(page.getByText("Collier Lagon de Rangiroa")).toBeHidden();
  await page.getByLabel("Rechercher un produit").fill("");

  await page.getByRole("button", { name: "Liste" }).click();
  await expect(page.getByRole("button", { name: "Liste" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "Liste" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Grille" }).click();
  await expect(page.getByRole("button", { name: "Grille" })).toHaveAttribute("aria-pressed", "true");
}
