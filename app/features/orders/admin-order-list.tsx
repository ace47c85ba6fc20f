/**
 * The seller's list of orders (docs/product.md §10.19): newest first, filtered by status (links)
 * and searched (a GET form) — all in the URL, so it is shareable and works without JavaScript.
 */
import { Form, Link } from "react-router";
import ui from "~/components/admin/admin-ui.module.css";
import buttons from "~/components/button.module.css";
import { formatPrice, TOTAL_TO_CONFIRM } from "~/lib/format";
import { OrderStatusBadge, shortDateTime } from "./admin-order-parts";
import styles from "./admin-orders.module.css";
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  type OrderSummary,
  type WithdrawalFlag,
} from "./order-types";

/** One row of the list: an order of `listOrders` with where its withdrawal stands (docs/product.md §10.24). */
export type OrderRow = Omit<OrderSummary, "statusLabel" | "lineCount"> & {
  withdrawal: WithdrawalFlag | null;
};

export interface OrderListQuery {
  status: OrderStatus | null;
  q: string;
  /** Only the refunds overdue after a withdrawal. */
  overdue: boolean;
}

const WITHDRAWAL_FLAGS: Record<WithdrawalFlag, string> = {
  "en-cours": "Rétractation",
  "en-retard": "Remboursement en retard",
  remboursee: "Rétractation remboursée",
};

/** The list's address for a status, keeping the search. */
function listUrl(status: OrderStatus | null, q: string): string {
  const params = new URLSearchParams();
  if (status) params.set("statut", status);
  if (q) params.set("q", q);
  const search = params.toString();
  return search ? `/admin/commandes?${search}` : "/admin/commandes";
}

function StatusTabs({ query }: { query: OrderListQuery }) {
  const tabs: { status: OrderStatus | null; label: string }[] = [
    { status: null, label: "Toutes" },
    ...ORDER_STATUSES.map((status) => ({ status, label: ORDER_STATUS_LABELS[status] })),
  ];
  return (
    <nav aria-label="Filtrer par statut">
      <ul className={styles.tabs}>
        {tabs.map((tab) => (
          <li key={tab.label}>
            <Link
              to={listUrl(tab.status, query.q)}
              aria-current={tab.status === query.status ? "page" : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Search({ query }: { query: OrderListQuery }) {
  return (
    <Form method="get" role="search" aria-label="Rechercher une commande" className={styles.search}>
      {query.status ? <input type="hidden" name="statut" value={query.status} /> : null}
      <div className={ui.field}>
        <label htmlFor="orders-q">Rechercher</label>
        <input
          id="orders-q"
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Numéro, client, email ou création"
          maxLength={100}
        />
      </div>
      <button type="submit" className={buttons.secondary}>
        Rechercher
      </button>
    </Form>
  );
}

function emptyText(query: OrderListQuery): string {
  if (query.overdue) return "Aucun remboursement en retard.";
  if (query.q) return `Aucune commande ne correspond à « ${query.q} ».`;
  if (query.status) return `Aucune commande « ${ORDER_STATUS_LABELS[query.status]} » pour le moment.`;
  return "Aucune commande pour le moment.";
}

export function AdminOrderList({
  orders,
  query,
  limited,
  overdueCount,
}: {
  orders: OrderRow[];
  query: OrderListQuery;
  /** More orders match than the list shows. */
  limited: boolean;
  /** Refunds past their deadline after a withdrawal (docs/product.md §10.24). */
  overdueCount: number;
}) {
  return (
    <>
      <StatusTabs query={query} />
      <Search query={query} />
      {overdueCount > 0 && !query.overdue ? (
        <p className={styles.flag}>
          <Link to="/admin/commandes?retractation=en-retard">
            {overdueCount} remboursement{overdueCount > 1 ? "s" : ""} en retard après une rétractation
          </Link>
        </p>
      ) : null}
      {query.overdue ? (
        <p className={ui.hint}>
          Remboursements en retard après une rétractation.{" "}
          <Link to="/admin/commandes">Toutes les commandes</Link>
        </p>
      ) : null}
      <p className={ui.hint} aria-live="polite">
        {orders.length} commande{orders.length > 1 ? "s" : ""}
        {query.status || query.q ? ` trouvée${orders.length > 1 ? "s" : ""}` : ""}.
        {limited ? " Seules les plus récentes sont affichées : affinez avec la recherche ou le statut." : ""}
      </p>
      {orders.length === 0 ? (
        <p className={ui.empty}>{emptyText(query)}</p>
      ) : (
        <div className={ui.tableWrap}>
          <table className={`${ui.table} ${styles.orderTable}`}>
            <caption className="visually-hidden">Commandes, de la plus récente à la plus ancienne</caption>
            <thead>
              <tr>
                <th scope="col">Commande</th>
                <th scope="col">Client</th>
                <th scope="col" className={styles.numeric}>
                  Total
                </th>
                <th scope="col" className={styles.statusColumn}>
                  Statut
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/admin/commandes/${order.id}`} className={styles.number}>
                      {order.number}
                    </Link>
                    <span className={styles.sub}>
                      <time dateTime={order.createdAt}>{shortDateTime(order.createdAt)}</time>
                    </span>
                    {order.unconfirmed ? <span className={styles.flag}>E-mail non confirmé</span> : null}
                    {order.awaitingApproval ? <span className={styles.flag}>À valider</span> : null}
                    {order.priceToConfirm && order.status === "nouvelle" ? (
                      <span className={styles.flag}>Prix à fixer</span>
                    ) : null}
                    {order.deliveryToQuote ? <span className={styles.flag}>Livraison à chiffrer</span> : null}
                    {order.withdrawal ? (
                      <span className={styles.flag} data-withdrawal={order.withdrawal}>
                        {WITHDRAWAL_FLAGS[order.withdrawal]}
                      </span>
                    ) : null}
                    {/* On a phone the status moves here, its column hidden: the table then fits. */}
                    <span className={styles.statusInline}>
                      <OrderStatusBadge status={order.status} />
                    </span>
                  </th>
                  <td className={styles.breakable}>
                    {order.customerName}
                    <span className={styles.sub}>{order.email}</span>
                  </td>
                  <td className={styles.numeric}>
                    {order.priceToConfirm === "all"
                      ? TOTAL_TO_CONFIRM
                      : `${formatPrice(order.totalCents)}${order.priceToConfirm || order.deliveryToQuote ? ` + ${TOTAL_TO_CONFIRM}` : ""}`}
                    <span className={styles.sub}>
                      {order.pieceCount} pièce{order.pieceCount > 1 ? "s" : ""}
                    </span>
                  </td>
                  <td className={styles.statusColumn}>
                    <OrderStatusBadge status={order.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
