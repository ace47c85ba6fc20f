import { PageIntro } from "~/components/page-intro";
import type { Route } from "./+types/gallery";

export const meta: Route.MetaFunction = () => [{ title: "Galerie — Nacre" }];

export default function Page() {
  return (
    <PageIntro eyebrow="Galerie" title="Galerie des créations vendues">
      <p>Les pièces qui ont déjà trouvé leur propriétaire, pour l'inspiration.</p>
    </PageIntro>
  );
}
