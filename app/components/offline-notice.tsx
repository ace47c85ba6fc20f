/**
 * The French notice shown while the browser is offline (docs/product.md §10.12): the page on screen
 * then comes from the service worker's cache. Rendered only after mount, from navigator.onLine and
 * the online/offline events, so the server's HTML and the first client render always match.
 */
import { useEffect, useState } from "react";
import styles from "./offline-notice.module.css";

export const OFFLINE_NOTICE = "Vous êtes hors ligne : cette page vient du cache et peut ne pas être à jour.";

export function OfflineNotice() {
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  // Offline, an in-app link would fetch the next page's data and fail: load the page as a document
  // instead, which the service worker answers from its cache (or with its offline page).
  useEffect(() => {
    if (!offline) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return;
      if (anchor.target && anchor.target !== "_self") return;
      const url = new URL(anchor.href, location.href);
      if (url.origin !== location.origin) return;
      if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
      event.preventDefault();
      window.location.assign(url.href);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [offline]);

  if (!offline) return null;
  return (
    <p className={styles.notice} role="status">
      {OFFLINE_NOTICE}
    </p>
  );
}
