/** /admin/commandes/:id — one order for the seller (docs/product.md §10.19): everything about it, and its next steps. */
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { AdminLoadError } from "~/components/admin/admin-load-error";
import ui from "~/components/admin/admin-ui.module.css";
import {
  DOWNLOAD_BASES,
  documentsOfOrders,
  refundableBalance,
  shopDay,
} from "~/features/invoices/invoices.server";
import { AdminOrderPage } from "~/features/orders/admin-order-page";
import { runOrderCommand } from "~/features/orders/order-command.server";
import { isEmailBlocked } from "~/features/orders/order-holds.server";
import { findOrderById } from "~/features/orders/orders.server";
import { AdminWithdrawalBlock } from "~/features/withdrawal/admin-withdrawal";
import { findAdminWithdrawal } from "~/features/withdrawal/withdrawal.server";
import { runWithdrawalCommand } from "~/features/withdrawal/withdrawal-command.server";
import { withdrawalIntentSchema } from "~/features/withdrawal/withdrawal-schema";
import { parseForm } from "~/lib/form";
import { formToObject } from "~/lib/form-data";
import { ORDER_NOT_FOUND } from "~/lib/messages";
import { privateMeta, productPath } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  privateMeta(`${loaded ? `Commande ${loaded.order.number}` : "Commande"} — Administration Nacre`);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const order = await findOrderById(db, params.id);
  if (!order) throw data({ message: ORDER_NOT_FOUND }, { status: 404 });
  // Each line links to its piece as it is now: the catalogue, the gallery once sold, nothing once deleted.
  const ids = order.lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const pieces = ids.length
    ? await db.selectFrom("products").select(["id", "slug", "is_sold"]).where("id", "in", ids).execute()
    : [];
  const pieceById = new Map(pieces.map((piece) => [piece.id, piece]));
  const { trackingToken: _private, ...shown } = order;
  return {
    order: {
      ...shown,
      lines: order.lines.map((line) => {
        const piece = line.productId ? pieceById.get(line.productId) : undefined;
        return {
          id: line.id,
          name: line.name,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
          heldQuantity: line.heldQuantity,
          href: piece ? productPath({ slug: piece.slug, isSold: piece.is_sold === 1 }) : null,
        };
      }),
    },
    holdExpired: Date.parse(order.holdExpiresAt) <= Date.now(),
    emailBlocked: await isEmailBlocked(db, order.email),
    // The invoice and credit notes, and what is left to refund (docs/product.md §10.25).
    documents: (await documentsOfOrders(db, [order.id], DOWNLOAD_BASES.admin)).get(order.id) ?? [],
    balance: await refundableBalance(db, order.id),
    today: shopDay(new Date()),
    withdrawal: await findAdminWithdrawal(db, order.id, new Date()),
  };
}

/** The page's commands (a step, the internal note): JSON to its fetchers, the page again after a plain post. */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readLimitedForm(request);
  // This page acts on its own order only, whatever the form says.
  form.set("orderId", params.id);
  // The form is read once, by schemas (ADR 031): a withdrawal's steps (docs/product.md §10.24) go to
  // the withdrawal's runner, every other intent to the order's, whose schema refuses an unknown one
  // with its French 400.
  if (parseForm(withdrawalIntentSchema, formToObject(form)).ok) return runWithdrawalCommand(form);
  return runOrderCommand(form, admin);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section>
      <AdminOrderPage
        order={loaderData.order}
        holdExpired={loaderData.holdExpired}
        emailBlocked={loaderData.emailBlocked}
        documents={loaderData.documents}
        balance={loaderData.balance}
        today={loaderData.today}
        answer={actionData ?? null}
        withdrawal={
          loaderData.withdrawal ? (
            <AdminWithdrawalBlock orderId={loaderData.order.id} withdrawal={loaderData.withdrawal} />
          ) : null
        }
      />
    </section>
  );
}

/** An unknown order is a French 404 inside the dashboard; anything else, the dashboard's load error. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <AdminLoadError />;
  return (
    <section>
      <h1>Commande introuvable</h1>
      <p className={ui.empty}>{ORDER_NOT_FOUND}</p>
      <p>
        <Link to="/admin/commandes">← Toutes les commandes</Link>
      </p>
    </section>
  );
}
