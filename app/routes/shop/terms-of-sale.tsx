/**
 * /cgv — the terms of sale: ordering through the contact page and a secure payment link, delivery,
 * the 14-day withdrawal right, legal guarantees, archiving, mediation, and the annexes (withdrawal
 * form, legal texts). The text in force, with its version number and the day it took effect (ADR 029).
 */

import { LegalPage } from "~/features/content/legal-page";
import { cgvVersionDocument, currentCgvVersion } from "~/features/contract/cgv-versions.server";
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

// The text is app/features/content/legal/cgv.md, filled from the settings; a change is a new version.
export async function loader() {
  return cgvVersionDocument(await currentCgvVersion(getDb()));
}

export default function TermsOfSalePage({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData} />;
}
