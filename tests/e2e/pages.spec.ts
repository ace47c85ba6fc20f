/**
 * Home, about, agenda and contact (docs/product.md §1, §2, §9): hero timing and wrap-around, both carousels'
 * breakpoints and autoplay, the agenda modal, and a contact message that lands in the database
 * and the outbox, with and without JavaScript.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { count, query } from "./demo-data";
import { expect, test } from "./fixtures";

/** A clock that only moves when the test says so (an installed clock otherwise follows real time). */
async function pausedClock(page: Page) {
  await page.clock.install({ time: new Date("2026-11-22T10:00:00+01:00") });
  await page.clock.pauseAt(new Date("2026-11-22T10:00:01+01:00"));
}

test.describe("home", () => {
  test("the hero advances every 5000 ms and its arrows wrap around", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("IA ORA NA ET MAEVA");
    const position = page.getByTestId("hero-position");
    await expect(position).toHaveText("Image 1 sur 6");
    // The timer starts once the page is live: wait for it before moving the clock.
    await expect(page.getByRole("region", { name: "Bienvenue chez Nacre" })).toHaveAttribute(
      "data-autoplay",
      "on",
    );
    await page.clock.runFor(4900);
    await expect(position).toHaveText("Image 1 sur 6");
    await page.clock.runFor(200);
    await expect(position).toHaveText("Image 2 sur 6");
    await page.clock.runFor(5000);
    await expect(position).toHaveText("Image 3 sur 6");

    const hero = page.getByRole("region", { name: "Bienvenue chez Nacre" });
    await hero.getByRole("button", { name: "Image précédente" }).click();
    await hero.getByRole("button", { name: "Image précédente" }).click();
    await expect(position).toHaveText("Image 1 sur 6");
    await hero.getByRole("button", { name: "Image précédente" }).click();
    await expect(position).toHaveText("Image 6 sur 6");
    await hero.getByRole("button", { name: "Image suivante" }).click();
    await expect(position).toHaveText("Image 1 sur 6");
    await hero.getByRole("link", { name: "Découvrir les créations" }).click();
    await expect(page).toHaveURL(/\/catalogue$/);
  });

  test("story blocks, featured pieces, inspirations, care advice and the feature bar", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "En savoir plus" }).click();
    await expect(page).toHaveURL(/\/a-propos$/);
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Le keishi, la perle libre" })).toBeVisible();

    const featured = page.getByRole("region", { name: "Nos Créations du Moment" });
    const slides = featured.getByRole("listitem");
    await expect(slides).toHaveCount(
      Math.min(8, count("select count(*) as n from products where is_sold = 0")),
    );
    for (const href of await featured
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      const slug = (href ?? "").replace("/catalogue/produit/", "");
      expect(query<{ s: number }>("select is_sold as s from products where slug = ?", slug)[0]?.s).toBe(0);
    }
    await expect(page.getByRole("link", { name: "Voir tout le catalogue" })).toHaveAttribute(
      "href",
      "/catalogue",
    );
    await expect(page.getByRole("region", { name: "Inspirations" }).getByRole("listitem")).toHaveCount(33);
    await expect(page.getByRole("heading", { name: "Prendre soin de vos bijoux" })).toBeVisible();
    const features = page.getByRole("region", { name: "Nos engagements" });
    for (const title of [
      "Paiement sécurisé",
      "Livraison rapide",
      "Certificat d'authenticité",
      "Service client",
    ]) {
      await expect(features.getByRole("heading", { name: title })).toBeVisible();
    }
  });

  test("the featured carousel autoplays every 3000 ms and its bullets choose a slide", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Nos Créations du Moment" });
    await expect(featured.getByRole("button", { name: "Aller à la diapositive 1" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await page.clock.runFor(3100);
    await expect(featured.getByRole("button", { name: "Aller à la diapositive 2" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await featured.getByRole("button", { name: "Aller à la diapositive 5" }).click();
    await expect(featured.getByRole("button", { name: "Aller à la diapositive 5" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  for (const [width, featuredSlides, inspirationSlides, inspirationGap] of [
    [390, 1, 1.25, 15],
    [700, 2, 1.25, 15],
    [800, 2, 2, 20],
    [1100, 3, 3, 30],
  ] as const) {
    test(`carousels show ${featuredSlides} / ${inspirationSlides} slides at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      // Measured once the page is live: streaming and hydration may still replace the nodes before.
      await expect(page.getByRole("region", { name: "Nos Créations du Moment" })).toHaveAttribute(
        "data-autoplay",
        "on",
      );
      const measure = (name: string) =>
        page
          .getByRole("region", { name })
          .getByRole("list")
          .first()
          .evaluate((track) => {
            const slide = track.firstElementChild as HTMLElement;
            return {
              track: track.clientWidth,
              slide: slide.getBoundingClientRect().width,
              gap: Number.parseFloat(getComputedStyle(track).columnGap),
            };
          });
      const featured = await measure("Nos Créations du Moment");
      expect(featured.gap).toBe(30);
      expect(featured.slide).toBeCloseTo((featured.track - (featuredSlides - 1) * 30) / featuredSlides, 0);
      const inspirations = await measure("Inspirations");
      expect(inspirations.gap).toBe(inspirationGap);
      expect(inspirations.slide).toBeCloseTo(
        (inspirations.track - (inspirationSlides - 1) * inspirationGap) / inspirationSlides,
        0,
      );
    });
  }

  test("autoplay stays off for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pausedClock(page);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Inspirations" })).toHaveAttribute("data-autoplay", "off");
    await page.clock.runFor(11_000);
    await expect(page.getByTestId("hero-position")).toHaveText("Image 1 sur 6");
    await expect(page.getByRole("region", { name: "Bienvenue chez Nacre" })).toHaveAttribute(
      "data-autoplay",
      "off",
    );
  });
});

test("the home page shows approved reviews only", async ({ page }) => {
  const approved = query<{ comment: string }>(
    "select comment from reviews where is_approved = 1 order by created_at desc limit 6",
  );
  const pending = query<{ comment: string }>("select comment from reviews where is_approved = 0");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Ils portent Nacre" })).toBeVisible();
  for (const review of approved) await expect(page.getByText(review.comment, { exact: true })).toBeVisible();
  for (const review of pending) await expect(page.getByText(review.comment, { exact: true })).toHaveCount(0);
});

test("the about page tells the story and leads to the catalogue", async ({ page }) => {
  await page.goto("/a-propos");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notre histoire");
  await expect(page.getByRole("heading", { name: "Le savoir-faire" })).toBeVisible();
  await page.getByRole("link", { name: "Découvrir nos créations" }).click();
  await expect(page).toHaveURL(/\/catalogue$/);
});

test.describe("agenda", () => {
  test("lists upcoming events by date, then past ones; the modal opens, closes with Escape and returns focus", async ({
    page,
  }) => {
    await page.goto("/agenda");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agenda des Événements");
    const upcoming = page.getByRole("list", { name: "Événements à venir" });
    const titles = await upcoming.getByRole("heading").allTextContents();
    const expected = query<{ title: string }>(
      "select title from events where coalesce(end_date, start_date) >= ? order by start_date",
      new Date(new Date().setHours(0, 0, 0, 0)).toISOString(),
    ).map((e) => e.title);
    expect(titles).toEqual(expected);
    await expect(page.getByRole("list", { name: "Événements passés" })).toBeVisible();

    const withEnd = query<{ title: string }>(
      "select title from events where end_date is not null and end_date > start_date and coalesce(end_date, start_date) >= ? order by start_date limit 1",
      new Date().toISOString(),
    )[0];
    const title = withEnd?.title ?? (titles[0] as string);
    const opener = page.getByRole("button", { name: `En savoir plus sur « ${title} »` });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText(/^Le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} .+ à \d{2}h\d{2}$/),
    ).toBeVisible();
    if (withEnd) await expect(dialog.getByText(/^Jusqu'au /)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

test.describe("contact", () => {
  function outboxFiles(): string[] {
    const dir = path.join(E2E_DATA_DIR, "outbox");
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
  }

  test("a message lands in the database and in the outbox", async ({ page }) => {
    const marker = `Bonjour, la bague existe-t-elle en 54 ? (${Date.now()})`;
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "Comment commander ?" })).toBeVisible();
    await expect(page.getByText("Colissimo, Chronopost ou Point Relais", { exact: false })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveAttribute("rows", "6");
    await page.getByRole("textbox", { name: "Nom" }).fill("Hina Teriitehau");
    await page.getByRole("textbox", { name: "Email" }).fill("hina@exemple.fr");
    await page.getByRole("textbox", { name: "Message" }).fill(marker);
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Merci ! Votre message a bien été envoyé. Nous vous répondons très vite.",
    );
    expect(query<{ email: string }>("select email from contact_messages where message = ?", marker)).toEqual([
      { email: "hina@exemple.fr" },
    ]);
    await expect
      .poll(() => outboxFiles().some((file) => fs.readFileSync(file, "utf8").includes("hina@exemple.fr")))
      .toBe(true);
  });

  test("the map loads only when asked", async ({ page }) => {
    const thirdParty: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith("http://localhost")) thirdParty.push(request.url());
    });
    await page.route("https://www.openstreetmap.org/**", (route) =>
      route.fulfill({ body: "<p>carte</p>", contentType: "text/html" }),
    );
    await page.goto("/contact");
    await expect(page.getByRole("link", { name: /OpenStreetMap/ })).toBeVisible();
    expect(thirdParty).toEqual([]);
    await page.getByRole("button", { name: "Afficher la carte" }).click();
    await expect(page.locator("iframe[title=\"Plan d'accès à l'atelier\"]")).toBeVisible();
  });

  test("'Contacter pour commander' opens the order form with the pieces and the total", async ({ page }) => {
    const product = query<{ slug: string; name: string; priceCents: number }>(
      `select slug, name, price_cents as "priceCents" from products
        where is_sold = 0 and price_cents is not null and stock > 0 limit 1`,
    )[0] as { slug: string; name: string; priceCents: number };
    await page.goto(`/catalogue/produit/${product.slug}`);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByRole("button", { name: "Panier (1)" }).click();
    await page
      .getByRole("dialog", { name: "Votre Panier" })
      .getByRole("button", { name: "Contacter pour commander" })
      .click();
    await expect(page).toHaveURL(/\/contact\?commande=panier$/);
    const order = page.getByRole("region", { name: "Votre commande" });
    await expect(order.getByRole("link", { name: product.name })).toBeVisible();
    await expect(order.getByRole("spinbutton", { name: `Quantité de ${product.name}` })).toHaveValue("1");
    const total = (product.priceCents / 100).toFixed(2).replace(".", ",");
    await expect(order.getByTestId("order-total")).toHaveText(new RegExp(`^${total}\\s€$`));
    await expect(order.getByText("(hors frais de livraison)")).toBeVisible();
  });
});

test.describe("contact without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still posts and answers in French", async ({ page }) => {
    const marker = `Message sans JavaScript ${Date.now()}`;
    await page.goto("/contact");
    await page.getByRole("textbox", { name: "Nom" }).fill("Teva");
    await page.getByRole("textbox", { name: "Email" }).fill("teva@exemple.fr");
    await page.getByRole("textbox", { name: "Message" }).fill(marker);
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByText("Merci ! Votre message a bien été envoyé.")).toBeVisible();
    expect(count("select count(*) as n from contact_messages where message = ?", marker)).toBe(1);
  });
});
