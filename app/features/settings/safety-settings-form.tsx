/**
 * The "Sécurité des produits" form of /admin/parametres (docs/product.md §2 "Fabricant et
 * sécurité", §10.5; Regulation (EU) 2023/988, art. 19): the safety and care text every piece's page
 * shows unless the piece has its own.
 */
import { type FormEvent, useId } from "react";
import { FormActions, FormError } from "~/components/admin/admin-dialog";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { parseForm } from "~/lib/form";
import { SAFETY_INFO_MAX } from "./product-safety-schema";
import { type SafetySettingsInput, safetySettingsSchema } from "./settings-schema";

export function SafetySettingsForm({ settings }: { settings: SafetySettingsInput }) {
  const id = useId();
  const { submit: post, busy, error, setError } = useAdminFetcher();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const checked = parseForm(safetySettingsSchema, body);
    if (!checked.ok) return setError(checked.firstError);
    body.set("intent", "save-safety");
    post(body);
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Sécurité des produits">
      {/* Remounted after a save, so the field shows what was stored. */}
      <div className={styles.field} key={settings.safetyInfo}>
        <label htmlFor={`${id}-safetyInfo`}>Informations de sécurité et d'entretien par défaut</label>
        <textarea
          id={`${id}-safetyInfo`}
          name="safetyInfo"
          rows={10}
          maxLength={SAFETY_INFO_MAX}
          required
          defaultValue={settings.safetyInfo}
          aria-describedby={`${id}-safetyInfo-hint`}
        />
        <p id={`${id}-safetyInfo-hint`} className={styles.hint}>
          Affichées sur la page de chaque création, sauf si elle a ses propres informations. Une ligne vide
          sépare les paragraphes.
        </p>
      </div>
      <FormError error={error} />
      <FormActions label="Enregistrer les informations de sécurité" busy={busy} />
    </form>
  );
}
