/**
 * /cgv/versions/{n}/pdf — one version of the CGV as the PDF the confirmation e-mail attached
 * (`CGV-v{n}.pdf`, ADR 029). Unknown numbers are a French 404.
 */
import { findCgvVersion, versionNumber } from "~/features/contract/cgv-versions.server";
import { cgvPdf, cgvPdfName } from "~/features/contract/contract-pdf.server";
import { getAppContext } from "~/server/context.server";
import type { Route } from "./+types/terms-of-sale-pdf";

export async function loader({ params }: Route.LoaderArgs) {
  const ctx = getAppContext();
  const number = versionNumber(params.numero);
  const version = number === null ? null : await findCgvVersion(ctx.db, number);
  if (!version)
    return new Response("Cette version des conditions générales de vente n'existe pas.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const pdf = await cgvPdf(version, ctx.env.PUBLIC_URL);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${cgvPdfName(version.number)}"`,
      // A version never changes once published.
      "Cache-Control": "public, max-age=86400",
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
