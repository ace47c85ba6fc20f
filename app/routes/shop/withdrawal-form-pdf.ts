/**
 * /formulaire-retractation.pdf — the Code's model withdrawal form (annexe à l'article R221-1),
 * addressed to the seller as the settings give her today (ADR 029): the file the confirmation
 * e-mail attaches, reachable from every order's page and from the CGV's annexe 1.
 */

import { getLegalDetails, withdrawalAddressee } from "~/features/content/legal.server";
import { WITHDRAWAL_FORM_PDF_NAME, withdrawalFormPdf } from "~/features/contract/contract-pdf.server";
import { getDb } from "~/server/context.server";

export async function loader() {
  const pdf = await withdrawalFormPdf(withdrawalAddressee(await getLegalDetails(getDb())));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${WITHDRAWAL_FORM_PDF_NAME}"`,
      // The seller's details may change: never kept stale for long.
      "Cache-Control": "public, max-age=300",
    },
  });
}

/** A download only: a POST is answered in French, not by the framework's English default. */
export async function action() {
  return new Response("Méthode non autorisée.", {
    status: 405,
    headers: { "Content-Type": "text/plain; charset=utf-8", Allow: "GET" },
  });
}
