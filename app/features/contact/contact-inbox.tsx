/**
 * The contact inbox: the contact form's messages, newest first, unread ones marked; the order when
 * the message came from 'Contacter pour commander'; reply by e-mail; mark read or unread; delete.
 */
import { useState } from "react";
import { CardHead, CardList } from "~/components/admin/admin-cards";
import { ConfirmDelete, RowActions } from "~/components/admin/admin-dialog";
import lists from "~/components/admin/admin-lists.module.css";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher, usePendingIds } from "~/components/admin/use-admin-fetcher";
import buttons from "~/components/button.module.css";
import { longDate } from "~/lib/dates";
import { formatPrice } from "~/lib/format";
import { INBOX_MESSAGES } from "./contact-inbox-schema";

export interface InboxEntry {
  id: string;
  name: string;
  email: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  order: { name: string; priceCents: number; quantity: number }[] | null;
}

function replyLink(entry: InboxEntry, shopName: string) {
  const subject = entry.order ? `Votre commande — ${shopName}` : `Votre message — ${shopName}`;
  return `mailto:${entry.email}?subject=${encodeURIComponent(subject)}`;
}

function Entry({ entry, shopName, onDelete }: { entry: InboxEntry; shopName: string; onDelete: () => void }) {
  const toggle = useAdminFetcher();
  const total = entry.order?.reduce((sum, line) => sum + line.priceCents * line.quantity, 0) ?? 0;
  return (
    <article className={lists.card} data-unread={!entry.isRead} aria-label={`Message de ${entry.name}`}>
      <CardHead title={entry.name} done={entry.isRead} status={["Lu", "Non lu"]} />
      <p className={styles.hint}>
        {entry.email} · <time dateTime={entry.createdAt}>{longDate(entry.createdAt)}</time>
      </p>
      {entry.order ? (
        <section className={lists.order} aria-label="Commande">
          <p>
            <strong>Commande</strong> — total {formatPrice(total)}
          </p>
          <ul>
            {entry.order.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored, never reordered list.
              <li key={index}>
                {line.name} × {line.quantity} — {formatPrice(line.priceCents)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className={lists.text}>{entry.message}</p>
      {toggle.error ? (
        <p className={styles.error} role="alert">
          {toggle.error}
        </p>
      ) : null}
      <RowActions as="div" className={lists.cardActions} look="button" onDelete={onDelete}>
        <a className={buttons.primary} href={replyLink(entry, shopName)}>
          Répondre par email
        </a>
        <button
          type="button"
          className={buttons.secondary}
          disabled={toggle.busy}
          onClick={() => toggle.submit({ intent: "set-read", id: entry.id, read: String(!entry.isRead) })}
        >
          {entry.isRead ? "Marquer comme non lu" : "Marquer comme lu"}
        </button>
      </RowActions>
    </article>
  );
}

export function ContactInbox({ messages, shopName }: { messages: InboxEntry[]; shopName: string }) {
  const [target, setTarget] = useState<InboxEntry | null>(null);
  const deleting = usePendingIds("delete");
  const marking = usePendingIds("set-read");
  // Shown at once as the admin asked; the next loader data (or a failure) settles it.
  const shown = messages
    .filter((entry) => !deleting.has(entry.id))
    .map((entry) => {
      const read = marking.get(entry.id)?.get("read");
      return read ? { ...entry, isRead: read === "true" } : entry;
    });
  const unread = shown.filter((entry) => !entry.isRead).length;
  return (
    <>
      <p className={styles.hint}>
        {shown.length} message{shown.length > 1 ? "s" : ""}, dont {unread} non lu{unread > 1 ? "s" : ""}.
      </p>
      <CardList items={shown} empty={INBOX_MESSAGES.empty} label="Messages de contact">
        {(entry) => <Entry entry={entry} shopName={shopName} onDelete={() => setTarget(entry)} />}
      </CardList>
      {target ? (
        <ConfirmDelete
          title="Supprimer le message"
          message={<p>Supprimer définitivement le message de {target.name} ?</p>}
          fields={{ id: target.id }}
          onClose={() => setTarget(null)}
        />
      ) : null}
    </>
  );
}
