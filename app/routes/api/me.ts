/** GET /api/moi — the visitor's own part of the page: account, basket, chat counters (ADR 036). */
import { data } from "react-router";
import { visitorPart } from "~/features/shell/visitor.server";
import type { Route } from "./+types/me";

export async function loader({ request }: Route.LoaderArgs) {
  const { part, hintCookie } = await visitorPart(request);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (hintCookie) headers.append("Set-Cookie", hintCookie);
  return data(part, { headers });
}
