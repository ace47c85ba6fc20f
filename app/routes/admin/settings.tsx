/**
 * /admin/parametres (docs/product.md §2: "Settings: admin e-mail and logout"), plus the shop's details
 * (docs/product.md §10.5: business details are settings the admin edits) shown in header, footer, contact
 * and legal pages, and the orders' hold and the seller's e-mails (§10.19, §10.20).
 */

import lists from "~/features/admin/admin-lists.module.css";
import { AdminLoadError } from "~/features/admin/admin-load-error";
import { LogoutButton } from "~/features/auth/logout-button";
import { OrderSettingsForm } from "~/features/settings/order-settings-form";
import { getOrderSettings, getShopDetails } from "~/features/settings/settings.server";
import { runSettingsCommand } from "~/features/settings/settings-command.server";
import { ShopSettingsForm } from "~/features/settings/shop-settings-form";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => privateMeta("Paramètres — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [shop, orderSettings] = await Promise.all([getShopDetails(getDb()), getOrderSettings(getDb())]);
  return {
    email: admin.email,
    orderSettings,
    settings: {
      shopName: shop.shopName,
      addressLine: shop.addressLine,
      postalCode: shop.postalCode,
      city: shop.city,
      phone: shop.phone,
      email: shop.email,
      instagramUrl: shop.socials.instagram,
      facebookUrl: shop.socials.facebook,
      tiktokUrl: shop.socials.tiktok,
      mapQuery: shop.map.query,
      mapLatitude: shop.map.latitude === null ? "" : String(shop.map.latitude),
      mapLongitude: shop.map.longitude === null ? "" : String(shop.map.longitude),
      openingHours: shop.openingHours,
    },
  };
}

/** The page's commands (save the shop settings), answered in JSON to its fetchers. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runSettingsCommand(await readLimitedForm(request));
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Paramètres</h1>
      <p className={styles.lead}>
        Les coordonnées de la boutique, les commandes et leurs notifications, et votre session.
      </p>
      <section aria-labelledby="session-admin" className={lists.card}>
        <h2 id="session-admin" className={lists.cardTitle}>
          Votre session
        </h2>
        <p>
          Connecté en tant que <strong>{loaderData.email}</strong>
        </p>
        <LogoutButton />
      </section>
      <section aria-labelledby="coordonnees" className={lists.sectionGap}>
        <h2 id="coordonnees">Coordonnées de la boutique</h2>
        <p className={styles.lead}>
          Affichées dans l'en-tête, le pied de page, la page contact et les mentions légales.
        </p>
        <ShopSettingsForm settings={loaderData.settings} />
      </section>
      <section aria-labelledby="commandes-notifications" className={lists.sectionGap}>
        <h2 id="commandes-notifications">Commandes et notifications</h2>
        <p className={styles.lead}>
          Combien de temps une commande réserve ses pièces, et les e-mails que reçoit la boutique.
        </p>
        <OrderSettingsForm settings={loaderData.orderSettings} shopEmail={loaderData.settings.email} />
      </section>
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
