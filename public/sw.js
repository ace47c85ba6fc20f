/**
 * Nacre's service worker (docs/product.md §10.12, installable app and offline reading): the shop
 * keeps opening when the network drops.
 *
 * - Hashed build assets (/assets/…) are immutable: cache first.
 * - Pages the visitor opened: network first, the cached copy when offline; a page never opened
 *   gets the small French offline page (/hors-ligne.html, cached at install).
 * - Product and site pictures (/images/…): stale-while-revalidate, at most 60 kept.
 * - Never cached: the API (cart, favourites, chat and its stream /api/chat/flux), the account and
 *   administration areas, sign-in, and anything but GET.
 *
 * Plain JavaScript served from the site root so its scope is the whole site. Bump VERSION when this
 * file's caching rules change: activation then deletes every older cache.
 */
const VERSION = "v2";
const SHELL_CACHE = `nacre-shell-${VERSION}`;
const PAGES_CACHE = `nacre-pages-${VERSION}`;
const IMAGES_CACHE = `nacre-images-${VERSION}`;
const OFFLINE_PAGE = "/hors-ligne.html";
const MAX_PAGES = 30;
const MAX_IMAGES = 60;

/** Small unhashed files the offline page and the installed app need. */
const PLACEHOLDER = "/placeholder.png";
const PRECACHE = [OFFLINE_PAGE, "/manifest.webmanifest", "/favicon.svg", "/icon-192.png", PLACEHOLDER];

/**
 * Pictures vary on Accept (AVIF or WebP); a kept copy in either format suits the browser, and the
 * copies kept for the first page were fetched by the worker with another Accept header.
 */
const MATCH = { ignoreVary: true };

/** Private, per-visitor or live: always from the network, never stored (avatars are personal). */
const NEVER_CACHED = [
  /^\/api\//,
  /^\/admin(\/|$)/,
  /^\/mon-compte(\/|$)/,
  /^\/auth(\/|$)/,
  /^\/reinitialiser-mot-de-passe/,
  /^\/deconnexion/,
  /^\/images\/avatars\//,
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([SHELL_CACHE, PAGES_CACHE, IMAGES_CACHE]);
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith("nacre-") && !current.has(name)).map((name) => caches.delete(name)),
      );
      // Navigation preload: the page request starts while the worker boots.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/**
 * The page that registered the worker was loaded before the worker existed: it sends the URLs it
 * already used (its own address, the script and style chunks, the pictures on screen) so that
 * this very page opens offline too.
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "remember" || !Array.isArray(data.urls)) return;
  const done = rememberUrls(data.urls).then(() => event.ports[0]?.postMessage("ok"));
  event.waitUntil(done);
});

async function rememberUrls(urls) {
  const shell = await caches.open(SHELL_CACHE);
  await Promise.all(
    urls.map(async (href) => {
      let url;
      try {
        url = new URL(href, self.location.origin);
      } catch {
        return;
      }
      if (url.origin !== self.location.origin || isNeverCached(url.pathname)) return;
      try {
        if (url.pathname.startsWith("/assets/")) {
          if (!(await shell.match(url.href))) await shell.add(url.href);
        } else if (url.pathname.startsWith("/images/")) {
          const images = await caches.open(IMAGES_CACHE);
          if (!(await images.match(url.href, MATCH))) {
            await images.add(url.href);
            await trim(IMAGES_CACHE, MAX_IMAGES);
          }
        } else {
          const response = await fetch(url.href, { credentials: "same-origin" });
          if (isCacheable(response)) {
            await (await caches.open(PAGES_CACHE)).put(url.href, response);
            await trim(PAGES_CACHE, MAX_PAGES);
          }
        }
      } catch {
        // Offline or a failed file: it is simply not kept.
      }
    }),
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET") {
    // Signing out (/deconnexion, or its route data): the kept pages showed the signed-in header.
    if (url.pathname.startsWith("/deconnexion")) event.waitUntil(caches.delete(PAGES_CACHE));
    return;
  }
  if (url.origin !== self.location.origin) return;
  if (isNeverCached(url.pathname)) {
    // Private pages are never stored, but their navigation still uses the preloaded response
    // (ignoring it would request the page twice) and gets the offline page when offline.
    if (request.mode === "navigate") event.respondWith(networkOnlyPage(event));
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(networkFirstPage(event));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request, SHELL_CACHE));
  } else if (url.pathname.startsWith("/images/")) {
    event.respondWith(staleWhileRevalidate(event, IMAGES_CACHE, MAX_IMAGES, PLACEHOLDER));
  } else if (PRECACHE.includes(url.pathname)) {
    event.respondWith(staleWhileRevalidate(event, SHELL_CACHE));
  }
  // Anything else (route data, the route manifest): the network, as without a worker.
});

function isNeverCached(pathname) {
  return NEVER_CACHED.some((pattern) => pattern.test(pathname));
}

function isCacheable(response) {
  return response.ok && response.type === "basic" && !response.headers.get("Cache-Control")?.includes("no-store");
}

async function networkFirstPage(event) {
  const request = event.request;
  try {
    const response = (await event.preloadResponse) || (await fetch(request));
    if (isCacheable(response)) {
      const copy = response.clone();
      event.waitUntil(
        caches
          .open(PAGES_CACHE)
          .then((cache) => cache.put(request.url, copy))
          .then(() => trim(PAGES_CACHE, MAX_PAGES)),
      );
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request.url, { cacheName: PAGES_CACHE, ...MATCH });
    if (cached) return cached;
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
    if (offline) return offline;
    throw error;
  }
}

async function networkOnlyPage(event) {
  try {
    return (await event.preloadResponse) || (await fetch(event.request));
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
    if (offline) return offline;
    throw error;
  }
}

async function cacheFirst(request, cacheName) {
  const cached = await caches.match(request, { cacheName, ...MATCH });
  if (cached) return cached;
  const response = await fetch(request);
  if (isCacheable(response)) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
  }
  return response;
}

/** `fallback`: a kept file to show instead when offline and nothing is kept (the image placeholder). */
async function staleWhileRevalidate(event, cacheName, max, fallback) {
  const request = event.request;
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request, MATCH);
  const refresh = fetch(request)
    .then(async (response) => {
      if (isCacheable(response)) {
        await cache.put(request, response.clone());
        if (max) await trim(cacheName, max);
      } else if (response.status === 404 || response.status === 410) {
        // Deleted on the server (a removed piece, event or avatar): not kept here either.
        await cache.delete(request, MATCH);
      }
      return response;
    })
    .catch(() => undefined);
  if (cached) {
    event.waitUntil(refresh);
    return cached;
  }
  const response = await refresh;
  if (response) return response;
  const standIn = fallback && (await caches.match(fallback, { cacheName: SHELL_CACHE }));
  return standIn || Response.error();
}

/** Keeps the newest `max` entries (Cache keys come back in insertion order). */
async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}
