/**
 * An order's invoice and credit notes as links to their PDFs (docs/product.md §10.25): on the guest's
 * order page, in 'Mes commandes' and on the seller's order page. Each is a plain download link: it
 * works without JavaScript.
 */
import { dayMonthYear } from "~/lib/dates";
import { formatPrice } from "~/lib/format";
import type { DocumentLink } from "./invoice-types";

export function DocumentList({
  documents,
  className,
}: {
  documents: readonly DocumentLink[];
  className?: string;
}) {
  if (documents.length === 0) return null;
  return (
    <ul className={className} aria-label="Factures et avoirs">
      {documents.map((document) => (
        <li key={document.number}>
          <a href={document.href} download={`${document.number}.pdf`} type="application/pdf">
            {document.label} {document.number} (PDF)
          </a>{" "}
          <span>
            du {dayMonthYear(document.issuedAt)}, {document.kind === "avoir" ? "remboursé " : ""}
            {formatPrice(document.totalCents)}
          </span>
        </li>
      ))}
    </ul>
  );
}
