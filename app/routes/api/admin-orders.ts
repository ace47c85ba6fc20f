/** POST /api/admin/commandes — an order's steps and internal note (docs/product.md §10.19). Same command as the order page's action (kept for scripts and the HTTP suites). */
import { runOrderCommand } from "~/features/orders/order-command.server";
import { requireAdminApi } from "~/server/admin-guard.server";
import { apiError } from "~/server/api-responses.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/admin-orders";

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  return runOrderCommand(await readLimitedForm(request), admin);
}

/** Commands only: a GET is answered in French, not by the framework's English default. */
export function loader() {
  return apiError("Méthode non autorisée.", 405);
}
