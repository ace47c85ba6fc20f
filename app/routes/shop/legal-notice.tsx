/** /mentions-legales — who publishes and hosts the site (LCEN art. 6), filled from the shop settings. */

import { getLegalDocument } from "~/features/content/legal.server";
import { LegalPage } from "~/features/content/legal-page";
import { pageMeta, siteOf } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/legal-notice";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/mentions-legales",
    title: "Mentions légales — Nacre",
    description:
      "Éditeur, directrice de la publication, hébergeur, propriété intellectuelle, données personnelles et cookies du site Nacre.",
  });

// The text is app/features/content/legal/mentions-legales.md.
export async function loader() {
  return getLegalDocument(getDb(), "mentions-legales");
}

export default function LegalNoticePage({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData} />;
}
