/**
 * Offline reading (docs/product.md §10.12): the service worker keeps pages already visited readable
 * offline, with a French notice, answers a page never visited with the offline page, and never
 * keeps the account, sign-in or API answers.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const OFFLINE_NOTICE = "Vous êtes hors ligne : cette page vient du cache et peut ne pas être à jour.";

/** Registered after load; ready once the worker controls the page and has kept this page's files. */
async function waitForOfflineReady(page: Page) {
  await page.locator("html[data-offline-ready]").waitFor({ state: "attached", timeout: 20_000 });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.ready) && navigator.serviceWorker.controller),
      ),
    )
    .toBe(true);
}

// Offline, the browser reports the requests it could not send, and React Router the route manifest
// it could not fetch for the links the cached page shows: expected here, nothing else.
test.use({
  allowedConsoleErrors: /net::ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/,
  serviceWorkers: "allow",
});

test("a catalogue visited once opens offline with the French notice, a page never visited shows the offline page, and nothing private is kept", async ({
  page,
  context,
}) => {
  await page.goto("/catalogue");
  await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
  await waitForOfflineReady(page);
  const cards = page.getByRole("main").getByRole("article");
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);

  // What the worker keeps: the pages visited, never the account, sign-in or API answers.
  await page.goto("/auth");
  await page.evaluate(() => fetch("/api/disponibilite?id=x").catch(() => null));
  await page.goto("/a-propos");
  await expect
    .poll(() => page.evaluate(async () => Boolean(await caches.match("/a-propos", { ignoreVary: true }))))
    .toBe(true);
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept).toContain("/catalogue");
  expect(kept.filter((path) => /^\/(api|auth|admin|mon-compte)/.test(path))).toEqual([]);

  await page.goto("/catalogue");
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
  await expect(cards).toHaveCount(count);
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_NOTICE })).toBeVisible();

  // A document navigation (the fixture's goto would wait for a hydration the static page never has).
  await page.evaluate(() => {
    window.location.href = "/agenda";
  });
  await page.waitForURL("**/agenda");
  await expect(page.getByRole("heading", { level: 1, name: "Vous êtes hors ligne" })).toBeVisible();
  await expect(page).toHaveTitle("Hors ligne — Nacre");
  await expect(page.getByRole("link", { name: "Voir le catalogue" })).toHaveAttribute("href", "/catalogue");

  // Back online on a kept page: the notice goes.
  await page.goBack();
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
});

/** The visitor's part (ADR 036), as the page asks for it. */
const VISITOR_PART = "**/api/moi.data*";
const isVisitorPart = (url: string) => url.includes("/api/moi.data");

/**
 * The catalogue, once the page's own first load of the visitor's part (an empty basket) is over:
 * else that load could be taken for the one after a write.
 */
async function catalogueWithItsPart(page: Page) {
  const firstLoad = page.waitForResponse((response) => isVisitorPart(response.url()));
  await page.goto("/catalogue");
  const heading = page.getByRole("heading", { level: 1, name: "Catalogue" });
  await expect(heading).toBeVisible();
  await firstLoad;
  return heading;
}

test("the visitor's part failing on the network when the browser comes back online leaves the page as it was", async ({
  page,
}) => {
  const heading = await catalogueWithItsPart(page);
  // The count from the server's own lists (the part asked for again after the write), not only
  // from the form still on its way.
  const reloaded = page.waitForResponse((response) => isVisitorPart(response.url()));
  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  await reloaded;
  await expect(page.getByTestId("panier-count")).toHaveText("1");
  // The connection not back yet when the browser says it is online: /api/moi fails on the network.
  await page.route(VISITOR_PART, (route) => route.abort("internetdisconnected"));
  const failed = page.waitForEvent("requestfailed", (request) => isVisitorPart(request.url()));
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await failed;
  // Neither the error page nor a lost basket: the page and its count stay.
  await expect(heading).toBeVisible();
  await expect(page.getByTestId("panier-count")).toHaveText("1");
});

test("a basket write whose reload fails on the network shows the server's lists once the part is asked again", async ({
  page,
}) => {
  await catalogueWithItsPart(page);
  await expect(page.getByTestId("panier-count")).toHaveCount(0);
  // The write reaches the server; the part's reload after it fails on the network.
  await page.route(VISITOR_PART, (route) => route.abort("internetdisconnected"));
  const written = page.waitForResponse((response) => response.url().includes("/api/panier"));
  const failed = page.waitForEvent("requestfailed", (request) => isVisitorPart(request.url()));
  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  expect((await written).ok()).toBe(true);
  await failed;
  // The network back: the part is asked again by itself, and the count is the server's.
  await page.unroute(VISITOR_PART);
  const retried = await page.waitForResponse((response) => isVisitorPart(response.url()), {
    timeout: 10_000,
  });
  expect(retried.ok()).toBe(true);
  await expect(page.getByTestId("panier-count")).toHaveText("1");
});
