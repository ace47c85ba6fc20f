/**
 * Account journeys (docs/product.md §2 /auth and /mon-compte, §4, §8): sign up, log out and log in
 * with the password shown and hidden (signed out, /mon-compte leads to /auth); 'Mes données'
 * (docs/product.md §10.21): the data downloaded, then the account deleted with its password; a
 * password reset through the e-mail written to the outbox; a profile saved with an avatar, which the
 * service worker never keeps. The forms' answers (refusals,
 * messages, the review) are tested in tests/routes/account-forms.test.ts and the Vitest suites.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_DATA_DIR } from "../../playwright.config";
import { decodeQuotedPrintable } from "../support/outbox";
import { expect, test, waitForHydration } from "./fixtures";

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.fr`;
}

async function signUp(page: Page, email: string, password: string, name = "Tiare") {
  await page.goto("/auth?vue=inscription");
  await page.getByLabel("Nom", { exact: true }).fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByLabel("Confirmation du mot de passe").fill(password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
}

// Refused form posts answer 4xx, which Chromium logs as failed resources: expected here.
test.use({ allowedConsoleErrors: /status of 4\d\d/ });

test.describe("sign up, log out, log in", () => {
  test("a new account is signed in at once with the spec's message; signed out, /mon-compte leads to /auth", async ({
    page,
  }) => {
    const email = uniqueEmail("inscription");
    await signUp(page, email, "Perle-noire-2026");
    await expect(page).toHaveURL(/\/mon-compte$/);
    await expect(page.getByRole("status").filter({ hasText: "Inscription réussie" })).toHaveText(
      "Inscription réussie ! Vous êtes maintenant connecté.",
    );
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toBeVisible();
    await page.goto("/mon-compte");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmon-compte$/);

    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    const password = page.getByLabel("Mot de passe", { exact: true });
    await password.fill("Perle-noire-2026");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Afficher le mot de passe" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Masquer le mot de passe" }).click();
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/mon-compte$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Mon Compte" })).toHaveAttribute(
      "href",
      "/mon-compte",
    );
  });
});

test.describe("password reset", () => {
  function outbox(): string[] {
    const dir = path.join(E2E_DATA_DIR, "outbox");
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((file) => path.join(dir, file)) : [];
  }

  test("the e-mailed link sets a new password once, and ends the old sessions", async ({ page, browser }) => {
    const email = uniqueEmail("oubli");
    await signUp(page, email, "Ancien-mot-2026");
    await expect(page).toHaveURL(/\/mon-compte$/);
    const before = new Set(outbox());

    const other = await browser.newContext();
    const reset = await other.newPage();
    await reset.goto("/auth");
    await waitForHydration(reset);
    await reset.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await expect(reset.getByRole("heading", { level: 1 })).toHaveText("Mot de passe oublié");
    await reset.getByLabel("Email").fill(email);
    await reset.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(reset.getByRole("status")).toHaveText(
      "Un email de réinitialisation a été envoyé à votre adresse.",
    );

    let mail = "";
    await expect
      .poll(() => {
        const file = outbox().find((f) => !before.has(f) && fs.readFileSync(f, "utf8").includes(email));
        mail = file ? decodeQuotedPrintable(fs.readFileSync(file, "utf8")) : "";
        return mail;
      })
      .toContain("réinitialiser");
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    await reset.goto(link as string);
    await expect(reset).toHaveURL(/\/reinitialiser-mot-de-passe\?token=/);
    await reset.getByLabel("Nouveau mot de passe").fill("Nouveau-mot-2026");
    await reset.getByLabel("Confirmation du mot de passe").fill("Nouveau-mot-2026");
    await reset.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(reset).toHaveURL(/\/auth$/);
    await expect(reset.getByRole("status").filter({ hasText: "mot de passe" })).toHaveText(
      "Votre mot de passe a été modifié. Vous pouvez vous connecter.",
    );

    // The link works once.
    await reset.goto(link as string);
    await expect(reset.getByRole("alert")).toHaveText(
      "Ce lien de réinitialisation n'est plus valable. Demandez-en un nouveau.",
    );

    // The session opened before the reset is over; the new password works, the old one no longer.
    await page.goto("/mon-compte");
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill("Ancien-mot-2026");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Erreur de connexion. Vérifiez vos identifiants.");
    await page.getByLabel("Mot de passe", { exact: true }).fill("Nouveau-mot-2026");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/mon-compte$/);
    await other.close();
  });
});

test("'Mes données': a customer downloads their data, then deletes their account and cannot sign in again", async ({
  page,
  seed,
  login,
}) => {
  const customer = await seed.customer("donnees");
  await login(page, customer);
  await page.goto("/mon-compte");
  await page
    .getByRole("navigation", { name: "Sections du compte" })
    .getByRole("link", { name: "Mes données" })
    .click();
  const section = page.locator("#donnees");
  await expect(section.getByRole("heading", { name: "Mes données", exact: true })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await section.getByRole("link", { name: "Télécharger mes données" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nacre-mes-donnees-\d{4}-\d\d-\d\d\.json$/);
  const file = JSON.parse(fs.readFileSync((await download.path()) as string, "utf8"));
  expect(file.compte).toMatchObject({ email: customer.email, nom: customer.name });

  await section.getByLabel("Votre mot de passe, pour confirmer").fill(customer.password);
  await section.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("status").filter({ hasText: "Votre compte a été supprimé." })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toBeVisible();

  await page.goto("/auth");
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Erreur de connexion. Vérifiez vos identifiants.");
  await expect(page).toHaveURL(/\/auth/);
});

test.describe("with the service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("the profile is saved with an avatar, whose thumbnail the service worker never keeps", async ({
    page,
  }) => {
    const email = uniqueEmail("profil");
    await signUp(page, email, "Profil-Nacre-2026");
    await expect(page).toHaveURL(/\/mon-compte$/);
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await page.getByLabel("Nom", { exact: true }).fill("Hinano Tehei");
    await page.getByLabel("Téléphone", { exact: true }).fill("06 11 22 33 44");
    const avatar = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#1f7a8c" } })
      .png()
      .toBuffer();
    await page
      .getByLabel(/^Avatar/)
      .setInputFiles({ name: "moi.png", mimeType: "image/png", buffer: avatar });
    await page.getByRole("button", { name: "Enregistrer mon profil" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profil" })).toHaveText(
      "Profil mis à jour avec succès !",
    );
    await expect(page.getByLabel("Téléphone", { exact: true })).toHaveValue("06 11 22 33 44");
    const image = page.getByRole("img", { name: "Votre avatar" });
    // The thumbnail is encoded on its first request: wait for it to arrive, then check its size.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([100, 100]);
    expect(await image.getAttribute("src")).toMatch(/^\/images\/avatars\/[^/]+\.webp\?w=thumb$/);

    // Once the service worker controls the page, the avatar goes through it: it must not keep it.
    await page.locator("html[data-offline-ready]").waitFor({ state: "attached", timeout: 20_000 });
    await page.reload();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(100);
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const kept = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          paths.push(new URL(request.url).pathname);
      return paths;
    });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((path) => path.startsWith("/images/avatars/"))).toEqual([]);
  });
});
