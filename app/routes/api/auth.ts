/** /api/auth/* — Better Auth's own endpoints (sessions, sign-in, sign-up, password reset). */
import { getAuth } from "~/server/context.server";
import type { Route } from "./+types/auth";

export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
