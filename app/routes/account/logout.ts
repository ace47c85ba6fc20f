/** POST /deconnexion: ends the session and returns home (docs/product.md §2 account: "logout returns to home"). */
import { redirect } from "react-router";
import { callAuthEndpoint, forwardCookies } from "~/features/auth/auth-endpoints.server";
import { accountHintCookie } from "~/server/account-hint.server";
import type { Route } from "./+types/logout";

export async function action({ request }: Route.ActionArgs) {
  const response = await callAuthEndpoint(request, "/sign-out");
  const headers = forwardCookies(response);
  // The header shows "Connexion" again from the next page's first paint (ADR 036).
  headers.append("Set-Cookie", accountHintCookie(null));
  return redirect("/", { headers });
}

// Logging out is a mutation: never by GET (a link or an image could trigger it).
export function loader() {
  return redirect("/");
}
