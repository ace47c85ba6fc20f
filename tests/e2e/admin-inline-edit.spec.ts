/**
 * Inline editing on the shop pages (issue 9, docs/product.md §4 "Admin inline edit"): as the demo admin,
 * save and cancel on /catalogue, /galerie, a product page and a sold page; visitors never see
 * 'Modifier' nor download the editor's code.
 */
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { STORAGE } from "./accounts";
import { query } from "./demo-data";
import { expect, test } from "./fixtures";

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

const productNamed = (name: string) =>
  query<ProductRow>("select * from products where name = ?", name)[0] as ProductRow;
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

  test("sees no 'Modifier' and never downloads the editor's code", async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) scripts.push(response.text());
    });
    const forSale = query<{ slug: string }>("select slug from products where is_sold = 0 limit 1")[0];
    const sold = query<{ slug: string }>("select slug from products where is_sold = 1 limit 1")[0];
    for (const path of [
      "/catalogue",
      "/galerie",
      `/catalogue/produit/${forSale?.slug}`,
      `/galerie/vendu/${sold?.slug}`,
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("button", { name: /^Modifier/ })).toHaveCount(0);
    }
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(3);
    expect(bodies.filter((body) => body.includes(EDITOR_MARKER))).toEqual([]);
  });
});

test.describe("the admin", () => {
  test.use({ storageState: STORAGE.admin });

  test("loads the editor's code only on pressing 'Modifier'", async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) scripts.push(response.text());
    });
    await page.goto("/catalogue");
    await page.waitForLoadState("load");
    expect((await Promise.all(scripts)).some((body) => body.includes(EDITOR_MARKER))).toBe(false);
    await page.locator("[data-edit-product]").first().click();
    await expect(page.getByTestId("inline-editor")).toBeVisible();
    expect((await Promise.all(scripts)).some((body) => body.includes(EDITOR_MARKER))).toBe(true);
  });

  test("on /catalogue: saves a card's details, one card at a time, and cancels another", async ({ page }) => {
    // Highest price first: the piece, priced higher still, stays the first card after the save.
    // (Below the 98 765,43 € that admin-products.spec.ts expects to top the catalogue later.)
    await page.goto("/catalogue?tri=price-desc");
    const name = (await page.locator("article h3").first().innerText()).trim();
    const before = productNamed(name);
    expect(before.price_cents ?? 0).toBeLessThan(432_150);
    await editButton(page, name).click();
    const editor = page.getByTestId("inline-editor");
    await expect(editor.getByLabel("Nom")).toHaveValue(name);
    await expect(editor.getByLabel("Description")).toHaveValue(before.description);
    // One product at a time: every other 'Modifier' waits.
    const others = page.locator("[data-edit-product]");
    expect(await others.count()).toBeGreaterThan(2);
    for (const button of await others.all()) await expect(button).toBeDisabled();
    // Cards edit the details; the photos are edited on the product page.
    await expect(editor.getByTestId("product-image")).toHaveCount(0);

    const newName = `${name} retouché`;
    await editor.getByLabel("Nom").fill(newName);
    await editor.getByLabel("Prix (€)").fill("4321.5");
    await editor.getByLabel("Description").fill("Description revue sur le catalogue.");
    // docs/product.md §4: the stock is hidden for a unique piece (and forced to 1), shown otherwise.
    const stock = editor.getByLabel("Stock");
    await expect(stock).toHaveCount(before.is_unique ? 0 : 1);
    if (before.is_unique) await editor.getByLabel("Pièce unique").uncheck();
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
    const card = page.locator("article").first();
    await expect(card.getByRole("heading")).toHaveText(newName);
    await expect(card).toContainText("4 321,50 €");
    await expect(card).toContainText("Pièce unique");
    // Focus returns to the card's 'Modifier'.
    await expect(editButton(page, newName)).toBeFocused();
    const after = productById(before.id);
    expect(after).toMatchObject({
      name: newName,
      price_cents: 432_150,
      description: "Description revue sur le catalogue.",
      is_unique: 1,
      stock: 1,
      is_sold: 0,
    });
    const colourId = query<{ id: string }>("select id from colors where name = ?", colourName)[0]?.id;
    expect(colorIds(before.id)).toContain(colourId);

    // 'Annuler' on another card: nothing changes.
    const otherName = (await page.locator("article h3").nth(1).innerText()).trim();
    const otherBefore = productNamed(otherName);
    await editButton(page, otherName).click();
    await editor.getByLabel("Nom").fill("Ne doit pas être enregistré");
    await editor.getByLabel("Prix (€)").fill("1");
    await editor.getByRole("button", { name: "Annuler" }).click();
    await expect(editor).toHaveCount(0);
    await expect(page.locator("article").nth(1).getByRole("heading")).toHaveText(otherName);
    expect(productById(otherBefore.id)).toEqual(otherBefore);
  });

  test("on /galerie: saves a sold card's details and cancels", async ({ page }) => {
    await page.goto("/galerie?tri=name-asc");
    const name = (await page.locator("article h3").first().innerText()).trim();
    const before = productNamed(name);
    expect(before.is_sold).toBe(1);

    await editButton(page, name).click();
    const editor = page.getByTestId("inline-editor");
    await expect(editor.getByLabel("Vendu")).toBeChecked();
    await editor.getByLabel("Nom").fill("Ne doit pas être enregistré");
    await editor.getByRole("button", { name: "Annuler" }).click();
    await expect(editor).toHaveCount(0);
    await expect(page.locator("article").first().getByRole("heading")).toHaveText(name);
    expect(productById(before.id)).toEqual(before);

    const newName = `${name} (édition)`;
    await editButton(page, name).click();
    await editor.getByLabel("Nom").fill(newName);
    await editor.getByLabel("Description").fill("Vendue, décrite à nouveau depuis la galerie.");
    await editor.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(confirmation(page)).toBeVisible();
    await expect(editor).toHaveCount(0);
    await expect(page.locator("article").first().getByRole("heading")).toHaveText(newName);
    expect(productById(before.id)).toMatchObject({
      name: newName,
      description: "Vendue, décrite à nouveau depuis la galerie.",
      is_sold: 1,
    });
  });

  test("on a product page: adds (compressed above 1 MB), reorders and removes photos, then cancels", async ({
    page,
  }) => {
    test.slow();
    const product = query<ProductRow>(
      `select p.* from products p where p.is_sold = 0
          and (select count(*) from product_images i where i.product_id = p.id) between 2 and 7
        order by p.slug desc limit 1`,
    )[0] as ProductRow;
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
    await editor.getByLabel("Nom").fill("Ne doit pas être enregistré");
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

  test("on a sold page: reorders photos and puts the piece back on sale, then cancels", async ({ page }) => {
    const product = query<ProductRow>(
      `select p.* from products p where p.is_sold = 1
          and (select count(*) from product_images i where i.product_id = p.id) >= 2
        order by p.slug limit 1`,
    )[0] as ProductRow;
    const imagesBefore = imageNames(product.id);
    await page.goto(`/galerie/vendu/${product.slug}`);

    // Cancel first: nothing changes.
    await editButton(page, product.name).click();
    const editor = page.getByTestId("inline-editor");
    await editor.getByLabel("Prix (€)").fill("1");
    await editor.getByLabel("Vendu").uncheck();
    await editor.getByRole("button", { name: "Annuler" }).click();
    await expect(editor).toHaveCount(0);
    expect(productById(product.id)).toEqual(product);
    await expect(page).toHaveURL(`/galerie/vendu/${product.slug}`);

    // Save: the second photo becomes the first, and the piece goes back on sale.
    await editButton(page, product.name).click();
    await dragImage(page, editor, 2, 1);
    await expect
      .poll(() => shownFiles(editor))
      .toEqual([imagesBefore[1], imagesBefore[0], ...imagesBefore.slice(2)]);
    await editor.getByLabel("Vendu").uncheck();
    await editor.getByRole("button", { name: "Sauvegarder" }).click();
    // Back on sale, its page is in the catalogue: the editor follows it there and confirms.
    await expect(page).toHaveURL(`/catalogue/produit/${product.slug}`);
    await expect(confirmation(page)).toBeVisible();
    expect(productById(product.id).is_sold).toBe(0);
    expect(imageNames(product.id)).toEqual([imagesBefore[1], imagesBefore[0], ...imagesBefore.slice(2)]);

    // And sold again from the product page: it returns to the gallery.
    await editButton(page, product.name).click();
    await page.getByTestId("inline-editor").getByLabel("Vendu").check();
    await page.getByTestId("inline-editor").getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page).toHaveURL(`/galerie/vendu/${product.slug}`);
    await expect(confirmation(page)).toBeVisible();
    expect(productById(product.id).is_sold).toBe(1);
  });
});
