/**
 * « Fabricant et sécurité » on a piece's pages (docs/product.md §2; Regulation (EU) 2023/988 on
 * general product safety, art. 19): the maker's name, postal and electronic address, the piece's
 * reference, and its safety and care text.
 */

import type { MakerIdentity } from "~/features/settings/product-safety-schema";
import styles from "./product-details.module.css";

export function ProductSafetySection({
  reference,
  safety,
}: {
  reference: string;
  safety: { maker: MakerIdentity; text: string };
}) {
  const { maker } = safety;
  return (
    <section className={styles.safety} aria-labelledby="fabricant-securite">
      <h2 id="fabricant-securite">Fabricant et sécurité</h2>
      <dl>
        <dt>Fabricant</dt>
        <dd>{maker.name}</dd>
        {maker.address ? (
          <>
            <dt>Adresse postale</dt>
            <dd>{maker.address}</dd>
          </>
        ) : null}
        {maker.email ? (
          <>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${maker.email}`}>{maker.email}</a>
            </dd>
          </>
        ) : null}
        <dt>Référence</dt>
        <dd>{reference}</dd>
      </dl>
      <h3>Informations de sécurité et d'entretien</h3>
      {safety.text.split(/\n\s*\n/).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}
