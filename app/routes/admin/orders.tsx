/**
 * /admin/commandes — the seller's orders (docs/product.md §10.19): status filter and search in the URL;
 * below them, the accountant's yearly export of invoices and credit notes (§10.25).
 */
import { AdminLoadError } from "~/components/admin/admin-load-error";
import { AccountingExport } from "~/features/invoices/accounting-export";
import { documentYears } from "~/features/invoices/invoices.server";
import { AdminOrderList } from "~/features/orders/admin-order-list";
import { isOrderStatus } from "~/features/orders/order-types";
import { listOrders } from "~/features/orders/orders.server";
import { overdueRefunds, withdrawalFlags } from "~/features/withdrawal/withdrawal.server";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => privateMeta("Commandes — Administration Nacre");

/** The list shows this many orders at most, newest first; the search and the filter reach the others. */
const LIST_LIMIT = 200;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  // An unknown status is 'Toutes'; the search is cut where listOrders cuts it.
  const statut = params.get("statut");
  const status = isOrderStatus(statut) ? statut : null;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const db = getDb();
  const now = new Date();
  // Refunds past their deadline after a withdrawal (docs/product.md §10.24): a filter of their own.
  const overdue = await overdueRefunds(db, now);
  const onlyOverdue = params.get("retractation") === "en-retard";
  // One more than shown: whether others remain.
  const found = await listOrders(
    db,
    { status, query: q, ...(onlyOverdue ? { ids: overdue.map((refund) => refund.orderId) } : {}) },
    LIST_LIMIT + 1,
  );
  const flags = await withdrawalFlags(
    db,
    found.map((order) => order.id),
    now,
  );
  return {
    query: { status, q, overdue: onlyOverdue },
    overdueCount: overdue.length,
    limited: found.length > LIST_LIMIT,
    // The years the accountant's export offers (docs/product.md §10.25).
    exportYears: await documentYears(getDb()),
    orders: found.slice(0, LIST_LIMIT).map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      customerName: order.customerName,
      email: order.email,
      totalCents: order.totalCents,
      pieceCount: order.pieceCount,
      createdAt: order.createdAt,
      unconfirmed: order.unconfirmed,
      awaitingApproval: order.awaitingApproval,
      priceToConfirm: order.priceToConfirm,
      deliveryToQuote: order.deliveryToQuote,
      withdrawal: flags.get(order.id) ?? null,
    })),
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Commandes</h1>
      <p className={styles.lead}>Les commandes des clients, les plus récentes en premier.</p>
      <AdminOrderList
        orders={loaderData.orders}
        query={loaderData.query}
        limited={loaderData.limited}
        overdueCount={loaderData.overdueCount}
      />
      <AccountingExport years={loaderData.exportYears} />
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
