/**
 * /admin/parametres (docs/product.md §2: "Settings: admin e-mail and logout"), plus the shop's details
 * (docs/product.md §10.5: business details are settings the admin edits) shown in header, footer, contact
 * and legal pages, the orders' hold and the seller's e-mails (§10.19, §10.20), and the legal identity,
 * consumer mediator and inactivity limit the legal pages show (§10.21), the delivery rates (§10.27), the shopping
 * feeds' addresses and the pieces they leave out (§10.28), and the e-mails the outbox could not deliver, to send
 * again (ADR 025).
 */

import lists from "~/components/admin/admin-lists.module.css";
import { AdminLoadError } from "~/components/admin/admin-load-error";
import { LogoutButton } from "~/features/auth/logout-button";
import { deliveryRates } from "~/features/delivery/delivery-rates.server";
import { feedOverview } from "~/features/feeds/feeds.server";
import { FeedsPanel } from "~/features/feeds/feeds-panel";
import { listBlockedEmails, unblockEmail } from "~/features/orders/order-holds.server";
import { BlockedEmails } from "~/features/settings/blocked-emails";
import { DeliverySettingsForm } from "~/features/settings/delivery-settings-form";
import { LegalSettingsForm } from "~/features/settings/legal-settings-form";
import { OrderSettingsForm } from "~/features/settings/order-settings-form";
import { SafetySettingsForm } from "~/features/settings/safety-settings-form";
import {
  getLegalSettings,
  getOrderSettings,
  getSafetySettings,
  getShopDetails,
} from "~/features/settings/settings.server";
import { runSettingsCommand } from "~/features/settings/settings-command.server";
import { ShopSettingsForm } from "~/features/settings/shop-settings-form";
import { UndeliveredMails } from "~/features/settings/undelivered-mails";
import { privateMeta } from "~/lib/seo";
import { getAppContext, getDb } from "~/server/context.server";
import { listUndeliveredMails } from "~/server/outbox.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => privateMeta("Paramètres — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [
    shop,
    orderSettings,
    legalSettings,
    safetySettings,
    undeliveredMails,
    blockedEmails,
    delivery,
    feeds,
  ] = await Promise.all([
    getShopDetails(getDb()),
    getOrderSettings(getDb()),
    getLegalSettings(getDb()),
    getSafetySettings(getDb()),
    listUndeliveredMails(getDb()),
    listBlockedEmails(getDb()),
    deliveryRates(getDb()),
    feedOverview(getDb(), getAppContext().env.PUBLIC_URL),
  ]);
  return {
    email: admin.email,
    feeds,
    blockedEmails,
    undeliveredMails: undeliveredMails.map(({ createdAt: _created, ...mail }) => mail),
    orderSettings,
    legalSettings,
    safetySettings,
    deliveryRates: delivery,
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

/** The page's commands (each form's save), answered in JSON to its fetchers. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runSettingsCommand(await readLimitedForm(request), unblockEmail);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Paramètres</h1>
      <p className={styles.lead}>
        Les coordonnées de la boutique, les commandes et leurs notifications, la livraison, les flux produits,
        l'identité légale et votre session.
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
        <h3 id="adresses-bloquees">Adresses bloquées</h3>
        <p className={styles.lead}>
          Bloquées depuis la page d'une commande : elles ne peuvent plus commander tant que vous ne les
          débloquez pas.
        </p>
        <BlockedEmails blocked={loaderData.blockedEmails} />
      </section>
      <section aria-labelledby="livraison" className={lists.sectionGap}>
        <h2 id="livraison">Livraison</h2>
        <p className={styles.lead}>
          Les frais d'envoi que le formulaire de commande affiche et ajoute au total, avant l'envoi de la
          commande ; repris par les CGV (article 7).
        </p>
        <DeliverySettingsForm rates={loaderData.deliveryRates} />
      </section>
      <section aria-labelledby="flux-produits" className={lists.sectionGap}>
        <h2 id="flux-produits">Flux produits</h2>
        <p className={styles.lead}>
          Les adresses à coller dans Google Merchant Center et dans le gestionnaire de catalogue de Meta : vos
          créations, leurs photos, prix TTC, disponibilité et frais de livraison, tenus à jour à chaque visite
          de leurs robots.
        </p>
        <FeedsPanel feeds={loaderData.feeds} />
      </section>
      <section aria-labelledby="e-mails-non-distribues" className={lists.sectionGap}>
        <h2 id="e-mails-non-distribues">E-mails non distribués</h2>
        <p className={styles.lead}>
          Les e-mails que la boutique n'a pas pu envoyer après plusieurs essais espacés, avec la réponse du
          serveur d'e-mail. Vérifiez l'adresse, puis renvoyez-les.
        </p>
        <UndeliveredMails mails={loaderData.undeliveredMails} />
      </section>
      <section aria-labelledby="identite-legale" className={lists.sectionGap}>
        <h2 id="identite-legale">Identité légale et médiation</h2>
        <p className={styles.lead}>
          Affichées dans les mentions légales, les CGV et la politique de confidentialité.
        </p>
        <LegalSettingsForm settings={loaderData.legalSettings} />
      </section>
      <section aria-labelledby="securite-produits" className={lists.sectionGap}>
        <h2 id="securite-produits">Sécurité des produits</h2>
        <p className={styles.lead}>
          Le fabricant (nom légal, adresse et e-mail ci-dessus), la référence et ces informations figurent sur
          la page de chaque création (règlement (UE) 2023/988, article 19).
        </p>
        <SafetySettingsForm settings={loaderData.safetySettings} />
      </section>
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
