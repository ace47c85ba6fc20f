/**
 * The addresses barred from ordering (ADR 022), blocked from an order's page with its pieces
 * released: listed in /admin/parametres with the order they came from, each with "Débloquer".
 */
import lists from "~/components/admin/admin-lists.module.css";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { dayMonthYear } from "~/lib/dates";

export interface BlockedEmailView {
  emailKey: string;
  email: string;
  orderNumber: string;
  blockedAt: string;
}

function UnblockButton({ blocked }: { blocked: BlockedEmailView }) {
  const { submit, busy, error } = useAdminFetcher();
  return (
    <>
      <button
        type="button"
        className={styles.linkButton}
        disabled={busy}
        aria-label={`Débloquer ${blocked.email}`}
        onClick={() => submit({ intent: "unblock-email", emailKey: blocked.emailKey })}
      >
        {busy ? "Déblocage…" : "Débloquer"}
      </button>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

export function BlockedEmails({ blocked }: { blocked: BlockedEmailView[] }) {
  if (blocked.length === 0) return <p className={styles.hint}>Aucune adresse bloquée.</p>;
  return (
    <ul className={lists.cards} aria-label="Adresses bloquées">
      {blocked.map((item) => (
        <li key={item.emailKey} className={lists.card}>
          <p>
            <strong>{item.email}</strong>
            <br />
            Bloquée le {dayMonthYear(item.blockedAt)}
            {item.orderNumber ? `, depuis la commande ${item.orderNumber}` : ""}
          </p>
          <UnblockButton blocked={item} />
        </li>
      ))}
    </ul>
  );
}
