/**
 * The user manager (docs/product.md §2 "Tools", §6, §8, §9): stats, search, role and verification filters,
 * sort and pages of 10 — all in the URL, so the list is shareable and works without JavaScript —
 * and per user: role dropdown, e-mail visibility toggle, export of their data (a request received by
 * post or e-mail, docs/product.md §10.21), deletion with all their data.
 */
import { useState } from "react";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import { CardHead, CardList } from "~/components/admin/admin-cards";
import { ConfirmDelete, FormError, RowActions } from "~/components/admin/admin-dialog";
import lists from "~/components/admin/admin-lists.module.css";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher, usePendingIds } from "~/components/admin/use-admin-fetcher";
import buttons from "~/components/button.module.css";
import { longDate } from "~/lib/dates";
import { USER_MESSAGES, type UserListQuery } from "./user-schema";

export interface ManagedUser {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: "user" | "admin";
  verified: boolean;
  emailVisibility: boolean;
  createdAt: string;
}

export interface UserManagerProps {
  users: ManagedUser[];
  stats: { total: number; admins: number; users: number; verified: number; thisMonth: number };
  query: UserListQuery;
  total: number;
  page: number;
  pages: number;
  currentUserId: string;
}

const SORT_OPTIONS = [
  ["created:desc", "Inscription (plus récentes d'abord)"],
  ["created:asc", "Inscription (plus anciennes d'abord)"],
  ["name:asc", "Nom (A à Z)"],
  ["name:desc", "Nom (Z à A)"],
  ["email:asc", "Email (A à Z)"],
  ["email:desc", "Email (Z à A)"],
  ["role:asc", "Rôle (admin d'abord)"],
  ["role:desc", "Rôle (utilisateur d'abord)"],
] as const;

function Stats({ stats }: { stats: UserManagerProps["stats"] }) {
  const items = [
    ["Total", stats.total],
    ["Administrateurs", stats.admins],
    ["Utilisateurs", stats.users],
    ["Vérifiés", stats.verified],
    ["Inscrits ce mois-ci", stats.thisMonth],
  ] as const;
  return (
    <ul className={lists.stats} aria-label="Statistiques des utilisateurs">
      {items.map(([label, value]) => (
        <li key={label}>
          <span className={styles.hint}>{label}</span>
          <strong>{value}</strong>
        </li>
      ))}
    </ul>
  );
}

function Filters({ query }: { query: UserListQuery }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filtrer les utilisateurs"
      className={lists.filters}
      onChange={(event) => {
        // Selects apply at once; the search box waits for Entrée or the button.
        if ((event.target as HTMLElement).tagName === "SELECT")
          submit(event.currentTarget, { replace: true });
      }}
    >
      <div className={styles.field}>
        <label htmlFor="users-q">Rechercher</label>
        <input
          id="users-q"
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Nom, email ou identifiant"
          maxLength={100}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="users-role">Rôle</label>
        <select id="users-role" name="role" defaultValue={query.role}>
          <option value="all">Tous</option>
          <option value="user">Utilisateurs</option>
          <option value="admin">Administrateurs</option>
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="users-verified">Vérification</label>
        <select id="users-verified" name="verified" defaultValue={query.verified}>
          <option value="all">Tous</option>
          <option value="verified">Vérifiés</option>
          <option value="unverified">Non vérifiés</option>
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="users-sort">Trier par</label>
        {/* "field:direction" in one parameter: one choice, one submit. */}
        <select id="users-sort" name="order" defaultValue={`${query.sort}:${query.dir}`}>
          {SORT_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttons.secondary}>
        Rechercher
      </button>
    </Form>
  );
}

function Pager({ page, pages }: { page: number; pages: number }) {
  const [params] = useSearchParams();
  if (pages <= 1) return null;
  const to = (target: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(target));
    return `?${next.toString()}`;
  };
  return (
    <nav className={lists.pager} aria-label="Pages des utilisateurs">
      {page > 1 ? <Link to={to(page - 1)}>Page précédente</Link> : null}
      <span>
        Page {page} sur {pages}
      </span>
      {page < pages ? <Link to={to(page + 1)}>Page suivante</Link> : null}
    </nav>
  );
}

