/**
 * /cgv — the terms of sale: ordering through the contact page and a secure payment link, delivery,
 * the 14-day withdrawal right, legal guarantees, archiving, mediation, and the annexes (withdrawal
 * form, legal texts).
 */

import { getLegalDocument } from "~/features/content/legal.server";
import { LegalPage } from "~/features/content/legal-page";
import { pageMeta, siteOf } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/terms-of-sale";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/cgv",
    title: "Conditions générales de vente — Nacre",
    description:
      "Commande par la page Contact et lien de paiement sécurisé, livraison, droit de rétractation de 14 jours, garanties légales : les conditions de vente de Nacre.",
  });

// The text is app/features/content/legal/cgv.md.
export async function loader() {
  return getLegalDocument(getDb(), "cgv");
}

export default function TermsOfSalePage({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData} />;
}
