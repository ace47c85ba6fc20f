/**
 * An order's contract documents, on its private page and in 'Mes commandes' (docs/product.md
 * §10.26, ADR 029): the CGV the order was concluded under (its version, as a page and as PDF) once
 * paid, the CGV in force before, and the Code's model withdrawal form (annexe à l'article R221-1).
 */
import { Link } from "react-router";

export function ContractDocuments({
  cgvVersion,
  number,
  className,
}: {
  cgvVersion: number | null;
  number: string;
  className?: string;
}) {
  const cgvPage = cgvVersion === null ? "/cgv" : `/cgv/versions/${cgvVersion}`;
  return (
    <ul className={className} aria-label={`Documents du contrat, commande ${number}`}>
      <li>
        {cgvVersion === null ? (
          <Link to="/cgv">Conditions générales de vente en vigueur</Link>
        ) : (
          <>
            <Link to={cgvPage}>
              Conditions générales de vente, version {cgvVersion} (en vigueur au paiement de la commande)
            </Link>{" "}
            —{" "}
            <a href={`/cgv/versions/${cgvVersion}/pdf`} download={`CGV-v${cgvVersion}.pdf`}>
              PDF
              <span className="visually-hidden">
                {" "}
                des conditions générales de vente, version {cgvVersion}
              </span>
            </a>
          </>
        )}
      </li>
      <li>
        <Link to={`${cgvPage}#annexe-1`}>Modèle de formulaire de rétractation</Link> —{" "}
        <a href="/formulaire-retractation.pdf" download="formulaire-retractation.pdf">
          PDF<span className="visually-hidden"> du formulaire de rétractation</span>
        </a>
      </li>
    </ul>
  );
}
