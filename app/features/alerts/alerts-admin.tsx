/**
 * The dashboard's « Alertes » block (docs/product.md §10.30), on the overview: how many confirmed
 * subscribers, how many new pieces wait for the next digest, when the last one left, and
 * « Mettre en pause » / « Reprendre ». A plain form without JavaScript, a fetcher with it (ADR 013).
 */
import { useFetcher } from "react-router";
import buttons from "~/components/button.module.css";
import { dayMonthYear, frenchTime } from "~/lib/dates";

export interface AlertsAdminProps {
  confirmedSubscribers: number;
  paused: boolean;
  waitingPieces: number;
  lastDigestAt: string | null;
}

/** One string, so the page reads as one sentence (no text pieces split by React). */
function summary(props: AlertsAdminProps): string {
  const n = props.confirmedSubscribers;
  const subscribers = n > 1 ? `${n} abonné(e)s confirmé(e)s` : `${n} abonné(e) confirmé(e)`;
  const last = props.lastDigestAt
    ? `${dayMonthYear(props.lastDigestAt)} à ${frenchTime(props.lastDigestAt)}`
    : "aucun";
  return `${subscribers} · ${props.waitingPieces} création(s) en attente du prochain envoi · dernier envoi : ${last}`;
}

export function AlertsAdmin(props: AlertsAdminProps) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; error?: string }>();
  return (
    <section aria-labelledby="alertes-admin">
      <h2 id="alertes-admin">Alertes « Nouvelles créations »</h2>
      <p>{summary(props)}</p>
      <p>
        {props.paused
          ? "Les envois sont en pause : les nouvelles pièces attendent la reprise."
          : "Les envois sont actifs."}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value={props.paused ? "alerts-resume" : "alerts-pause"} />
        <button type="submit" className={buttons.secondary}>
          {props.paused ? "Reprendre les envois" : "Mettre en pause les envois"}
        </button>
      </fetcher.Form>
      {fetcher.data ? (
        <p role="status">{fetcher.data.ok ? fetcher.data.message : fetcher.data.error}</p>
      ) : null}
    </section>
  );
}
