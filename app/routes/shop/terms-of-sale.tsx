import { PageIntro } from "~/components/page-intro";
import type { Route } from "./+types/terms-of-sale";

export const meta: Route.MetaFunction = () => [{ title: "Conditions générales de vente — Nacre" }];

export default function Page() {
  return (
    <PageIntro eyebrow="Informations légales" title="Conditions Générales de Vente">
      <p>Les conditions applicables à toute commande passée auprès de Nacre.</p>
    </PageIntro>
  );
}
