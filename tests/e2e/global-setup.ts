/**
 * Signs the demo admin and the demo customer in once, through the real login form, on the SQLite
 * shop and, when it runs, on the PostgreSQL one (playwright.config.ts): one saved state per account
 * holds both sessions, the two shops answering on different hosts.
 */
import { chromium, type FullConfig } from "@playwright/test";
import { chromiumLaunchOptions, POSTGRES_SHOP } from "../../playwright.config";
import { ADMIN, CUSTOMER, STORAGE } from "./accounts";

/** The PostgreSQL shop is started without Playwright waiting for it (see the config's webServer). */
async function waitHealthy(baseURL: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseURL} ne répond pas (voir les lignes [WebServer] de postgres-shop.mjs).`);
}

export default async function globalSetup(config: FullConfig) {
  const shops = [config.projects[0]?.use.baseURL as string];
  if (POSTGRES_SHOP.wanted) {
    await waitHealthy(POSTGRES_SHOP.baseURL, 180_000);
    shops.push(POSTGRES_SHOP.baseURL);
  }
  const browser = await chromium.launch(chromiumLaunchOptions);
  for (const [who, account] of [
    ["admin", ADMIN],
    ["customer", CUSTOMER],
  ] as const) {
    const context = await browser.newContext();
    for (const baseURL of shops) {
      const page = await context.newPage();
      await page.goto(`${baseURL}/auth`);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
      await page.getByRole("button", { name: "Se connecter" }).click();
      await page.waitForURL(who === "admin" ? "**/admin" : "**/mon-compte");
      await page.close();
    }
    await context.storageState({ path: STORAGE[who] });
    await context.close();
  }
  await browser.close();
}
