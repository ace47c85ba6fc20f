/**
 * GET /mon-compte/documents/{numero} — an invoice or credit note of the signed-in customer's own
 * orders (docs/product.md §10.25): the account is the session's; another customer's number answers
 * 404, a visitor is sent to sign in.
 */
import {
  DOWNLOAD_MESSAGES,
  downloadDocument,
  textAnswer,
} from "~/features/invoices/invoice-downloads.server";
import { getDb } from "~/server/context.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/my-document";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return downloadDocument(getDb(), params.numero, { userId: user.id });
}

/** A download only: a POST is answered in French. */
export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  return textAnswer(DOWNLOAD_MESSAGES.methodNotAllowed, 405);
}
