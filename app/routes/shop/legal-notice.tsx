import { PageIntro } from "~/components/page-intro";
import type { Route } from "./+types/legal-notice";

export const meta: Route.MetaFunction = () => [{ title: "Mentions légales — Nacre" }];

export default function Page() {
  return (
    <PageIntro eyebrow="Informations légales" title="Mentions Légales">
      <p>L'éditeur du site, son hébergeur et les conditions d'utilisation.</p>
    </PageIntro>
  );
}
