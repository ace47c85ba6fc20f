/**
 * Inline editing on the shop pages (docs/product.md §4 "Admin inline edit"), on pieces of the
 * test's own: as the demo admin, save and cancel on a catalogue card, save a sold card on /galerie,
 * photos added (compressed above 1 MB), reordered and removed on a piece's page, and a sold piece put
 * back on sale and sold again,
 * the editor following it to its new address; visitors never see 'Modifier' nor download the
 * editor's code. The save's rules are tested over HTTP in tests/routes/admin-actions.test.ts.
 */
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { STORAGE } from "./accounts";
import { query } from "./demo-data";
import { expect, test, uniqueSuffix } from "./fixtures";

const SAVED = "Produit mis à jour avec succès !";
/** Only the editor's chunk carries this message (docs/product.md §8): the marker of the editing code. */
const EDITOR_MARKER = "Erreur lors de la mise à jour du produit";

interface ProductRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  price_cents: number | null;
  stock: number;
  is_unique: number;
  is_sold: number;
}

const productById = (id: string) =>
  query<ProductRow>("select * from products where id = ?", id)[0] as ProductRow;
const imageNames = (id: string) =>
  query<{ file_name: string }>(
    "select file_name from product_images where product_id = ? order by position",
    id,
  ).map((row) => row.file_name);
const imageWidths = (id: string) =>
  query<{ width: number }>("select width from product_images where product_id = ? order by position", id).map(
    (row) => row.width,
  );
const colorIds = (id: string) =>
  query<{ color_id: string }>(
    "select color_id from product_colors where product_id = ? order by color_id",
    id,
  ).map((row) => row.color_id);

