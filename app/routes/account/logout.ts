/** POST /deconnexion: ends the session and returns home (docs/product.md §2 account: "logout returns to home"). */
import { redirect } from "react-router";
import { callAuthEndpoint, forwardCookies } from "~/server/auth-endpoints.server";
import type { Route } from "./+types/logout";

export async function action({ request }: Route.ActionArgs) {
  const response = await callAuthEndpoint(request, "/sign-out");
  return redirect("/", { headers: forwardCookies(response) });
}

// Logging out is a mutation: never by GET (a link or an image could trigger it).
export function loader() {
  return redirect("/");
}
