/** Pieces shared by the seller's order list and order page: the status badge, the dates. */
import { frenchTime, longDate } from "~/lib/dates";
import styles from "./admin-orders.module.css";
import { ORDER_STATUS_LABELS, type OrderStatus } from "./order-types";

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={styles.status} data-status={status}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

const shortDateFormat = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/Paris",
});

/** "12 déc. 2026, 10h00": the list's compact date, in the shop's time zone. */
export function shortDateTime(iso: string): string {
  return `${shortDateFormat.format(new Date(iso))}, ${frenchTime(iso)}`;
}

/** "samedi 12 décembre 2026 à 10h00" */
export function longDateTime(iso: string): string {
  return `${longDate(iso)} à ${frenchTime(iso)}`;
}