/** A small PNG whose width tells it apart once stored (the server re-encodes every image). */
async function png(width: number, name: string) {
  const buffer = await sharp({
    create: { width, height: 90, channels: 3, background: { r: 20, g: 120, b: (width / 2) % 255 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A photo-like JPEG of more than 1 MB (noise does not compress): the editor must shrink it. */
async function largeJpeg(name: string) {
  const buffer = await sharp({
    create: {
      width: 1800,
      height: 1800,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: "gaussian", mean: 128, sigma: 50 },
    },
  })
    .jpeg({ quality: 100 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

const editButton = (page: Page, name: string) => page.getByRole("button", { name: `Modifier « ${name} »` });
const confirmation = (page: Page) => page.getByRole("status").filter({ hasText: SAVED });

async function dragImage(page: Page, editor: Locator, from: number, to: number) {
  const source = await editor
    .getByRole("button", { name: `Glisser pour déplacer l'image ${from}` })
    .boundingBox();
  const target = await editor
    .getByRole("button", { name: `Glisser pour déplacer l'image ${to}` })
    .boundingBox();
  if (!source || !target) throw new Error("images not laid out");
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
  await page.mouse.up();
}

const shownFiles = (editor: Locator) =>
  editor
    .getByTestId("product-image")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-file")));

test.describe("a visitor", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("sees no 'Modifier' and never downloads the editor's code", async ({ page, seed }) => {
    const forSale = await seed.product();
    const sold = await seed.product({ sold: true });
    // The addresses of the scripts the browser fetched; their bodies are read afterwards (they are
    // immutable, hashed files): a response's body is gone once its page navigates away.
    const scripts = new Set<string>();
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) scripts.add(response.url());
    });
    for (const path of [
      `/catalogue?categorie=${forSale.category.id}`,
      `/galerie?categorie=${forSale.category.id}`,
      `/catalogue/produit/${forSale.slug}`,
      `/galerie/vendu/${sold.slug}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Modifier/ })).toHaveCount(0);
    }
    await page.waitForLoadState("networkidle");
    const bodies = await Promise.all([...scripts].map(async (url) => (await page.request.get(url)).text()));
    expect(bodies.length).toBeGreaterThan(3);
    expect(bodies.filter((body) => body.includes(EDITOR_MARKER))).toEqual([]);
  });
});

test.describe("the admin", () => {
  test.use({ storageState: STORAGE.admin });

  test("loads the editor's code only on pressing 'Modifier'", async ({ page, seed }) => {
    const product = await seed.product();
    // One page, never navigated away from: each script's body is read as it arrives. A body still
    // being read when the test ends (a script the idle page asks for after the last check) must not
    // fail it: an unread body is null, and each check requires every body it looks at to be read.
    const scripts: Promise<string | null>[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) scripts.push(response.text().catch(() => null));
    });
    const bodies = async () => {
      const read = await Promise.all(scripts);
      expect(read, "every script's body read").not.toContain(null);
      return read as string[];
    };
    await page.goto(`/catalogue?categorie=${product.category.id}`);
    await page.waitForLoadState("load");
    expect((await bodies()).some((body) => body.includes(EDITOR_MARKER))).toBe(false);
    await editButton(page, product.name).click();
    await expect(page.getByTestId("inline-editor")).toBeVisible();
    expect((await bodies()).some((body) => body.includes(EDITOR_MARKER))).toBe(true);
  });

  test("on /catalogue: saves a card's details, one card at a time, and cancels another", async ({
    page,
    seed,
  }) => {
    const category = await seed.category();
    const first = await seed.product({ category, name: `Bague Alizé ${uniqueSuffix()}`, stock: 4 });
    const second = await seed.product({ category, name: `Bague Brise ${uniqueSuffix()}` });
    await seed.product({ category, name: `Bague Cyclone ${uniqueSuffix()}` });
    await page.goto(`/catalogue?categorie=${category.id}&tri=price-desc`);
    const before = productById(first.id);
    await editButton(page, first.name).click();
    const editor = page.getByTestId("inline-editor");
    await expect(editor.getByLabel("Nom", { exact: true })).toHaveValue(first.name);
    await expect(editor.getByLabel("Description")).toHaveValue(before.description);
    // One product at a time: every other 'Modifier' waits.
    const others = page.locator("[data-edit-product]");
    await expect(others).toHaveCount(2);
    for (const button of await others.all()) await expect(button).toBeDisabled();
    // Cards edit the details; the photos are edited on the product page.
    await expect(editor.getByTestId("product-image")).toHaveCount(0);

    const newName = `${first.name} retouchée`;
    await editor.getByLabel("Nom", { exact: true }).fill(newName);
    await editor.getByLabel("Prix (€)").fill("4321.5");
    await editor.getByLabel("Description").fill("Description revue sur le catalogue.");
    // docs/product.md §4: the stock is hidden for a unique piece (and forced to 1), shown otherwise.
    const stock = editor.getByLabel("Stock");
    await expect(stock).toBeVisible();
    await editor.getByLabel("Pièce unique").check();
    await expect(stock).toHaveCount(0);
    const colour = editor
      .getByRole("group", { name: "Couleurs" })
      .locator("label")
      .filter({ has: page.locator("input:not(:checked)") });
    const colourName = (await colour.first().innerText()).trim();
    await colour.first().getByRole("checkbox").check();
    await editor.getByRole("button", { name: "Sauvegarder" }).click();

    await expect(confirmation(page)).toBeVisible();
    await expect(editor).toHaveCount(0);
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: newName }) });
    await expect(card).toContainText("4 321,50 €");
    await expect(card).toContainText("Pièce unique");
    // The priciest now: first of the list sorted by price.
    await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(newName);
    // Focus returns to the card's 'Modifier'.
    await expect(editButton(page, newName)).toBeFocused();
    expect(productById(first.id)).toMatchObject({
      name: newName,
      price_cents: 432_150,
      description: "Description revue sur le catalogue.",
      is_unique: 1,
      stock: 1,
      is_sold: 0,
    });
    const colourId = query<{ id: string }>("select id from colors where name = ?", colourName)[0]?.id;
    expect(colorIds(first.id)).toContain(colourId);

    // 'Annuler' on another card: nothing changes.
    const otherBefore = productById(second.id);
    await editButton(page, second.name).click();
    await editor.getByLabel("Nom", { exact: true }).fill("Ne doit pas être enregistré");
    await editor.getByLabel("Prix (€)").fill("1");
    await editor.getByRole("button", { name: "Annuler" }).click();
    await expect(editor).toHaveCount(0);
    await expect(page.getByRole("heading", { name: second.name })).toBeVisible();
    expect(productById(second.id)).toEqual(otherBefore);
  });

  test("on a product page: adds (compressed above 1 MB), reorders and removes photos, then cancels", async ({
    page,
    seed,
  }) => {
    test.slow();
    const created = await seed.product({ images: 3 });
    const product = productById(created.id);
    const imagesBefore = imageNames(product.id);
    await page.goto(`/catalogue/produit/${product.slug}`);
    await editButton(page, product.name).click();
    const editor = page.getByTestId("inline-editor");
    await expect(editor.getByTestId("product-image")).toHaveCount(imagesBefore.length);
    expect(await shownFiles(editor)).toEqual(imagesBefore);

    const big = await largeJpeg("grande.jpg");
    expect(big.buffer.length).toBeGreaterThan(1.5 * 1024 * 1024);
    await editor
      .getByLabel("Ajouter des images (PNG, JPG, GIF, WebP)")
      .setInputFiles([await png(333, "nouvelle.png"), big]);
    await expect(editor.getByTestId("product-image")).toHaveCount(imagesBefore.length + 2);
    // Drag the new PNG (next to last) onto the first place, then drop the old first photo.
    await dragImage(page, editor, imagesBefore.length + 1, 1);
    await expect.poll(() => shownFiles(editor).then((files) => files[0])).toBe("nouvelle.png");
    await editor.getByRole("button", { name: "Retirer l'image 2" }).click();
    await editor.getByLabel("Description").fill("Photos revues depuis la page produit.");

    const saving = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().endsWith("/api/admin/produits"),
    );
    await editor.getByRole("button", { name: "Sauvegarder" }).click();
    const sizes = await (await saving).sizes();
    // The 1.5 MB+ photo travelled compressed below 1 MB (docs/product.md §9), with the small PNG beside it.
    expect(sizes.requestBodySize).toBeLessThan(1.05 * 1024 * 1024);
    await expect(confirmation(page)).toBeVisible();
    await expect(editor).toHaveCount(0);
    await expect(page.getByText("Photos revues depuis la page produit.")).toBeVisible();

    const widths = imageWidths(product.id);
    expect(widths).toHaveLength(imagesBefore.length + 1);
    expect(widths[0]).toBe(333);
    const names = imageNames(product.id);
    expect(names).not.toContain(imagesBefore[0]);
    expect(names.slice(1, imagesBefore.length)).toEqual(imagesBefore.slice(1));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);

    // 'Annuler' drops the changes and the new photos.
    const saved = productById(product.id);
    await editButton(page, product.name).click();
    await editor.getByLabel("Nom", { exact: true }).fill("Ne doit pas être enregistré");
    await editor
      .getByLabel("Ajouter des images (PNG, JPG, GIF, WebP)")
      .setInputFiles([await png(222, "abandonnee.png")]);
    await expect(editor.getByTestId("product-image")).toHaveCount(names.length + 1);
    await editor.getByRole("button", { name: "Annuler" }).click();
    await expect(editor).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    expect(productById(product.id)).toEqual(saved);
    expect(imageNames(product.id)).toEqual(names);
    await expect(editButton(page, product.name)).toBeFocused();
  });

  test("on /galerie: saves a sold card's details in place; on its sold page: cancels, then puts the piece back on sale and sells it again, the editor following it", async ({
    page,
    seed,
  }) => {
    const created = await seed.product({ sold: true, images: 2 });
    const editor = page.getByTestId("inline-editor");

    // The gallery's card: the details saved, the card updated where it stands.
    await page.goto(`/galerie?categorie=${created.category.id}`);
    await editButton(page, created.name).click();
    await expect(editor.getByLabel("Vendu")).toBeChecked();
    await expect(editor.getByTestId("product-image")).toHaveCount(0);
    const newName = `${created.name} (édition)`;
    await editor.getByLabel("Nom", { exact: true }).fill(newName);
    await editor.getByLabel("Description").fill("Vendue, décrite à nouveau depuis la galerie.");
    await editor.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(confirmation(page)).toBeVisible();
    await expect(editor).toHaveCount(0);
    await expect(page.getByRole("article").getByRole("heading")).toHaveText([newName]);
    expect(productById(created.id)).toMatchObject({
      name: newName,
      description: "Vendue, décrite à nouveau depuis la galerie.",
      is_sold: 1,
    });

    const product = productById(created.id);
    await page.goto(`/galerie/vendu/${product.slug}`);

    // Cancel first: nothing changes.
    await editButton(page, product.name).click();
    await expect(editor.getByLabel("Vendu")).toBeChecked();
    await editor.getByLabel("Prix (€)").fill("1");
    await editor.getByLabel("Vendu").uncheck();
    await editor.getByRole("button", { name: "Annuler" }).click();
    await expect(editor).toHaveCount(0);
    expect(productById(product.id)).toEqual(product);
    await expect(page).toHaveURL(`/galerie/vendu/${product.slug}`);

    // Back on sale, its page is in the catalogue: the editor follows it there and confirms.
    await editButton(page, product.name).click();
    await editor.getByLabel("Vendu").uncheck();
    await editor.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page).toHaveURL(`/catalogue/produit/${product.slug}`);
    await expect(confirmation(page)).toBeVisible();
    expect(productById(product.id).is_sold).toBe(0);

    // And sold again from the product page: it returns to the gallery.
    await editButton(page, product.name).click();
    await editor.getByLabel("Vendu").check();
    await editor.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page).toHaveURL(`/galerie/vendu/${product.slug}`);
    await expect(confirmation(page)).toBeVisible();
    expect(productById(product.id).is_sold).toBe(1);
  });
});
