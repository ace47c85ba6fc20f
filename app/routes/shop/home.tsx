import { PageIntro } from "~/components/page-intro";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Accueil — Nacre" }];

export default function Page() {
  return (
    <PageIntro eyebrow="Bijoux faits main" title="IA ORA NA ET MAEVA">
      <p>Des bijoux en acier inoxydable et perles de Tahiti, façonnés à la main au bord de l'océan.</p>
    </PageIntro>
  );
}
