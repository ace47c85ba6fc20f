import { PageIntro } from "~/components/page-intro";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = () => [{ title: "Politique de confidentialité — Nacre" }];

export default function Page() {
  return (
    <PageIntro eyebrow="Informations légales" title="Politique de Confidentialité">
      <p>Comment nous protégeons vos données personnelles.</p>
    </PageIntro>
  );
}
