/**
 * Registers the service worker (public/sw.js, docs/product.md §10.12) once the page has loaded, in
 * production builds only: in development Vite serves unhashed modules that must never be cached.
 */
const MAX_REMEMBERED_IMAGES = 60;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // A page already controlled went through the worker, which kept what it needed.
  const controlledAtLoad = Boolean(navigator.serviceWorker.controller);
  const register = async () => {
    try {
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      if (!controlledAtLoad && registration.active) await rememberThisPage(registration.active);
      // End-to-end tests wait for this before going offline.
      document.documentElement.dataset.offlineReady = "true";
    } catch (error) {
      // The shop works without it; only offline reading is lost.
      console.warn("Service worker indisponible", error);
    }
  };
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

/**
 * The first page loaded before the worker existed: hand it the page's own address and the files
 * it used, so that this page too opens offline.
 */
function rememberThisPage(worker: ServiceWorker): Promise<void> {
  const sameOrigin = (href: string) => href.startsWith(`${location.origin}/`);
  const used = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter(sameOrigin);
  const assets = used.filter((href) => new URL(href).pathname.startsWith("/assets/"));
  const images = used
    .filter((href) => new URL(href).pathname.startsWith("/images/"))
    .slice(0, MAX_REMEMBERED_IMAGES);
  const urls = [location.href, ...new Set([...assets, ...images])];
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(resolve, 15_000);
    channel.port1.onmessage = () => {
      window.clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: "remember", urls }, [channel.port2]);
  });
}
