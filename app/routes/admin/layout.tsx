/**
 * /admin/* — the dashboard shell (docs/product.md §2): side navigation over the sections (docs/product.md §2's ten, plus the contact inbox and the orders). The guard runs
 * here for every page, and again in each admin action.
 */
import { useEffect, useState } from "react";
import { NavLink, Outlet } from "react-router";
import { AdminLoadError } from "~/components/admin/admin-load-error";
import { AdminNoticeProvider } from "~/components/admin/admin-notice";
import { useChatEvents, useChatUnread } from "~/features/chat/chat-context";
import { countNewOrders } from "~/features/orders/orders.server";
import { recordAdminVisit } from "~/features/settings/seller-notifications.server";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/layout";
// Zod speaks French in the admin forms too (the root route no longer loads it for every page).
import "~/lib/zod-french";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Vue d'ensemble" },
  { to: "/admin/commandes", label: "Commandes" },
  { to: "/admin/statistiques", label: "Statistiques" },
  { to: "/admin/produits", label: "Produits" },
  { to: "/admin/categories", label: "Catégories" },
  { to: "/admin/filtres", label: "Filtres" },
  { to: "/admin/agenda", label: "Agenda" },
  { to: "/admin/avis", label: "Avis" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/contacts", label: "Contacts" },
  { to: "/admin/utilisateurs", label: "Utilisateurs" },
  { to: "/admin/mon-compte", label: "Mon compte" },
  { to: "/admin/parametres", label: "Paramètres" },
] as const;

export const meta: Route.MetaFunction = () => [
  { title: "Tableau de bord — Nacre" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  void recordAdminVisit(getDb(), request); // an admin is around: chat e-mails wait (docs/product.md §10.20)
  return { admin: { name: admin.name, email: admin.email }, newOrders: await countNewOrders(getDb()) };
}

/**
 * Orders waiting for the seller's first step, live (docs/product.md §10.19): the count the loader
 * read, then each one the server announces over the chat stream; every revalidation resets it.
 */
function useNewOrders(loaded: number): number {
  const [newOrders, setNewOrders] = useState(loaded);
  useEffect(() => setNewOrders(loaded), [loaded]);
  useChatEvents((event) => {
    if (event.type === "orders") setNewOrders(event.newOrders);
  });
  return newOrders;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // Unread support messages, live (docs/product.md §2: the dashboard navigation shows them beside Messages).
  const unreadChats = useChatUnread();
  const newOrders = useNewOrders(loaderData.newOrders);
  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label="Administration">
        <p className={styles.sidebarTitle}>Tableau de bord</p>
        <ul>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.to === "/admin"} className={styles.sidebarLink}>
                <span>{section.label}</span>
                {section.to === "/admin/messages" && unreadChats > 0 ? (
                  <span className={styles.navBadge}>
                    {unreadChats > 99 ? "99+" : unreadChats}
                    <span className="visually-hidden"> non lu{unreadChats > 1 ? "s" : ""}</span>
                  </span>
                ) : null}
                {section.to === "/admin/commandes" && newOrders > 0 ? (
                  <span className={styles.navBadge}>
                    {newOrders > 99 ? "99+" : newOrders}
                    <span className="visually-hidden"> nouvelle{newOrders > 1 ? "s" : ""}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <AdminNoticeProvider>
          <Outlet />
        </AdminNoticeProvider>
      </div>
    </div>
  );
}

/** docs/product.md §8: 'Impossible de charger les données du dashboard.' when a screen's data cannot be read. */
export function ErrorBoundary() {
  return (
    <div className={styles.layout}>
      <AdminLoadError />
    </div>
  );
}
