/**
 * The test fixture: every test fails when the page logs a console error or throws, so a broken
 * hydration or a failed request never passes silently (house style, "Tests").
 */
import { test as base, expect, type Page } from "@playwright/test";

export const test = base.extend<{ allowedConsoleErrors: RegExp | null; failOnConsoleErrors: undefined }>({
  // One client address per test (the server trusts X-Forwarded-For in the e2e run): rate limits
  // then count per test, like per visitor.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    await use({ ...extraHTTPHeaders, "x-forwarded-for": address });
  },
  /** Console errors a test expects (one pattern), e.g. the browser's "status of 404" line on a 404 page. */
  allowedConsoleErrors: [null, { option: true }],
  // Every page.goto waits until React has hydrated the page, so no click lands on inert HTML.
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) await waitForHydration(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (javaScriptEnabled !== false) await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (allowedConsoleErrors?.test(message.text())) return;
        problems.push(`console.error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      await use(undefined);
      expect(problems, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** For pages opened outside the fixture (a second browser context). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
