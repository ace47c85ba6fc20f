/**
 * The document and the site shell: header, footer, sidebars and sticky buttons around every page,
 * with the visitor's session, the shop's details and the basket counts from the root loader.
 */

import cormorant600 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2?url";
import jost400 from "@fontsource/jost/files/jost-latin-400-normal.woff2?url";
import jost500 from "@fontsource/jost/files/jost-latin-500-normal.woff2?url";
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { OfflineNotice } from "~/components/offline-notice";
import { SiteFooter } from "~/components/site-footer";
import { PhoneButton, ScrollToTopButton } from "~/components/sticky-buttons";
import { Toast } from "~/components/toast";
import { AlertSignup } from "~/features/alerts/alert-signup";
import { alertCategories } from "~/features/alerts/alerts.server";
import { listCart, listFavorites } from "~/features/basket/basket.server";
import { BasketProvider } from "~/features/basket/basket-context";
import type { OpenPanel } from "~/features/basket/basket-panels";
import { unreadByChat } from "~/features/chat/chat.server";
import { ChatProvider } from "~/features/chat/chat-context";
import { getShopDetails } from "~/features/settings/settings.server";
import { SiteHeader } from "~/features/shell/site-header";
import { useNonce } from "~/lib/nonce";
import { getAppContext, getDb } from "~/server/context.server";
import { readFlash } from "~/server/flash.server";
import { getOptionalUser } from "~/server/session.server";
import type { Route } from "./+types/root";
import errorStyles from "./styles/error-page.module.css";
import stylesheet from "./styles/global.css?url";

// The favourites and cart panels are not part of the first load (docs/product.md §10.17: 135 KB of
// JavaScript at most, ADR 009): they load once the page is idle, so that opening them only renders
// them. Loading them on the tap itself cost ~70 ms of the interaction on a slowed phone (injecting
// their scripts and stylesheets), over the 100 ms budget for opening the cart (bench/inp.mjs).
const loadBasketPanels = () =>
  import("~/features/basket/basket-panels").then((module) => {
    LoadedBasketPanels = module.BasketPanels;
    return { default: module.BasketPanels };
  });
let LoadedBasketPanels: typeof import("~/features/basket/basket-panels").BasketPanels | null = null;
const LazyBasketPanels = lazy(loadBasketPanels);

// Opening a panel re-renders the shell: the header and footer, whose props do not change then, are
// skipped (the header still follows the basket through its context). Part of keeping the cart's
// opening under 100 ms on a slowed phone (bench/inp.mjs).
const Header = memo(SiteHeader);
const Footer = memo(SiteFooter);

/** Runs `task` when the browser has nothing else to do (Safari has no requestIdleCallback). */
function whenIdle(task: () => void) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: 5000 });
  else setTimeout(task, 2000);
}

// The three faces of the first screen, fetched with the stylesheet instead of after it: once the
// page is painted, a late font swap would reflow the headings and shift the listings below them.
const PRELOADED_FONTS = [jost400, jost500, cormorant600].map((href) => ({
  rel: "preload",
  href,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous" as const,
}));

