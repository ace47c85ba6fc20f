import { PageIntro } from "~/components/page-intro";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [{ title: "Contact — Nacre" }];

export default function Page() {
  return (
    <PageIntro eyebrow="Une question, une commande ?" title="Contact">
      <p>Écrivez-nous : nous répondons avec un lien de paiement sécurisé pour finaliser votre commande.</p>
    </PageIntro>
  );
}
