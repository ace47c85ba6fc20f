/** GET /api/moi — the visitor's own part of the page: account, basket, chat counters (ADR 036). */
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { BASKET_ACTION } from "~/features/basket/basket-context";
import { visitorPart } from "~/features/shell/visitor.server";
import type { Route } from "./+types/me";

/**
 * Asked again after every basket write: it carries the lists the page shows, while the basket forms
 * ask no page loader again (`defaultShouldRevalidate={false}` in basket-context.tsx, ADR 036).
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === BASKET_ACTION) return true;
  return defaultShouldRevalidate;
}

/**
 * In the browser: a request that fails on the network (the connection not back yet when the
 * browser says it is online) gives nothing, and the page keeps what it showed — a failed fetcher
 * would put the error page in the page's place.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const { part, hintCookie } = await visitorPart(request);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (hintCookie) headers.append("Set-Cookie", hintCookie);
  return data(part, { headers });
}
