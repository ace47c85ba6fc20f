// Screenshots of pages at phone and desktop widths, for looking at what we build:
//   node scripts/screenshot.mjs http://localhost:3000 / /catalogue …   → /tmp/nacre-shots/*.png
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
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const name = `${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}.png`;
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: process.env.FULL === "1" });
    console.log(`${outDir}/${name}`);
  }
  await page.close();
}
await browser.close();
