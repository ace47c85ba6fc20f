/** /admin/mon-compte — the admin's own profile (docs/product.md §2 dashboard "my-account"), same form as /mon-compte. */
import { data, redirect } from "react-router";
import { AdminLoadError } from "~/components/admin/admin-load-error";
import { AVATAR_TOO_LARGE, getProfile, saveProfileForm } from "~/features/account/profile.server";
import { ProfileForm } from "~/features/account/profile-form";
import { AVATAR_MAX_BYTES } from "~/features/account/profile-schema";
import { LogoutButton } from "~/features/auth/logout-button";
import { imageUrl } from "~/lib/images";
import { privateMeta } from "~/lib/seo";
import { getAppContext, getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/my-account";

export const meta: Route.MetaFunction = () => privateMeta("Mon compte — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const profile = await getProfile(getDb(), admin.id);
  if (!profile) throw redirect("/auth");
  return {
    profile: {
      email: profile.email,
      username: profile.username,
      name: profile.name,
      phoneNumber: profile.phoneNumber,
      postalCode: profile.postalCode,
      avatarUrl: profile.avatar ? imageUrl("avatars", profile.avatar, "thumb") : null,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > AVATAR_MAX_BYTES + 64 * 1024) return data({ error: AVATAR_TOO_LARGE }, { status: 413 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ error: "Formulaire illisible. Veuillez réessayer." }, { status: 400 });
  }
  const outcome = await saveProfileForm(getAppContext(), admin.id, form);
  return data({ error: outcome.error ?? null, success: outcome.success ?? null }, { status: outcome.status });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Mon compte</h1>
      <p className={styles.lead}>Votre profil d'administratrice.</p>
      <ProfileForm
        profile={loaderData.profile}
        error={actionData && "error" in actionData ? actionData.error : null}
        success={actionData && "success" in actionData ? actionData.success : null}
      />
      <p className={styles.lead}>Terminer la session sur cet appareil :</p>
      <LogoutButton />
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
