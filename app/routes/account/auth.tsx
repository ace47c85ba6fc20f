/**
 * /auth — login (spec §2). Signed-in visitors are sent to their space; a successful login goes to
 * ?redirectTo= when given, else by role. Works without JavaScript (a plain form post).
 */
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import buttons from "~/components/button.module.css";
import { PageIntro } from "~/components/page-intro";
import styles from "~/features/auth/auth-form.module.css";
import { LOGIN_ERROR, loginSchema, TOO_MANY_ATTEMPTS } from "~/features/auth/login-schema";
import { PasswordField } from "~/features/auth/password-field";
import { guestBasketPayload } from "~/features/basket/basket-context";
import { callAuthEndpoint, forwardCookies } from "~/server/auth-endpoints.server";
import { mergeGuestBasketFromForm } from "~/server/basket.server";
import { homeFor, redirectIfSignedIn, safeRedirectPath } from "~/server/session.server";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [
  { title: "Connexion — Nacre" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await redirectIfSignedIn(request);
  const parsed = loginSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? LOGIN_ERROR }, { status: 400 });
  }
  const { email, password, redirectTo, guestBasket } = parsed.data;
  const response = await callAuthEndpoint(request, "/sign-in/email", { email, password });
  if (response.status === 429) return data({ error: TOO_MANY_ATTEMPTS }, { status: 429 });
  if (!response.ok) return data({ error: LOGIN_ERROR }, { status: 401 });
  const body = (await response.json()) as { user?: { id?: string; role?: string | null } };
  const role = body.user?.role === "admin" ? "admin" : "user";
  if (body.user?.id) await mergeGuestBasketFromForm(body.user.id, guestBasket);
  const target = safeRedirectPath(redirectTo, homeFor({ role }));
  return redirect(target, { headers: forwardCookies(response) });
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <>
      <PageIntro eyebrow="Espace client" title="Connexion">
        <p>Retrouvez vos favoris, votre panier et la discussion avec la créatrice.</p>
      </PageIntro>
      <div className={styles.card}>
        <Form
          method="post"
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            // The guest basket travels with the login, to be merged into the account.
            const field = event.currentTarget.elements.namedItem("guestBasket");
            if (field instanceof HTMLInputElement) field.value = guestBasketPayload();
          }}
        >
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <input type="hidden" name="guestBasket" value="" />
          <div className={styles.field}>
            <label htmlFor="login-email">Email</label>
            <input id="login-email" name="email" type="email" autoComplete="email" required />
          </div>
          <PasswordField
            id="login-password"
            name="password"
            label="Mot de passe"
            autoComplete="current-password"
          />
          {actionData?.error ? (
            <p className={styles.formError} role="alert">
              {actionData.error}
            </p>
          ) : null}
          <button type="submit" className={`${buttons.primary} ${buttons.block}`} disabled={submitting}>
            {submitting ? "Connexion…" : "Se connecter"}
          </button>
        </Form>
      </div>
    </>
  );
}
