/**
 * /auth (docs/product.md §2): login, signup and forgot-password views on one page (?vue=inscription|oubli, so
 * the toggles work without JavaScript). Signed-in visitors are sent to their space; after login
 * or signup the guest basket of the `nacre_panier` cookie joins the account (ADR 032) and the
 * visitor goes to ?redirectTo= or by role.
 */
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import buttons from "~/components/button.module.css";
import { Field } from "~/components/field";
import { PageIntro } from "~/components/page-intro";
import { callAuthEndpoint, forwardCookies, opensSession } from "~/features/auth/auth-endpoints.server";
import styles from "~/features/auth/auth-form.module.css";
import { PASSWORDS_MISMATCH } from "~/features/auth/auth-messages";
import {
  forgotSchema,
  LOGIN_ERROR,
  loginSchema,
  RESET_SEND_ERROR,
  RESET_SENT,
  SIGNUP_ERROR,
  SIGNUP_SUCCESS,
  signupSchema,
  TOO_MANY_ATTEMPTS,
} from "~/features/auth/auth-schemas";
import { PasswordField } from "~/features/auth/password-field";
import { mergeGuestBasketAtSignIn } from "~/features/basket/guest-basket.server";
import { parseForm } from "~/lib/form";
import { accountHintCookie } from "~/server/account-hint.server";
import { readFormFields } from "~/server/api-responses.server";
import { withFlash } from "~/server/flash.server";
import { homeFor, redirectIfSignedIn, safeRedirectPath } from "~/server/session.server";
import type { Route } from "./+types/auth";

type View = "connexion" | "inscription" | "oubli";

export const RESET_PAGE = "/reinitialiser-mot-de-passe";