export const links: Route.LinksFunction = () => [
  ...PRELOADED_FONTS,
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: Route.MetaFunction = () => [
  { title: "Nacre — bijoux en acier et perles de Tahiti faits main" },
  {
    name: "description",
    content:
      "Bijoux artisanaux en acier inoxydable et perles de Tahiti, inspirés de l'océan. Pièces uniques faites main.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const user = await getOptionalUser(request);
  const [shop, favorites, cart, chatUnread, categories] = await Promise.all([
    getShopDetails(db),
    user ? listFavorites(db, user.id) : [],
    user ? listCart(db, user.id) : [],
    user ? unreadByChat(db, user) : {},
    alertCategories(db),
  ]);
  const flash = readFlash(request);
  return data(
    {
      user: user ? { name: user.name, role: user.role } : null,
      shop,
      // Absolute links in page metadata (canonical, OpenGraph, JSON-LD) start with PUBLIC_URL.
      origin: getAppContext().env.PUBLIC_URL,
      year: new Date().getFullYear(),
      favorites,
      cart,
      // The live chat catches up from this instant (docs/product.md §9: it subscribes 1 s after the
      // page opens). Visitors have no chat connection: their page carries no clock, so it stays the
      // same bytes from one render to the next (one ETag, compressed once: ADR 018).
      chat: { unreadByChat: chatUnread, since: user ? new Date().toISOString() : "" },
      flash: flash.message,
      // The « Nouvelles créations » form's choices (docs/product.md §10.28): the same for everyone.
      alertCategories: categories,
    },
    flash.clear ? { headers: { "Set-Cookie": flash.clear } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the page as live (hydrated): end-to-end tests wait for it before interacting.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // The offline worker registers once the page has loaded: its code need not come with the page
    // (docs/product.md §10.17: first-load JavaScript, ADR 009).
    import("~/lib/service-worker")
      .then((module) => module.registerServiceWorker())
      .catch((error) => console.warn("Service worker indisponible", error));
  }, []);
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d4c" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#contenu">
          Aller au contenu
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SiteShell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const [openPanel, setOpenPanel] = useState<OpenPanel>(null);
  const closePanel = useCallback(() => setOpenPanel(null), []);
  const toggleFavorites = useCallback(
    () => setOpenPanel((open) => (open === "favorites" ? null : "favorites")),
    [],
  );
  const toggleCart = useCallback(() => setOpenPanel((open) => (open === "cart" ? null : "cart")), []);
  // The admin area hides the site-wide widgets (docs/product.md §2) and the install button (docs/product.md §1).
  const inAdmin = location.pathname === "/admin" || location.pathname.startsWith("/admin/");
  useEffect(() => {
    whenIdle(() => void loadBasketPanels().catch(() => {}));
  }, []);
  // Made once per list of categories, so the memoised footer is not re-rendered by a panel.
  const categories = data?.alertCategories;
  const alertSignup = useMemo(
    () => (categories ? <AlertSignup categories={categories} idPrefix="alertes-pied" /> : null),
    [categories],
  );

  if (!data) return <main id="contenu">{children}</main>;
  const { shop } = data;
  return (
    <ChatProvider
      role={data.user?.role ?? null}
      unreadByChat={data.chat.unreadByChat}
      since={data.chat.since}
    >
      <BasketProvider signedIn={data.user !== null} serverFavorites={data.favorites} serverCart={data.cart}>
        <Header
          shopName={shop.shopName}
          user={data.user}
          socials={shop.socials}
          onOpenFavorites={toggleFavorites}
          onOpenCart={toggleCart}
        />
        <OfflineNotice />
        <Toast message={data.flash} />
        <main id="contenu" tabIndex={-1}>
          {children}
        </main>
        <Footer
          shopName={shop.shopName}
          tagline={shop.tagline}
          addressLine={shop.addressLine}
          postalCode={shop.postalCode}
          city={shop.city}
          phone={shop.phone}
          phoneHref={shop.phoneHref}
          email={shop.email}
          socials={shop.socials}
          year={data.year}
          showInstallButton={!inAdmin}
          alertSignup={inAdmin ? null : alertSignup}
        />
        {inAdmin ? null : (
          // A landmark of its own: every piece of the page belongs to one (axe "region").
          <aside aria-label="Raccourcis">
            <PhoneButton phone={shop.phone} phoneHref={shop.phoneHref} />
            <ScrollToTopButton />
          </aside>
        )}
        {openPanel === null ? null : LoadedBasketPanels ? (
          <LoadedBasketPanels open={openPanel} onClose={closePanel} />
        ) : (
          <Suspense fallback={null}>
            <LazyBasketPanels open={openPanel} onClose={closePanel} />
          </Suspense>
        )}
      </BasketProvider>
    </ChatProvider>
  );
}

export default function App() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <SiteShell>
      <section className={errorStyles.page}>
        <p className={errorStyles.code}>{notFound ? "404" : "Oups !"}</p>
        <h1>{notFound ? "Cette page s'est perdue en mer" : "Une erreur est survenue"}</h1>
        <p>
          {notFound
            ? "La page demandée n'existe pas ou n'existe plus."
            : "Nous n'avons pas pu afficher cette page. Réessayez dans un instant."}
        </p>
        <a href="/" className={errorStyles.link}>
          Retour à l'accueil
        </a>
      </section>
    </SiteShell>
  );
}
