/**
 * docs/product.md §1 "Install prompt": 'Installer l'application' appears in the footer when the browser offers
 * installation, hides once accepted, and is never shown in the admin area. The browser's
 * beforeinstallprompt is simulated: headless Chromium never fires it on its own.
 */
import type { Page } from "@playwright/test";
import { STORAGE } from "./accounts";
import { expect, test } from "./fixtures";

const INSTALL = "Installer l'application";

/** Fires a fake beforeinstallprompt; returns whether the page took it (called preventDefault). */
function offerInstall(page: Page, outcome: "accepted" | "dismissed") {
  return page.evaluate((choice) => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const record = window as unknown as { prompts: number };
    record.prompts = 0;
    event.prompt = async () => {
      record.prompts += 1;
    };
    event.userChoice = Promise.resolve({ outcome: choice });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const prompts = (page: Page) => page.evaluate(() => (window as unknown as { prompts: number }).prompts);

test.describe("install button", () => {
  test("appears in the footer when installation is offered, stays when the visitor dismisses the browser's dialog and hides once accepted", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const button = footer.getByRole("button", { name: INSTALL });
    await expect(button).toHaveCount(0);

    expect(await offerInstall(page, "dismissed")).toBe(true);
    await button.click();
    await expect.poll(() => prompts(page)).toBe(1);
    await expect(button).toBeVisible();

    expect(await offerInstall(page, "accepted")).toBe(true);
    await button.click();
    await expect(button).toHaveCount(0);
    expect(await prompts(page)).toBe(1);
  });

  test.describe("admin", () => {
    test.use({ storageState: STORAGE.admin });

    test("is never shown in the admin area", async ({ page }) => {
      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Nothing in the admin area listens for the offer: the event is left untouched.
      expect(await offerInstall(page, "accepted")).toBe(false);
      await expect(page.getByRole("button", { name: INSTALL })).toHaveCount(0);

      // Leaving the admin area: the shop's footer takes the next offer again.
      await page.goto("/catalogue");
      expect(await offerInstall(page, "accepted")).toBe(true);
      await expect(page.getByRole("contentinfo").getByRole("button", { name: INSTALL })).toBeVisible();
    });
  });
});
