/**
 * The site shell as a live page runs it (docs/product.md §2 "Header and footer", "Sticky buttons"):
 * scrolling, the phone button, and the mobile menu with its search; and what every public page's
 * start leaves out (no Intl object: ADR 009). What the server renders in the
 * shell (links, labels, role redirects) is checked in tests/routes/shop-pages.test.ts and
 * tests/routes/dashboard-lists.test.ts.
 */
import { expect, test } from "./fixtures";

test("the scroll-to-top button shows past 300 px and brings the page up; each route change starts at the top; the phone button reveals the number", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 600 });
  await page.goto("/");
  const button = page.getByRole("button", { name: "Revenir en haut de la page" });
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);

  const toggle = page.getByRole("button", { name: "Afficher le numéro de téléphone" });
  await toggle.click();
  await expect(page.getByRole("button", { name: "Masquer le numéro de téléphone" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(page.locator("#sticky-phone-number")).toHaveAttribute("href", "tel:+33642187395");
  await expect(page.locator("#sticky-phone-number")).toBeVisible();

  const legal = page.getByRole("contentinfo").getByRole("link", { name: "Mentions légales" });
  await legal.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await legal.click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens over an overlay and locks scrolling; its search leads to a piece and the menu closes with the navigation", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);
    const field = menu.getByRole("combobox", { name: "Rechercher une pièce" });
    await field.click();
    await field.pressSequentially("rangiroa");
    const option = page.getByRole("option", { name: /Collier Lagon de Rangiroa/ });
    await expect(option).toBeVisible();
    for (let presses = 0; presses < 6 && (await option.getAttribute("aria-selected")) !== "true"; presses++)
      await page.keyboard.press("ArrowDown");
    await expect(option).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/catalogue\/produit\/collier-lagon-de-rangiroa$/);
    await expect(menu).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
  });

  test("closes with the overlay, its button and Escape; is not used from 768 px up", async ({ page }) => {
    await page.goto("/");
    const open = page.getByRole("button", { name: "Ouvrir le menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await open.click();
    await page.getByTestId("menu-overlay").click({ position: { x: 370, y: 400 } });
    await expect(menu).toBeHidden();
    await open.click();
    await menu.getByRole("button", { name: "Fermer le menu" }).click();
    await expect(menu).toBeHidden();
    await open.click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);

    await page.setViewportSize({ width: 768, height: 900 });
    await expect(open).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  });
});

test("the eight public pages make no Intl object while they load and hydrate (ADR 009: a page's first costs 30–60 ms)", async ({
  page,
  seed,
}) => {
  const product = await seed.product();
  const sold = await seed.product({ sold: true });
  // The agenda and its dates.
  await seed.event();
  await page.addInitScript(() => {
    const made: string[] = [];
    Object.assign(window, { intlMade: made });
    for (const name of [
      "NumberFormat",
      "DateTimeFormat",
      "Collator",
      "PluralRules",
      "RelativeTimeFormat",
    ] as const) {
      const Original = Intl[name];
      // biome-ignore lint/suspicious/noExplicitAny: a constructor replaced by a counting proxy.
      (Intl as any)[name] = new Proxy(Original, {
        construct(target, args) {
          made.push(name);
          return Reflect.construct(target, args);
        },
      });
    }
    for (const [owner, method] of [
      [String.prototype, "localeCompare"],
      [Number.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [Date.prototype, "toLocaleString"],
    ] as const) {
      const original = owner[method as keyof typeof owner] as (...args: unknown[]) => unknown;
      Object.defineProperty(owner, method, {
        value(this: unknown, ...args: unknown[]) {
          made.push(method);
          return original.apply(this, args);
        },
      });
    }
  });
  for (const path of [
    "/",
    "/a-propos",
    "/catalogue",
    "/galerie",
    "/agenda",
    "/contact",
    `/catalogue/produit/${product.slug}`,
    `/galerie/vendu/${sold.slug}`,
  ]) {
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), path).toEqual(
      [],
    );
  }
});