export const meta: Route.MetaFunction = () => [
  { title: "Connexion — Nacre" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return null;
}

function failure(view: View, error: string, status: number) {
  return data({ view, error, success: null as string | null }, { status });
}

export async function action({ request }: Route.ActionArgs) {
  await redirectIfSignedIn(request);
  const form = await readFormFields(request);

  if (form.intent === "forgot") {
    const parsed = parseForm(forgotSchema, form);
    if (!parsed.ok) return failure("oubli", "Veuillez saisir votre adresse email.", 400);
    const response = await callAuthEndpoint(request, "/request-password-reset", {
      email: parsed.data.email,
      redirectTo: RESET_PAGE,
    });
    if (response.status === 429) return failure("oubli", TOO_MANY_ATTEMPTS, 429);
    if (!response.ok) return failure("oubli", RESET_SEND_ERROR, 400);
    // Same answer whether or not an account exists: no account enumeration.
    return { view: "oubli" as View, error: null, success: RESET_SENT };
  }

  if (form.intent === "signup") {
    const parsed = parseForm(signupSchema, form);
    if (!parsed.ok) return failure("inscription", parsed.firstError, 400);
    const { name, email, password, redirectTo } = parsed.data;
    // Only these fields reach Better Auth: role, verification and the rest are never taken from a form.
    const response = await callAuthEndpoint(request, "/sign-up/email", { name, email, password });
    if (response.status === 429) return failure("inscription", TOO_MANY_ATTEMPTS, 429);
    // A taken address gets the same 200 as a new one but no session (docs/security.md): the form
    // then says what any failed signup says, and the owner of the address is told by e-mail.
    if (!response.ok || !opensSession(response)) {
      console.error(`Inscription refusée (${response.status})`);
      return failure("inscription", SIGNUP_ERROR, 400);
    }
    const body = (await response.json()) as { user?: { id?: string } };
    const headers = withFlash(forwardCookies(response), SIGNUP_SUCCESS);
    // The header shows the account from the next page's first paint (ADR 036).
    headers.append("Set-Cookie", accountHintCookie({ role: "user" }));
    if (body.user?.id) await mergeGuestBasketAtSignIn(request, body.user.id, headers);
    return redirect(safeRedirectPath(redirectTo, "/mon-compte"), { headers });
  }

  const parsed = parseForm(loginSchema, form);
  if (!parsed.ok) return failure("connexion", parsed.firstError, 400);
  const { email, password, redirectTo } = parsed.data;
  const response = await callAuthEndpoint(request, "/sign-in/email", { email, password });
  if (response.status === 429) return failure("connexion", TOO_MANY_ATTEMPTS, 429);
  if (!response.ok) return failure("connexion", LOGIN_ERROR, 401);
  const body = (await response.json()) as { user?: { id?: string; role?: string | null } };
  const role = body.user?.role === "admin" ? "admin" : "user";
  const headers = forwardCookies(response);
  headers.append("Set-Cookie", accountHintCookie({ role }));
  if (body.user?.id) await mergeGuestBasketAtSignIn(request, body.user.id, headers);
  return redirect(safeRedirectPath(redirectTo, homeFor({ role })), { headers });
}

function viewHref(view: View, redirectTo: string | null): string {
  const params = new URLSearchParams();
  if (view !== "connexion") params.set("vue", view);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const search = params.toString();
  return search ? `/auth?${search}` : "/auth";
}

function Message({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) {
    return (
      <p className={styles.formError} role="alert">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p className={styles.formSuccess} role="status">
        {success}
      </p>
    );
  }
  return null;
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const redirectTo = searchParams.get("redirectTo");
  const requested = searchParams.get("vue");
  const view: View =
    actionData?.view ?? (requested === "inscription" || requested === "oubli" ? requested : "connexion");
  const title =
    view === "inscription" ? "Créer un compte" : view === "oubli" ? "Mot de passe oublié" : "Connexion";
  const feedback = actionData?.view === view ? actionData : null;
  const [mismatch, setMismatch] = useState(false);

  return (
    <>
      <PageIntro eyebrow="Espace client" title={title}>
        <p>Retrouvez vos favoris, votre panier et la discussion avec la créatrice.</p>
      </PageIntro>
      <div className={styles.card}>
        {view !== "oubli" ? (
          <nav className={styles.switch} aria-label="Connexion ou inscription">
            <Link
              to={viewHref("connexion", redirectTo)}
              aria-current={view === "connexion" ? "page" : undefined}
              replace
            >
              Se connecter
            </Link>
            <Link
              to={viewHref("inscription", redirectTo)}
              aria-current={view === "inscription" ? "page" : undefined}
              replace
            >
              Créer un compte
            </Link>
          </nav>
        ) : null}

        {view === "connexion" ? (
          <Form method="post" className={styles.form} key="connexion">
            <input type="hidden" name="intent" value="login" />
            <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
            <Field id="login-email" label="Email" name="email" type="email" autoComplete="email" required />
            <PasswordField
              id="login-password"
              name="password"
              label="Mot de passe"
              autoComplete="current-password"
            />
            <Message error={feedback?.error} />
            <button type="submit" className={`${buttons.primary} ${buttons.block}`} disabled={submitting}>
              {submitting ? "Connexion…" : "Se connecter"}
            </button>
            <Link to={viewHref("oubli", redirectTo)} className={styles.secondaryLink}>
              Mot de passe oublié ?
            </Link>
          </Form>
        ) : null}

        {view === "inscription" ? (
          <Form
            method="post"
            className={styles.form}
            key="inscription"
            onSubmit={(event) => {
              // docs/product.md §5, said at once: the server checks it again for browsers without JavaScript.
              const form = new FormData(event.currentTarget);
              if (form.get("password") !== form.get("passwordConfirm")) {
                event.preventDefault();
                setMismatch(true);
                return;
              }
              setMismatch(false);
            }}
          >
            <input type="hidden" name="intent" value="signup" />
            <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
            <Field id="signup-name" label="Nom" name="name" type="text" autoComplete="name" maxLength={80} />
            <Field id="signup-email" label="Email" name="email" type="email" autoComplete="email" required />
            <PasswordField
              id="signup-password"
              name="password"
              label="Mot de passe"
              autoComplete="new-password"
            />
            <PasswordField
              id="signup-password-confirm"
              name="passwordConfirm"
              label="Confirmation du mot de passe"
              autoComplete="new-password"
            />
            <Message error={mismatch ? PASSWORDS_MISMATCH : feedback?.error} />
            <button type="submit" className={`${buttons.primary} ${buttons.block}`} disabled={submitting}>
              {submitting ? "Inscription…" : "Créer mon compte"}
            </button>
          </Form>
        ) : null}

        {view === "oubli" ? (
          <Form method="post" className={styles.form} key="oubli">
            <input type="hidden" name="intent" value="forgot" />
            <p>
              Indiquez l'adresse de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de
              passe.
            </p>
            <Field id="forgot-email" label="Email" name="email" type="email" autoComplete="email" required />
            <Message error={feedback?.error} success={feedback?.success} />
            <button type="submit" className={`${buttons.primary} ${buttons.block}`} disabled={submitting}>
              {submitting ? "Envoi…" : "Recevoir le lien"}
            </button>
            <Link to={viewHref("connexion", redirectTo)} className={styles.secondaryLink}>
              ← Retour à la connexion
            </Link>
          </Form>
        ) : null}
      </div>
    </>
  );
}
