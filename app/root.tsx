/**
 * The document and the site shell: header, footer, sidebars and sticky buttons around every page.
 * The shell is the same for every visitor (ADR 036); their account, basket and chat counters come
 * from /api/moi once the page runs.
 */

import cormorant600 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2?url";
import jost400 from "@fontsource/jost/files/jost-latin-400-normal.woff2?url";
import jost500 from "@fontsource/jost/files/jost-latin-500-normal.woff2?url";
import { memo, useEffect, useMemo, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { OfflineNotice } from "~/components/offline-notice";
import { SiteFooter } from "~/components/site-footer";
import { PhoneButton, ScrollToTopButton } from "~/components/sticky-buttons";
import { Toast } from "~/components/toast";
import { AlertSignup } from "~/features/alerts/alert-signup";
import { alertCategories } from "~/features/alerts/alerts.server";
import { BASKET_ACTION, BasketProvider } from "~/features/basket/basket-context";
import { BasketDialogs } from "~/features/basket/basket-dialogs";
import { ChatProvider } from "~/features/chat/chat-context";
import { getShopDetails } from "~/features/settings/settings.server";
import { SiteHeader } from "~/features/shell/site-header";
import { AccountContext, type AccountState, HEAD_SCRIPT, showAccountHint } from "~/lib/account";
import { inNextTask, whenIdle } from "~/lib/later";
import { useNonce } from "~/lib/nonce";
import { getAppContext, getDb } from "~/server/context.server";
import { readFlash } from "~/server/flash.server";
import type { Route } from "./+types/root";
import type { clientLoader as visitorLoader } from "./routes/api/me";
import errorStyles from "./styles/error-page.module.css";
import stylesheet from "./styles/global.css?url";

// The visitor's part arriving re-renders the shell: the header and footer, whose props do not change
// then, are skipped (the header still follows the basket and the chat through their contexts).
const Header = memo(SiteHeader);
const Footer = memo(SiteFooter);

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

/**
 * What every page shares, the same for every visitor (ADR 036): the shop's details and a pending
 * flash message. Nothing of the visitor's own is here — it comes from /api/moi once the page runs.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const [shop, categories] = await Promise.all([getShopDetails(db), alertCategories(db)]);
  const flash = readFlash(request);
  return data(
    {
      shop,
      // Absolute links in page metadata (canonical, OpenGraph, JSON-LD) start with PUBLIC_URL.
      origin: getAppContext().env.PUBLIC_URL,
      year: new Date().getFullYear(),
      flash: flash.message,
      // The « Nouvelles créations » form's choices (docs/product.md §10.30): the same for everyone.
      alertCategories: categories,
    },
    flash.clear ? { headers: { "Set-Cookie": flash.clear } } : undefined,
  );
}

/** A basket write changes nothing the root loader gives: it is not asked again then. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === BASKET_ACTION) return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the page as live (hydrated): end-to-end tests wait for it before interacting.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // The offline worker registers once the page is idle: its code need not come with the page
    // (docs/product.md §10.17: first-load JavaScript, ADR 009), nor its registration run in the
    // task that hydrates it (app/lib/later.ts).
    return whenIdle(() => {
      import("~/lib/service-worker")
        .then((module) => module.registerServiceWorker())
        .catch((error) => console.warn("Service worker indisponible", error));
    });
  }, []);
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d4c" />
        {/* Before anything paints: the account hint, and the sidebars' opening (app/lib/account.tsx).
            Written by the server only: the browser keeps the one it ran, and the page's code does not carry it. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, allowed by nonce or hash.
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? HEAD_SCRIPT : "" }}
        />
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

/** The visitor's part failed on the network: asked again after 2 s, then 4, 8… up to a minute. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * The visitor's own part of the page (account, basket, chat counters), asked for once the page runs
 * and reloaded by React Router after every write (ADR 036).
 */
function useVisitorPart() {
  const fetcher = useFetcher<typeof visitorLoader>({ key: "visiteur" });
  const { load } = fetcher;
  useEffect(() => {
    // Offline (a page from the offline cache, docs/product.md §1), the part waits for the network:
    // a fetcher that fails would take the page's place with the error page.
    const loadWhenOnline = () => {
      if (navigator.onLine) load("/api/moi");
    };
    // Asked for in a task of its own, right after the one that hydrates the page: React Router's
    // fetcher matches and discovers the route there (two fifths of the hydrating task's effects
    // when it ran inside it, bench/README.md "Start-up effects in tasks of their own").
    const cancelFirstLoad = inNextTask(loadWhenOnline);
    window.addEventListener("online", loadWhenOnline);
    return () => {
      cancelFirstLoad();
      window.removeEventListener("online", loadWhenOnline);
    };
  }, [load]);
  // A load that failed on the network (null) leaves the last part the page had. Kept in a ref
  // written during render (the same data always gives the same part): state would cost the whole
  // shell a second render after every answer.
  const last = useRef<NonNullable<typeof fetcher.data> | null>(null);
  if (fetcher.data) last.current = fetcher.data;
  const part = fetcher.data ?? last.current;
  // ...and is asked again a little later, waiting twice as long after each failure (2 s up to a
  // minute): the part from before a basket write whose reload failed is not left standing.
  const failures = useRef(0);
  const failed = fetcher.state === "idle" && fetcher.data === null;
  if (fetcher.data) failures.current = 0;
  useEffect(() => {
    if (!failed) return;
    const wait = Math.min(RETRY_FIRST_MS * 2 ** failures.current, RETRY_MAX_MS);
    failures.current += 1;
    const retry = setTimeout(() => {
      if (navigator.onLine) load("/api/moi");
    }, wait);
    return () => clearTimeout(retry);
  }, [failed, load]);
  useEffect(() => {
    if (part) showAccountHint(part.account);
  }, [part]);
  return part;
}

function SiteShell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const part = useVisitorPart();
  const account = useMemo<AccountState>(
    () => ({ known: part !== null, account: part?.account ?? null }),
    [part],
  );
  const lists = useMemo(() => (part ? { cart: part.cart, favorites: part.favorites } : null), [part]);
  // The admin area hides the site-wide widgets (docs/product.md §2) and the install button (docs/product.md §1).
  const inAdmin = location.pathname === "/admin" || location.pathname.startsWith("/admin/");
  // Made once per list of categories, so the memoised footer is not re-rendered by the visitor's part.
  const categories = data?.alertCategories;
  const alertSignup = useMemo(
    () => (categories ? <AlertSignup categories={categories} idPrefix="alertes-pied" /> : null),
    [categories],
  );

  if (!data) return <main id="contenu">{children}</main>;
  const { shop } = data;
  return (
    <AccountContext.Provider value={account}>
      <ChatProvider
        role={part?.account?.role ?? null}
        unreadByChat={part?.chat.unreadByChat ?? NO_UNREAD}
        since={part?.chat.since ?? ""}
      >
        <BasketProvider lists={lists}>
          <Header shopName={shop.shopName} socials={shop.socials} />
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
          <BasketDialogs />
        </BasketProvider>
      </ChatProvider>
    </AccountContext.Provider>
  );
}

const NO_UNREAD: Record<string, number> = {};

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