/** The admin's export of one account's data (the same JSON document as 'Télécharger mes données'). */
export function userDataExportPath(userId: string): string {
  return `/api/admin/utilisateurs/${encodeURIComponent(userId)}/donnees`;
}

function UserCard({
  user,
  isSelf,
  onDelete,
}: {
  user: ManagedUser;
  isSelf: boolean;
  onDelete: (user: ManagedUser) => void;
}) {
  const roleAction = useAdminFetcher();
  // A checkbox must change in the click itself: the choice is kept here until the server answers,
  // then the stored value (new, or unchanged after a refusal) shows again.
  const [asked, setAsked] = useState<boolean | null>(null);
  const visibilityAction = useAdminFetcher({ onSettled: () => setAsked(null) });
  const visible = asked ?? user.emailVisibility;
  const role = roleAction.sent?.get("role") ?? user.role;
  const label = user.name.trim() || user.email;
  return (
    <article className={lists.card} aria-label={isSelf ? `${label} (vous)` : label}>
      <CardHead
        title={
          <>
            {label}
            {isSelf ? <span className={styles.hint}> (vous)</span> : null}
          </>
        }
        done={user.verified}
        status={["Vérifié", "Non vérifié"]}
      />
      <p className={lists.text}>
        {user.email}
        {user.username ? <span className={styles.hint}> · {user.username}</span> : null}
      </p>
      <p className={styles.hint}>
        Inscrit le <time dateTime={user.createdAt}>{longDate(user.createdAt)}</time>
      </p>
      <div className={styles.fieldRow}>
        <div className={styles.field}>
          <label htmlFor={`role-${user.id}`}>Rôle</label>
          <select
            id={`role-${user.id}`}
            value={String(role)}
            disabled={roleAction.busy}
            onChange={(event) =>
              roleAction.submit({ intent: "set-role", id: user.id, role: event.target.value })
            }
          >
            <option value="user">Utilisateur</option>
            <option value="admin">Administrateur</option>
          </select>
        </div>
      </div>
      <FormError error={roleAction.error && `${USER_MESSAGES.roleFailed} : ${roleAction.error}`} />
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={visible}
          disabled={visibilityAction.busy}
          onChange={(event) => {
            setAsked(event.target.checked);
            visibilityAction.submit({
              intent: "set-email-visibility",
              id: user.id,
              visible: String(event.target.checked),
            });
          }}
        />
        Email visible
      </label>
      <FormError
        error={visibilityAction.error && `${USER_MESSAGES.visibilityFailed} : ${visibilityAction.error}`}
      />
      <RowActions
        as="div"
        className={lists.cardActions}
        look="button"
        onDelete={isSelf ? undefined : () => onDelete(user)}
      >
        <a
          className={buttons.secondary}
          href={userDataExportPath(user.id)}
          download
          aria-label={`Exporter les données de ${label}`}
        >
          Exporter les données
        </a>
      </RowActions>
    </article>
  );
}

export function UserManager(props: UserManagerProps) {
  const [target, setTarget] = useState<ManagedUser | null>(null);
  const deleting = usePendingIds("delete");
  const users = props.users.filter((user) => !deleting.has(user.id));
  return (
    <>
      <Stats stats={props.stats} />
      <Filters key={JSON.stringify(props.query)} query={props.query} />
      <p className={styles.hint} aria-live="polite">
        {props.total} utilisateur{props.total > 1 ? "s" : ""}
      </p>
      <CardList items={users} empty={USER_MESSAGES.empty} label="Utilisateurs">
        {(user) => <UserCard user={user} isSelf={user.id === props.currentUserId} onDelete={setTarget} />}
      </CardList>
      <Pager page={props.page} pages={props.pages} />
      {target ? (
        <ConfirmDelete
          title="Supprimer l'utilisateur"
          message={
            <p>
              Supprimer {target.name.trim() || target.email} ({target.email}) et toutes ses données : avis,
              panier, favoris, conversations, messages et commandes non payées ? Ses commandes payées sont
              conservées, anonymisées. Cette action est définitive.
            </p>
          }
          fields={{ id: target.id }}
          onClose={() => setTarget(null)}
        />
      ) : null}
    </>
  );
}
