/**
 * "E-mails non distribués" of /admin/parametres (ADR 025, docs/product.md §10.13): the mails the
 * outbox could not deliver after its last try, with the mail server's last answer, and a button to
 * send one again (a fresh set of tries, at once).
 */
import lists from "~/components/admin/admin-lists.module.css";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { dayMonthYear, frenchTime } from "~/lib/dates";

export interface UndeliveredMailView {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string;
  lastTryAt: string;
}

function RetryButton({ id, subject }: { id: string; subject: string }) {
  const { submit, busy, error } = useAdminFetcher();
  return (
    <>
      <button
        type="button"
        className={styles.linkButton}
        disabled={busy}
        aria-label={`Renvoyer : ${subject}`}
        onClick={() => submit({ intent: "retry-mail", mailId: id })}
      >
        {busy ? "Envoi…" : "Renvoyer"}
      </button>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

export function UndeliveredMails({ mails }: { mails: UndeliveredMailView[] }) {
  if (mails.length === 0) return <p className={styles.hint}>Tous les e-mails de la boutique sont partis.</p>;
  return (
    <ul className={lists.cards} aria-label="E-mails non distribués">
      {mails.map((mail) => (
        <li key={mail.id} className={lists.card}>
          <p>
            <strong>{mail.subject}</strong>
            <br />
            {mail.kind}, à {mail.recipient}
          </p>
          <p className={styles.hint}>
            {mail.attempts} essai{mail.attempts > 1 ? "s" : ""}, le dernier le {dayMonthYear(mail.lastTryAt)}{" "}
            à {frenchTime(mail.lastTryAt)}. Réponse du serveur d'e-mail : {mail.lastError || "aucune"}
          </p>
          <RetryButton id={mail.id} subject={mail.subject} />
        </li>
      ))}
    </ul>
  );
}
