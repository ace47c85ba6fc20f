import { PageIntro } from "~/components/page-intro";
import type { Route } from "./+types/catalogue";

export const meta: Route.MetaFunction = () => [{ title: "Catalogue — Nacre" }];

export default function Page() {
  return (
    <PageIntro eyebrow="Catalogue" title="Nos créations">
      <p>Toutes les pièces disponibles, faites main et souvent uniques.</p>
    </PageIntro>
  );
}
