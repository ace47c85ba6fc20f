/**
 * « Flux produits » on the settings page (docs/product.md §10.28): the two addresses the seller pastes
 * into Google Merchant Center and Meta's Commerce Manager, how many pieces they list, and each piece
 * they leave out with why (no price, no picture), linked to its editor in the product manager.
 */
import { useState } from "react";
import { Link } from "react-router";
import lists from "~/components/admin/admin-lists.module.css";
import styles from "~/components/admin/admin-ui.module.css";
import type { LeftOutReason } from "./feeds-messages";
import panel from "./feeds-panel.module.css";

export interface FeedsPanelData {
  addresses: { google: string; meta: string };
  listed: number;
  leftOut: { id: string; name: string; reasons: LeftOutReason[]; editPath: string }[];
}

/** An address in a read-only field (selectable without JavaScript) with a copy button. */
function FeedAddress({ id, label, address }: { id: string; label: string; address: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch (error) {
      // Without the clipboard (an insecure origin, a refusal) the field stays there to select.
      console.warn("Copie impossible", error);
    }
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={panel.address}>
        <input id={id} type="url" readOnly value={address} onFocus={(event) => event.target.select()} />
        <button
          type="button"
          className={styles.linkButton}
          onClick={copy}
          aria-label={`Copier l'adresse du ${label}`}
        >
          {copied ? "Copiée" : "Copier"}
        </button>
      </div>
    </div>
  );
}

export function FeedsPanel({ feeds }: { feeds: FeedsPanelData }) {
  const listed = `${feeds.listed} ${feeds.listed > 1 ? "pièces listées" : "pièce listée"}`;
  return (
    <div className={lists.card}>
      <FeedAddress id="flux-google" label="Flux Google Merchant Center" address={feeds.addresses.google} />
      <FeedAddress id="flux-meta" label="Flux Meta (Facebook et Instagram)" address={feeds.addresses.meta} />
      <p>
        <strong>{listed}</strong> dans chaque flux, pièces vendues comprises (en rupture de stock).
      </p>
      {feeds.leftOut.length === 0 ? (
        <p className={styles.hint}>Toutes les pièces ont un prix et une photo : aucune n'est écartée.</p>
      ) : (
        <>
          <h3 id="pieces-ecartees">
            {feeds.leftOut.length > 1
              ? `${feeds.leftOut.length} pièces écartées des flux`
              : "1 pièce écartée des flux"}
          </h3>
          <p className={styles.hint}>
            Google et Meta exigent un prix et une photo : ajoutez-les pour que la pièce y figure.
          </p>
          <ul className={lists.cards} aria-labelledby="pieces-ecartees">
            {feeds.leftOut.map((piece) => (
              <li key={piece.id} className={panel.leftOut}>
                <Link to={piece.editPath}>{piece.name}</Link>
                <span>{piece.reasons.join(" · ")}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
