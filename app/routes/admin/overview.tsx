/** /admin — the overview (docs/product.md §2): a card per section with its count and 'Gérer', and what waits. */
import { Link } from "react-router";
import { AdminLoadError } from "~/components/admin/admin-load-error";
import { getOverviewCounts } from "~/features/admin/overview.server";
import { alertOverview } from "~/features/alerts/alert-digest.server";
import { AlertsAdmin } from "~/features/alerts/alerts-admin";
import { runAlertsCommand } from "~/features/alerts/alerts-command.server";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => privateMeta("Vue d'ensemble — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [counts, alerts] = await Promise.all([getOverviewCounts(db), alertOverview(db)]);
  return { counts, alerts };
}

/** The « Alertes » block's pause and resume (docs/product.md §10.30). */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runAlertsCommand(await readLimitedForm(request));
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const cards = [
    { title: "Produits", value: counts.products, to: "/admin/produits" },
    { title: "Catégories", value: counts.categories, to: "/admin/categories" },
    { title: "Attributs", value: null, to: "/admin/filtres" },
    { title: "Événements", value: counts.events, to: "/admin/agenda" },
    { title: "Avis", value: counts.reviews, to: "/admin/avis" },
    { title: "Conversations", value: counts.conversations, to: "/admin/messages" },
    { title: "Utilisateurs", value: counts.users, to: "/admin/utilisateurs" },
    {
      title: "E-mails non distribués",
      value: counts.undeliveredMails,
      to: "/admin/parametres#e-mails-non-distribues",
    },
  ];
  return (
    <section>
      <h1>Vue d'ensemble</h1>
      <p className={styles.lead}>Bienvenue dans l'administration de la boutique.</p>
      <ul className={styles.glance} aria-label="En attente">
        <li>
          <Link to="/admin/commandes?statut=nouvelle">
            {plural(counts.newOrders, "nouvelle commande", "nouvelles commandes")}
          </Link>
        </li>
        {counts.overdueRefunds > 0 ? (
          <li data-alert="true">
            <Link to="/admin/commandes?retractation=en-retard">
              {plural(counts.overdueRefunds, "remboursement en retard", "remboursements en retard")} après une
              rétractation
            </Link>
          </li>
        ) : null}
        {counts.undeliveredMails > 0 ? (
          <li>
            <Link to="/admin/parametres#e-mails-non-distribues">
              {plural(counts.undeliveredMails, "e-mail non distribué", "e-mails non distribués")}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/admin/avis">{plural(counts.pendingReviews, "avis en attente", "avis en attente")}</Link>
        </li>
        <li>
          <Link to="/admin/messages">
            {plural(counts.unreadChats, "conversation non lue", "conversations non lues")}
          </Link>
        </li>
        <li>
          <Link to="/admin/contacts">
            {plural(counts.newContactMessages, "nouveau message de contact", "nouveaux messages de contact")}
          </Link>
        </li>
      </ul>
      <ul className={styles.cards}>
        {cards.map((card) => (
          <li key={card.title}>
            <article className={styles.card} aria-labelledby={`carte-${card.to}`}>
              <h2 id={`carte-${card.to}`}>{card.title}</h2>
              <p className={styles.cardValue} data-label={card.value === null}>
                {card.value === null ? "Couleurs, matières, types de perles" : card.value}
              </p>
              <Link className={styles.manage} to={card.to} aria-label={`Gérer : ${card.title}`}>
                Gérer
              </Link>
            </article>
          </li>
        ))}
      </ul>
      <AlertsAdmin {...loaderData.alerts} />
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
