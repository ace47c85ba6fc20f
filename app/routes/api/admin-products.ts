/**
 * POST /api/admin/produits — the product saves with their image files (intent: save), uploaded
 * through XMLHttpRequest for its progress events, which a page action's fetcher does not give;
 * set-sold and delete are the /admin/produits action's commands only (ADR 020);
 * GET ?id= — one product for the shop pages' inline editor; GET ?q= — the manager's search.
 * Multipart: a save carries the new image files; the body is size-capped while it streams.
 */

import { PRODUCT_LIST_FIELDS, productFields } from "~/features/catalogue/admin/product-schema";
import { getReferenceLists } from "~/features/catalogue/catalogue.server";
import { PRODUCT_MESSAGES } from "~/features/catalogue/catalogue-messages";
import { getAdminProduct, type ProductResult, saveProduct } from "~/features/catalogue/product-admin.server";
import { findPieces, SEARCH_QUERY_MAX_LENGTH } from "~/features/search/search.server";
import { parseForm } from "~/lib/form";
import { formToObject } from "~/lib/form-data";
import { recordId } from "~/lib/record-id";
import { uploadSaveIntent } from "~/server/admin-command.server";
import { requireAdminApi, requireAdminReader } from "~/server/admin-guard.server";
import { actionFailed, apiError, formRefused } from "~/server/api-responses.server";
import { getAppContext, getDb } from "~/server/context.server";
import { filesOf, readLimitedForm, UploadRejectedError } from "~/server/uploads.server";
import type { Route } from "./+types/admin-products";

function answer(result: ProductResult) {
  return result.ok ? result : apiError(result.error, result.status);
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const form = await readLimitedForm(request);
  const intent = parseForm(uploadSaveIntent, formToObject(form));
  if (!intent.ok) return formRefused(intent);
  const parsed = parseForm(productFields, formToObject(form, PRODUCT_LIST_FIELDS));
  if (!parsed.ok) return formRefused(parsed);
  try {
    return answer(await saveProduct(getAppContext(), parsed.data, filesOf(form, "files")));
  } catch (error) {
    if (error instanceof UploadRejectedError) return apiError(error.message, error.status);
    return actionFailed(error, PRODUCT_MESSAGES.updateFailed, "Enregistrement du produit impossible");
  }
}

/**
 * GET ?id= — one product with every option of its four relation lists: what the inline editor of
 * the shop pages loads when an admin presses 'Modifier' (visitors' pages never carry it).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminReader(request);
  const params = new URL(request.url).searchParams;
  // GET ?q= — the product manager's search: the shop's own (ADR 019), every match, best first.
  const search = params.get("q");
  if (search !== null) {
    const { hits } = await findPieces(getDb(), search.slice(0, SEARCH_QUERY_MAX_LENGTH));
    return { ok: true, query: search, ids: hits.map((hit) => hit.id) };
  }
  const id = recordId.safeParse(params.get("id") ?? "");
  if (!id.success) return apiError("Précisez le produit à modifier.", 400);
  const db = getDb();
  const [product, references] = await Promise.all([getAdminProduct(db, id.data), getReferenceLists(db)]);
  if (!product) return apiError(PRODUCT_MESSAGES.notFound, 404);
  return { ok: true, product, references };
}
