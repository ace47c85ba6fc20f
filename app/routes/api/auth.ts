/** /api/auth/* — the Better Auth endpoints the shop uses; the others answer 404 (docs/security.md). */
import { serveAuthRequest } from "~/features/auth/auth-endpoints.server";
import type { Route } from "./+types/auth";

export function loader({ request }: Route.LoaderArgs) {
  return serveAuthRequest(request);
}

export function action({ request }: Route.ActionArgs) {
  return serveAuthRequest(request);
}
