/**
 * Accounts (docs/product.md §2 /auth and /mon-compte, §4, §5, §8): sign up, log out, log in, password reset
 * through the e-mail written to the outbox, profile with avatar, one pending review.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_DATA_DIR } from "../../playwright.config";
import { decodeQuotedPrintable } from "../support/outbox";
import { query } from "./demo-data";
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
  test("a new account is signed in at once with the spec's message", async ({ page }) => {
    const email = uniqueEmail("inscription");
    await signUp(page, email, "Perle-noire-2026");
    await expect(page).toHaveURL(/\/mon-compte$/);
    await expect(page.getByRole("status").filter({ hasText: "Inscription réussie" })).toHaveText(
      "Inscription réussie ! Vous êtes maintenant connecté.",
    );
    const row = query<{ role: string; email_verified: number; email_visibility: number; username: string }>(
      "select role, email_verified, email_visibility, username from users where email = ?",
      email,
    )[0];
    expect(row).toMatchObject({ role: "user", email_verified: 0, email_visibility: 1 });
    expect(row?.username).toMatch(
      new RegExp(`^${email.split("@")[0]?.replace(/[^a-z0-9._-]/g, "")}\\d{13}$`),
    );

    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toBeVisible();

    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill("Perle-noire-2026");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/mon-compte$/);
  });

  test("mismatched passwords are refused with the spec's message", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("link", { name: "Créer un compte" }).click();
    await expect(page).toHaveURL(/vue=inscription/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créer un compte");
    await page.getByLabel("Email").fill(uniqueEmail("differents"));
    await page.getByLabel("Mot de passe", { exact: true }).fill("Perle-noire-2026");
    await page.getByLabel("Confirmation du mot de passe").fill("Perle-blanche-2026");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByRole("alert")).toHaveText("Les mots de passe ne correspondent pas.");
  });
});

test.describe("password reset", () => {
  function outbox(): string[] {
    const dir = path.join(E2E_DATA_DIR, "outbox");
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((file) => path.join(dir, file)) : [];
  }

  test("a blank address is refused; an unknown one gets the same answer as a known one", async ({ page }) => {
    await page.goto("/auth?vue=oubli");
    await page.getByRole("button", { name: "Recevoir le lien" }).click();
    // The browser's own check stops an empty required field; without it the server answers the same.
    await page.getByLabel("Email").evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
    await page.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(page.getByRole("alert")).toHaveText("Veuillez saisir votre adresse email.");
    await page.getByLabel("Email").fill(uniqueEmail("inconnu"));
    await page.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Un email de réinitialisation a été envoyé à votre adresse.",
    );
  });

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

test.describe("my account", () => {
  test("the profile is edited with an avatar; the e-mail stays read-only", async ({ page }) => {
    const email = uniqueEmail("profil");
    await signUp(page, email, "Profil-Nacre-2026");
    await expect(page).toHaveURL(/\/mon-compte$/);
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await page.getByLabel("Nom", { exact: true }).fill("Hinano Tehei");
    await page.getByLabel("Téléphone", { exact: true }).fill("06 11 22 33 44");
    await page.getByLabel("Code postal", { exact: true }).fill("29900");
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
    await expect(page.getByRole("img", { name: "Votre avatar" })).toBeVisible();
    // The thumbnail is encoded on its first request: wait for it to arrive, then check its size.
    await expect
      .poll(() =>
        page
          .getByRole("img", { name: "Votre avatar" })
          .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
      )
      .toEqual([100, 100]);
    expect(
      query<{ name: string; phone_number: string; postal_code: string }>(
        "select name, phone_number, postal_code from users where email = ?",
        email,
      )[0],
    ).toEqual({ name: "Hinano Tehei", phone_number: "06 11 22 33 44", postal_code: "29900" });
  });

  test("a file that is not an image is refused in French", async ({ page }) => {
    await signUp(page, uniqueEmail("fichier"), "Profil-Nacre-2026");
    await expect(page).toHaveURL(/\/mon-compte$/);
    await page
      .getByLabel(/^Avatar/)
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<?php ?>") });
    await page.getByRole("button", { name: "Enregistrer mon profil" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Format non accepté : PNG, JPG, GIF ou WebP uniquement.",
    );
  });

  test("one review: incomplete refused, then pending, then thanked", async ({ page }) => {
    const email = uniqueEmail("avis");
    await signUp(page, email, "Avis-Nacre-2026");
    await expect(page).toHaveURL(/\/mon-compte$/);
    const review = page.locator("#avis");
    await review.getByRole("textbox", { name: "Votre commentaire" }).fill("   ");
    await review.getByRole("button", { name: "Envoyer mon avis" }).click();
    await expect(review.getByRole("alert")).toHaveText("Veuillez donner une note et un commentaire.");
    await review.getByRole("radio", { name: "4 étoiles" }).check();
    await review
      .getByRole("textbox", { name: "Votre commentaire" })
      .fill("Un collier magnifique, reçu très vite !");
    await review.getByRole("button", { name: "Envoyer mon avis" }).click();
    await expect(review.getByRole("status")).toContainText(
      "Merci ! Votre avis a été soumis pour approbation.",
    );
    expect(
      query<{ rating: number; is_approved: number }>(
        "select r.rating, r.is_approved from reviews r join users u on u.id = r.user_id where u.email = ?",
        email,
      ),
    ).toEqual([{ rating: 4, is_approved: 0 }]);
    await page.reload();
    await expect(
      page.locator("#avis").getByText("Merci, votre avis a bien été pris en compte."),
    ).toBeVisible();
    await expect(page.locator("#avis").getByRole("button", { name: "Envoyer mon avis" })).toHaveCount(0);
  });
});
