/**
 * /reinitialiser-mot-de-passe — the page the reset e-mail leads to (Better Auth checks the token
 * and redirects here with it): choose a new password. The link works once and expires after an
 * hour; every existing session of the account ends.
 */
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import buttons from "~/components/button.module.css";
import { PageIntro } from "~/components/page-intro";
import { callAuthEndpoint } from "~/features/auth/auth-endpoints.server";
import styles from "~/features/auth/auth-form.module.css";
import { resetSchema, TOO_MANY_ATTEMPTS } from "~/features/auth/auth-schemas";
import { PasswordField } from "~/features/auth/password-field";
import { parseForm } from "~/lib/form";
import { readFormFields } from "~/server/api-responses.server";
import { withFlash } from "~/server/flash.server";
import type { Route } from "./+types/reset-password";

const EXPIRED = "Ce lien de réinitialisation n'est plus valable. Demandez-en un nouveau.";
export const RESET_DONE = "Votre mot de passe a été modifié. Vous pouvez vous connecter.";

export const meta: Route.MetaFunction = () => [
  { title: "Nouveau mot de passe — Nacre" },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(resetSchema, await readFormFields(request));
  if (!parsed.ok) return data({ error: parsed.firstError }, { status: 400 });
  const response = await callAuthEndpoint(request, "/reset-password", {
    newPassword: parsed.data.password,
    token: parsed.data.token,
  });
  if (response.status === 429) return data({ error: TOO_MANY_ATTEMPTS }, { status: 429 });
  if (!response.ok) return data({ error: EXPIRED }, { status: 400 });
  return redirect("/auth", { headers: withFlash(new Headers(), RESET_DONE) });
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const token = searchParams.get("token");
  const invalid = !token || searchParams.get("error") !== null;
  return (
    <>
      <PageIntro eyebrow="Espace client" title="Nouveau mot de passe" />
      <div className={styles.card}>
        {invalid ? (
          <div className={styles.form}>
            <p className={styles.formError} role="alert">
              {EXPIRED}
            </p>
            <Link to="/auth?vue=oubli" className={`${buttons.secondary} ${buttons.block}`}>
              Recevoir un nouveau lien
            </Link>
          </div>
        ) : (
          <Form method="post" className={styles.form}>
            <input type="hidden" name="token" value={token} />
            <PasswordField
              id="reset-password"
              name="password"
              label="Nouveau mot de passe"
              autoComplete="new-password"
            />
            <PasswordField
              id="reset-password-confirm"
              name="passwordConfirm"
              label="Confirmation du mot de passe"
              autoComplete="new-password"
            />
            {actionData?.error ? (
              <p className={styles.formError} role="alert">
                {actionData.error}
              </p>
            ) : null}
            <button
              type="submit"
              className={`${buttons.primary} ${buttons.block}`}
              disabled={navigation.state === "submitting"}
            >
              Enregistrer le mot de passe
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
