// Screenshots of pages at phone and desktop widths, for looking at what we build:
//   node scripts/screenshot.mjs http://localhost:3000 / /catalogue …   → /tmp/nacre-shots/*.png
//   LOGIN=admin@nacre.test:Admin-Nacre-2026 node scripts/screenshot.mjs … signs in first.
import fs from "node:fs";
import { chromium } from "@playwright/test";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const outDir = process.env.SHOTS_DIR ?? "/tmp/nacre-shots";
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 } });
  if (process.env.LOGIN) {
    const [email, password] = process.env.LOGIN.split(":");
    await page.goto(`${base}/auth`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  }
  for (const path of paths.length ? paths : ["/"]) {
    // Signed-in pages keep a live chat stream open: the network never goes idle.
    await page.goto(base + path, { waitUntil: process.env.LOGIN ? "load" : "networkidle" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    if (path.includes("#")) await page.locator(`#${path.split("#")[1]}`).scrollIntoViewIfNeeded();
    await page.waitForTimeout(1200);
    const name = `${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}.png`;
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: process.env.FULL === "1" });
    console.log(`${outDir}/${name}`);
  }
  await page.close();
}
await browser.close();
