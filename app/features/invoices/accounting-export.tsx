/**
 * « Export comptable » on /admin/commandes (docs/product.md §10.25): a year's invoices and credit notes
 * for the accountant, as a ZIP of their PDFs with the register, or the register alone (CSV). A plain
 * GET form: the browser downloads the file, with or without JavaScript.
 */
import { useId } from "react";
import ui from "~/components/admin/admin-ui.module.css";
import buttons from "~/components/button.module.css";
import styles from "./accounting-export.module.css";

export function AccountingExport({ years }: { years: readonly number[] }) {
  const id = useId();
  return (
    <section className={styles.export} aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Export comptable</h2>
      {years.length === 0 ? (
        <p className={ui.hint}>Aucune facture pour l'instant : la première est émise au premier paiement.</p>
      ) : (
        <form method="get" action="/admin/documents/export" className={styles.form}>
          <div className={ui.field}>
            <label htmlFor={`${id}-annee`}>Année</label>
            <select id={`${id}-annee`} name="annee" defaultValue={String(years[0])}>
              {years.map((year) => (
                <option key={year} value={String(year)}>
                  {year}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="format" value="zip" className={buttons.primary}>
            Télécharger les factures et avoirs (ZIP)
          </button>
          <button type="submit" name="format" value="csv" className={buttons.secondary}>
            Télécharger le registre (CSV)
          </button>
          <p className={ui.hint}>
            Le ZIP contient chaque facture et chaque avoir de l'année en PDF et leur registre en CSV
            (séparateur point-virgule, pour Excel). Factures et avoirs sont conservés dix ans (article L123-22
            du Code de commerce).
          </p>
        </form>
      )}
    </section>
  );
}
