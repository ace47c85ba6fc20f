import { PageIntro } from "~/components/page-intro";
import type { Route } from "./+types/agenda";

export const meta: Route.MetaFunction = () => [{ title: "Agenda — Nacre" }];

export default function Page() {
  return (
    <PageIntro eyebrow="Agenda" title="Agenda des Événements">
      <p>Marchés, salons et ateliers où venir découvrir les créations.</p>
    </PageIntro>
  );
}
