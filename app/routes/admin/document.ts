/**
 * GET /admin/documents/{numero} — any invoice or credit note, for the seller (docs/product.md §10.25),
 * linked from the order's page.
 */
import {
  DOWNLOAD_MESSAGES,
  downloadDocument,
  textAnswer,
} from "~/features/invoices/invoice-downloads.server";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/document";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return downloadDocument(getDb(), params.numero, { admin: true });
}

/** A download only: a POST is answered in French. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return textAnswer(DOWNLOAD_MESSAGES.methodNotAllowed, 405);
}
