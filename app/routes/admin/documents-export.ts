/**
 * GET /admin/documents/export?annee=2026&format=zip|csv — the accountant's yearly export
 * (docs/product.md §10.25): every invoice and credit note of the year as PDFs in a ZIP with their
 * register, or the register alone as a CSV. Offered on /admin/commandes.
 */
import { DOWNLOAD_MESSAGES, exportYear, textAnswer } from "~/features/invoices/invoice-downloads.server";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/documents-export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  return exportYear(getDb(), params.get("annee"), params.get("format"));
}

/** A download only: a POST is answered in French. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return textAnswer(DOWNLOAD_MESSAGES.methodNotAllowed, 405);
}
