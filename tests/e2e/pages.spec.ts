/**
 * Home, agenda and contact in a live page (docs/product.md §1, §2, §9): the hero's timing and
 * wrap-around, both carousels' autoplay and breakpoints, the agenda's dialog, the map loaded only on
 * request, "Comment commander ?", the carriers and the message field of 6 rows, and the contact form
 * with and without JavaScript. What these pages show is checked in tests/routes/shop-pages.test.ts;
 * the contact message's storage and e-mail in the Vitest suites.
 */
import type { Page } from "@playwright/test";
import { count } from "./demo-data";
import { expect, test, uniqueSuffix } from "./fixtures";

/** A clock that only moves when the test says so (an installed clock otherwise follows real time). */
async function pausedClock(page: Page) {
  await page.clock.install({ time: new Date("2026-11-22T10:00:00+01:00") });
  await page.clock.pauseAt(new Date("2026-11-22T10:00:01+01:00"));
}

test.describe("home", () => {
  test("the hero advances every 5000 ms, its arrows wrap around; the featured carousel every 3000 ms, its bullets choose a slide", async ({
    page,
  }) => {
    await pausedClock(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("IA ORA NA ET MAEVA");
    const hero = page.getByRole("region", { name: "Bienvenue chez Nacre" });
    const featured = page.getByRole("region", { name: "Nos Créations du Moment" });
    const position = page.getByTestId("hero-position");
    const bullet = (n: number) => featured.getByRole("button", { name: `Aller à la diapositive ${n}` });
    await expect(position).toHaveText("Image 1 sur 6");
    // The timers start once the page is live: wait for them before moving the clock.
    await expect(hero).toHaveAttribute("data-autoplay", "on");
    await expect(featured).toHaveAttribute("data-autoplay", "on");
    await expect(bullet(1)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(3100);
    await expect(bullet(2)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(1800);
    await expect(position).toHaveText("Image 1 sur 6");
    await page.clock.runFor(200);
    await expect(position).toHaveText("Image 2 sur 6");
    await page.clock.runFor(5000);
    await expect(position).toHaveText("Image 3 sur 6");
    await bullet(5).click();
    await expect(bullet(5)).toHaveAttribute("aria-current", "true");

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

  test("the carousels show 1 to 3 slides by width, with their gaps", async ({ page }) => {
    for (const [width, featuredSlides, inspirationSlides, inspirationGap] of [
      [390, 1, 1.25, 15],
      [700, 2, 1.25, 15],
      [800, 2, 2, 20],
      [1100, 3, 3, 30],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 390) await page.goto("/");
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
      // Polled: the layout follows the new width on the next frame.
      await expect
        .poll(async () => {
          const featured = await measure("Nos Créations du Moment");
          const inspirations = await measure("Inspirations");
          return {
            featuredGap: featured.gap,
            // Whole pixels apart at most, as toBeCloseTo(…, 0) allowed.
            featured: Math.abs(
              Math.round(featured.slide - (featured.track - (featuredSlides - 1) * 30) / featuredSlides),
            ),
            inspirationGap: inspirations.gap,
            inspirations: Math.abs(
              Math.round(
                inspirations.slide -
                  (inspirations.track - (inspirationSlides - 1) * inspirationGap) / inspirationSlides,
              ),
            ),
          };
        }, `${width} px`)
        .toEqual({ featuredGap: 30, featured: 0, inspirationGap, inspirations: 0 });
    }
  });

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

test("the agenda: an event's dialog tells its dates, closes with Escape and gives the focus back", async ({
  page,
  seed,
}) => {
  const event = await seed.event();
  await page.goto("/agenda");
  const opener = page.getByRole("button", { name: `En savoir plus sur « ${event.title} »` });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: event.title });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(/^Le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} .+ à \d{2}h\d{2}$/),
  ).toBeVisible();
  await expect(dialog.getByText(/^Jusqu'au /)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("contact: 'Comment commander ?' and the carriers show; the map loads only when asked; a message is sent with the form", async ({
  page,
}) => {
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://localhost")) thirdParty.push(request.url());
  });
  await page.route("https://www.openstreetmap.org/**", (route) =>
    route.fulfill({ body: "<p>carte</p>", contentType: "text/html" }),
  );
  await page.goto("/contact");
  await expect(page.getByRole("link", { name: /OpenStreetMap/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Comment commander ?" })).toContainText(
    "Il n'y a pas de paiement en ligne sur le site : chaque commande est confirmée personnellement.",
  );
  await expect(page.getByRole("region", { name: "Livraison" })).toContainText(
    "Transporteurs : Colissimo, Chronopost ou Point Relais, au choix.",
  );
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveAttribute("rows", "6");
  expect(thirdParty).toEqual([]);
  await page.getByRole("button", { name: "Afficher la carte" }).click();
  await expect(page.locator("iframe[title=\"Plan d'accès à l'atelier\"]")).toBeVisible();

  await page.getByRole("textbox", { name: "Nom" }).fill("Hina Teriitehau");
  await page.getByRole("textbox", { name: "Email" }).fill("hina@exemple.fr");
  await page.getByRole("textbox", { name: "Message" }).fill("Bonjour, la bague existe-t-elle en 54 ?");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Merci ! Votre message a bien été envoyé. Nous vous répondons très vite.",
  );
});

test.describe("contact without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still posts and answers in French", async ({ page }) => {
    const marker = `Message sans JavaScript ${uniqueSuffix()}`;
    await page.goto("/contact");
    await page.getByRole("textbox", { name: "Nom" }).fill("Teva");
    await page.getByRole("textbox", { name: "Email" }).fill("teva@exemple.fr");
    await page.getByRole("textbox", { name: "Message" }).fill(marker);
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByText("Merci ! Votre message a bien été envoyé.")).toBeVisible();
    expect(count("select count(*) as n from contact_messages where message = ?", marker)).toBe(1);
  });
});
