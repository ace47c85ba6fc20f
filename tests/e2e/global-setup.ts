/**
 * Signs the demo admin and the demo customer in once, through the real login form: the specs that
 * only read as them reuse the saved sessions (tests/e2e/accounts.ts's STORAGE).
 */
import { chromium, type FullConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "../../playwright.config";
import { ADMIN, CUSTOMER, STORAGE } from "./accounts";

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL as string;
  const browser = await chromium.launch(chromiumLaunchOptions);
  for (const [who, account] of [
    ["admin", ADMIN],
    ["customer", CUSTOMER],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/auth`);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(who === "admin" ? "**/admin" : "**/mon-compte");
    await context.storageState({ path: STORAGE[who] });
    await context.close();
  }
  await browser.close();
}
