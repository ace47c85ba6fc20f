/**
 * Keyboard only (docs/product.md §10.10, design brief "keyboard paths"): catalogue → product → cart
 * → order form with Tab, Enter, Space, the arrows and Escape, never the mouse. The cart panel traps
 * focus and gives it back; every stop shows a visible focus ring. The guest cart lives in local
 * storage; the order sent at the end is for a piece of the test's own.
 */
import type { Locator, Page } from "@playwright/test";
import { query } from "./demo-data";
import { expect, test, uniqueSuffix } from "./fixtures";

/**
 * How many Tab stops the page has at most: other tests add categories meanwhile, each a tab and a
 * filter more, so a fixed number of presses would depend on what ran before.
 */
function tabStops(page: Page): Promise<number> {
  return page.locator("a[href], button, input, select, textarea, summary, [tabindex]").count();
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after every stop of the page. */
async function tabTo(page: Page, target: Locator, { max = 0, backwards = false } = {}): Promise<void> {
  const limit = max || (await tabStops(page)) + 2;
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/** The focused element draws a visible ring: an outline or a box shadow. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    return {
      outline: style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow !== "none",
    };
  });
  expect(ring, "something has focus").not.toBeNull();
  expect(ring?.outline || ring?.shadow, "the focused element shows a focus ring").toBe(true);
}

test("catalogue → product → cart → order form, with the keyboard only", async ({ page, seed }) => {
  const piece = await seed.product({ stock: 5 });
  await page.goto(`/catalogue?categorie=${piece.category.id}`);

  // The skip link is the first stop, visible when focused, and leads into the main content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Aller au contenu" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page.locator("main#contenu")).toBeFocused();

  // Tab through the filters to the piece's name, and open it with Enter.
  const name = piece.name;
  const link = page.getByRole("article").getByRole("link", { name, exact: true });
  await tabTo(page, link);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/catalogue\/produit\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  // Add it to the cart with Space.
  const add = page.getByRole("main").getByRole("button", { name: "Ajouter au panier" });
  await tabTo(page, add);
  await expectVisibleFocus(page);
  await page.keyboard.press("Space");
  await expect(page.getByTestId("panier-count")).toHaveText("1");

  // Open the cart panel from the header: focus moves in and stays in.
  const cartButton = page.getByRole("link", { name: "Panier (1)" });
  await tabTo(page, cartButton, { backwards: true });
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  const cart = page.getByRole("dialog", { name: "Votre Panier" });
  await expect(cart).toBeVisible();
  await expect(cart.getByRole("button", { name: "Fermer" })).toBeFocused();
  await expectFocusStaysIn(page, cart);
  await expectVisibleFocus(page);

  // Escape closes it and gives focus back to the header button.
  await page.keyboard.press("Escape");
  await expect(cart).toHaveCount(0);
  await expect(cartButton).toBeFocused();

  // Reopen it and order: "Contacter pour commander" leads to the order form.
  await page.keyboard.press("Enter");
  await expect(cart).toBeVisible();
  const order = cart.getByRole("button", { name: "Contacter pour commander" });
  await tabTo(page, order, { max: 20 });
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/contact\?commande=panier$/);
  await expect(cart).toHaveCount(0);

  // Fill the order form field after field with the keyboard, and send it with Enter.
  const marker = `Envoyé au clavier ${uniqueSuffix()}`;
  const form = page.getByRole("region", { name: "Votre commande" });
  const quantity = form.getByRole("spinbutton", { name: `Quantité de ${name}` });
  await tabTo(page, quantity);
  await expectVisibleFocus(page);
  await expect(quantity).toHaveValue("1");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Nom")).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type("Vaiana Clavier");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Email")).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type("vaiana.clavier@example.com");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Téléphone (facultatif)")).toBeFocused();
  await page.keyboard.press("Tab");
  const message = form.getByLabel("Message (facultatif)");
  await expect(message).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type(marker);
  // The delivery choices are one stop: the arrows move the choice to 'Remise en main propre'.
  await page.keyboard.press("Tab");
  await expect(form.getByRole("radio", { name: /Envoi postal/ })).toBeFocused();
  await expectVisibleFocus(page);
  const byHand = form.getByRole("radio", { name: /Remise en main propre/ });
  for (let press = 0; press < 3 && !(await byHand.isChecked()); press++)
    await page.keyboard.press("ArrowDown");
  await expect(byHand).toBeChecked();
  await expect(byHand).toBeFocused();
  const send = form.getByRole("button", { name: "Envoyer ma commande" });
  await tabTo(page, send, { max: 5 });
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/commande\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("status").filter({ hasText: "Merci !" })).toBeVisible();
  expect(
    query<{ name: string; delivery: string }>(
      "select customer_name as name, delivery_method as delivery from orders where message = ?",
      marker,
    ),
  ).toEqual([{ name: "Vaiana Clavier", delivery: "main_propre" }]);
});

/**
 * Notes, in the page, every element that takes the focus from now on: whether it lies inside
 * `container` (when given), and whether it shows on screen with a focus ring. Keys can then be
 * pressed in a row and the stops read once, instead of one round trip to the page per key.
 */
async function recordFocus(page: Page, container?: Locator): Promise<void> {
  const install = (element: Element | null) => {
    const record = window as unknown as { focusStops: unknown[]; stopRecording?: () => void };
    record.stopRecording?.();
    record.focusStops = [];
    const listener = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      record.focusStops.push({
        inside: element ? element.contains(target) : true,
        hidden: box.width === 0 || box.height === 0 || style.visibility === "hidden",
        ring:
          (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) ||
          style.boxShadow !== "none",
        what: target.outerHTML.slice(0, 120),
      });
    };
    document.addEventListener("focusin", listener);
    record.stopRecording = () => document.removeEventListener("focusin", listener);
  };
  if (container) await container.evaluate(install);
  else await page.evaluate(install, null);
}

interface FocusStop {
  inside: boolean;
  hidden: boolean;
  ring: boolean;
  what: string;
}

const focusStops = (page: Page) =>
  page.evaluate(() => (window as unknown as { focusStops: FocusStop[] }).focusStops);

/** Tab, then Shift+Tab, once around `container` and more: the focus never leaves it. */
async function expectFocusStaysIn(page: Page, container: Locator): Promise<void> {
  const stops = await container.locator("a[href], button:not([disabled]), input:not([disabled])").count();
  for (const key of ["Tab", "Shift+Tab"]) {
    await recordFocus(page, container);
    for (let press = 0; press < stops + 2; press++) await page.keyboard.press(key);
    const visited = await focusStops(page);
    expect(visited.length, `${key} moves the focus`).toBeGreaterThan(0);
    expect(
      visited.filter((stop) => !stop.inside).map((stop) => stop.what),
      `${key} stays inside`,
    ).toEqual([]);
    expect(await container.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

/** Opens with Enter on `opener`; Tab and Shift+Tab stay inside; Escape closes and refocuses `opener`. */
async function expectFocusTrap(page: Page, opener: Locator, container: Locator): Promise<void> {
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(container).toBeVisible();
  await expect
    .poll(() => container.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await expectVisibleFocus(page);
  await expectFocusStaysIn(page, container);
  await page.keyboard.press("Escape");
  await expect(container).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu, the filter drawer and the category chooser trap focus and give it back", async ({
    page,
  }) => {
    await page.goto("/catalogue");
    await expectFocusTrap(
      page,
      page.getByRole("button", { name: "Ouvrir le menu" }),
      page.getByRole("dialog", { name: "Menu" }),
    );
    await expectFocusTrap(
      page,
      page.getByRole("button", { name: "Filtrer les créations" }),
      page.getByRole("complementary", { name: "Filtres" }),
    );
    await expectFocusTrap(
      page,
      page.getByRole("button", { name: /Catégorie :/ }),
      page.getByRole("dialog", { name: "Choisir une catégorie" }),
    );
  });

  test("every Tab stop from the top to the first piece is visible on screen", async ({ page }) => {
    await page.goto("/catalogue");
    const card = page.getByRole("article").first();
    const link = card.getByRole("link", { name: (await card.getByRole("heading").textContent()) ?? "" });
    await recordFocus(page);
    await link.evaluate((element) => {
      element.addEventListener("focus", () => element.setAttribute("data-reached", ""), { once: true });
    });
    // Tabs in rows of five, the stops read once per row; the ones after the piece's link are left out.
    const stops = await tabStops(page);
    for (let presses = 0; presses < stops; presses += 5) {
      for (let press = 0; press < 5; press++) await page.keyboard.press("Tab");
      if ((await link.getAttribute("data-reached")) !== null) break;
    }
    const visited = await focusStops(page);
    const linkAt = visited.findIndex(
      (stop) => stop.what.startsWith("<a") && stop.what.includes("data-reached"),
    );
    expect(linkAt, "the Tab key reaches the first piece").toBeGreaterThan(0);
    visited.slice(0, linkAt).forEach((stop, index) => {
      expect(stop.hidden, `Tab stop ${index + 1} is hidden: ${stop.what}`).toBe(false);
      expect(stop.ring, `Tab stop ${index + 1} shows no focus ring: ${stop.what}`).toBe(true);
    });
  });
});

test("filters by keyboard: Space applies a box and keeps focus on it; tabbing past prices changes nothing", async ({
  page,
}) => {
  await page.goto("/catalogue");
  const filters = page.getByRole("form", { name: "Filtres" });
  const rings = filters.getByRole("checkbox", { name: "Bagues" });
  await tabTo(page, rings);
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/categorie=/);
  await expect(filters.getByRole("checkbox", { name: "Bagues" })).toBeChecked();
  await expect(filters.getByRole("checkbox", { name: "Bagues" })).toBeFocused();
  await expectVisibleFocus(page);

  const url = page.url();
  await tabTo(page, filters.getByRole("spinbutton", { name: "Min (€)" }));
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(filters.getByRole("button", { name: "Appliquer" })).toBeFocused();
  expect(page.url()).toBe(url);
});
