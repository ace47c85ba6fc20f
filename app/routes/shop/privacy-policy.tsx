/**
 * /politique-de-confidentialite — the privacy policy in 13 articles: data, purposes, retention,
 * breach procedure (CNIL within 72 hours), cookies, consent, rights and contact.
 */

import { getLegalDocument } from "~/features/content/legal.server";
import { LegalPage } from "~/features/content/legal-page";
import { pageMeta, siteOf } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/politique-de-confidentialite",
    title: "Politique de confidentialité — Nacre",
    description:
      "Quelles données Nacre collecte, pourquoi, combien de temps elles sont conservées, comment elles sont protégées et comment exercer vos droits.",
  });

// The text is app/features/content/legal/politique-de-confidentialite.md.
export async function loader() {
  return getLegalDocument(getDb(), "politique-de-confidentialite");
}

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData} />;
}
