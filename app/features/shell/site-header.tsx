/**
 * docs/product.md §2 "Header": section links, the account link by state (Connexion / Mon Compte / Tableau de
 * bord), favourites and cart buttons with count badges, social links, and below 768 px a burger
 * menu with an overlay that locks page scroll and closes on navigation. Search (docs/product.md
 * §10.23): from 768 px a 'Rechercher' button opens the field under the header (a <details>, so it
 * opens without JavaScript too); below, the field heads the mobile menu.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import {
  BagIcon,
  CloseIcon,
  DashboardIcon,
  HeartIcon,
  MenuIcon,
  PearlMark,
  SearchIcon,
  UserIcon,
} from "~/components/icons";
import { NAV_LINKS } from "~/components/nav-links";
import { type SocialLinks, SocialLinksList } from "~/components/social-links";
import { displayable, useBasket } from "~/features/basket/basket-context";
import { CART_PANEL, FAVORITES_PANEL } from "~/features/basket/panel-ids";
import { useChatUnread } from "~/features/chat/chat-context";
import { SearchBox } from "~/features/search/search-box";
import { useFocusTrap } from "~/lib/use-focus-trap";
import { useScrollLock } from "~/lib/use-scroll-lock";
import styles from "./site-header.module.css";

interface SiteHeaderProps {
  shopName: string;
  socials: SocialLinks;
}

const ACCOUNT_LINKS = [
  { hint: "visiteur", to: "/auth", label: "Connexion", Icon: UserIcon },
  { hint: "client", to: "/mon-compte", label: "Mon Compte", Icon: UserIcon },
  { hint: "admin", to: "/admin", label: "Tableau de bord", Icon: DashboardIcon },
] as const;

/**
 * The account link by state. The page is the same for every visitor (ADR 036): it carries the
 * three links, and the stylesheet shows the one <html data-compte> names — set from the account
 * hint before the first paint, then from the visitor's endpoint.
 */
function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  // Unread support messages: the customer's own, or the admin's across all conversations.
  const unread = useChatUnread();
  const unreadText =
    unread > 0 ? ` (${unread} message${unread > 1 ? "s" : ""} non lu${unread > 1 ? "s" : ""})` : "";
  return ACCOUNT_LINKS.map((account) => {
    const label = account.hint === "visiteur" ? account.label : `${account.label}${unreadText}`;
    return (
      <Link
        key={account.hint}
        to={account.to}
        title={label}
        aria-label={label}
        className={styles.accountLink}
        data-compte={account.hint}
        onClick={onNavigate}
      >
        <account.Icon />
        <span className={styles.accountLabel}>{account.label}</span>
        {account.hint === "visiteur" ? null : <CountBadge count={unread} label="messages" />}
      </Link>
    );
  });
}

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count < 1) return null;
  return (
    <span className={styles.badge} data-testid={`${label}-count`}>
      {count > 99 ? "99+" : count}
    </span>
  );
}

/**
 * The favourites and cart links with their counts: the only part of the header that follows the
 * basket, so that adding a piece re-renders two links rather than the whole header (INP,
 * docs/product.md §10.17). Links to the order form without JavaScript; the head script opens the
 * sidebars.
 */
function BasketLinks() {
  const basket = useBasket();
  // Counted like the sidebars show them (docs/product.md §2: items lacking a name are not shown).
  const favoritesCount = displayable(basket.favorites).length;
  const cartCount = displayable(basket.cart).reduce((count, line) => count + line.quantity, 0);
  return (
    <>
      <a
        href="/contact?commande=favoris"
        data-panneau={FAVORITES_PANEL}
        aria-haspopup="dialog"
        className={styles.iconButton}
        aria-label={`Favoris (${favoritesCount})`}
      >
        <HeartIcon />
        <CountBadge count={favoritesCount} label="favoris" />
      </a>
      <a
        href="/contact?commande=panier"
        data-panneau={CART_PANEL}
        aria-haspopup="dialog"
        className={styles.iconButton}
        aria-label={`Panier (${cartCount})`}
      >
        <BagIcon />
        <CountBadge count={cartCount} label="panier" />
      </a>
    </>
  );
}

export function SiteHeader(props: SiteHeaderProps) {
  const { shopName, socials } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuRef = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  const searchRef = useRef<HTMLDetailsElement>(null);
  const closeSearch = useCallback(() => {
    if (searchRef.current) searchRef.current.open = false;
  }, []);

  // The menu and the search close on every navigation (docs/product.md §2).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => {
    setMenuOpen(false);
    closeSearch();
  }, [location.pathname, location.search]);
  useScrollLock(menuOpen);
  useFocusTrap(menuRef, menuOpen, closeMenu);

  // The overlay and the drawer sit outside <header>: its backdrop-filter would otherwise become the
  // containing block of their position: fixed, and clip them to the header's height.
  return (
    <>
      <header className={styles.header}>
        <div className={styles.inner}>
          <button
            type="button"
            className={styles.burger}
            aria-label="Ouvrir le menu"
            aria-expanded={menuOpen}
            aria-controls="menu-mobile"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>

          <Link to="/" className={styles.brand} aria-label={`${shopName} — accueil`}>
            <PearlMark />
            <span className={styles.brandName}>{shopName}</span>
          </Link>

          <nav className={styles.nav} aria-label="Navigation principale">
            <ul>
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === "/"}
                    className={({ isActive }) =>
                      isActive ? `${styles.navLink} ${styles.active}` : styles.navLink
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className={styles.actions}>
            <details
              ref={searchRef}
              className={styles.search}
              onToggle={(event) => {
                // Opened: straight into the field.
                if (event.currentTarget.open) event.currentTarget.querySelector("input")?.focus();
              }}
              onKeyDown={(event) => {
                if (event.key === "Escape" && searchRef.current?.open) {
                  closeSearch();
                  searchRef.current.querySelector("summary")?.focus();
                }
              }}
            >
              <summary className={styles.iconButton} aria-label="Rechercher" title="Rechercher">
                <SearchIcon />
              </summary>
              <div className={styles.searchPanel}>
                <SearchBox onNavigate={closeSearch} />
              </div>
            </details>
            <SocialLinksList socials={socials} className={styles.socials} />
            <AccountLinks />
            <BasketLinks />
          </div>
        </div>
      </header>
      <div
        className={styles.overlay}
        data-open={menuOpen}
        aria-hidden="true"
        onClick={closeMenu}
        data-testid="menu-overlay"
      />
      <div
        id="menu-mobile"
        ref={menuRef}
        className={styles.mobileMenu}
        data-open={menuOpen}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        hidden={!menuOpen}
      >
        <div className={styles.mobileMenuHead}>
          <span className={styles.brandName}>{shopName}</span>
          <button type="button" className={styles.iconButton} aria-label="Fermer le menu" onClick={closeMenu}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.mobileSearch}>
          <SearchBox onNavigate={closeMenu} />
        </div>
        <nav aria-label="Navigation mobile">
          <ul className={styles.mobileLinks}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={styles.mobileLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <AccountLinks onNavigate={closeMenu} />
        <SocialLinksList socials={socials} className={styles.mobileSocials} />
      </div>
    </>
  );
}
