/**
 * GET /commande/{jeton}/documents/{numero} — an invoice or credit note of the order behind a guest's
 * private link (docs/product.md §10.25): the link is the key, as for the order's page; a number of
 * another order answers 404.
 */
import {
  DOWNLOAD_MESSAGES,
  downloadDocument,
  textAnswer,
} from "~/features/invoices/invoice-downloads.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/order-document";

export async function loader({ params }: Route.LoaderArgs) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(params.jeton)) return textAnswer(DOWNLOAD_MESSAGES.notFound, 404);
  return downloadDocument(getDb(), params.numero, { trackingToken: params.jeton });
}

/** A download only: a POST is answered in French. */
export function action() {
  return textAnswer(DOWNLOAD_MESSAGES.methodNotAllowed, 405);
}
