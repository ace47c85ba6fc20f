import { useSearchParams } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { LogoutButton } from "~/features/auth/logout-button";
import { requireUser } from "~/server/session.server";
import styles from "~/styles/account.module.css";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: "Mon compte — Nacre" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { user: { name: user.name, email: user.email, username: user.username } };
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageIntro eyebrow="Espace client" title="Mon compte">
        <p>Ia ora na {user.name || user.username} !</p>
      </PageIntro>
      <div className={styles.content}>
        {searchParams.get("acces") === "refuse" ? (
          <p className={styles.notice} role="alert">
            Accès non autorisé.
          </p>
        ) : null}
        <p>
          Connecté avec <strong>{user.email}</strong>
        </p>
        <LogoutButton />
      </div>
    </>
  );
}
