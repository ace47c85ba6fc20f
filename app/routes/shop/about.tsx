import { PageIntro } from "~/components/page-intro";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [{ title: "À propos — Nacre" }];

export default function Page() {
  return (
    <PageIntro eyebrow="À propos" title="Notre histoire">
      <p>L'histoire de Nacre, de Tahiti à la Bretagne, et notre façon de travailler l'acier et la perle.</p>
    </PageIntro>
  );
}
