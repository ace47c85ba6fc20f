/**
 * The "Identité légale et médiation" form of /admin/parametres (docs/product.md §10.21): who runs
 * and hosts the shop, the consumer mediator the CGV name, after how long an inactive account
 * is deleted — what the mentions légales, the CGV and the privacy policy show — and the VAT regime
 * the invoices state (§10.25, ADR 026).
 */
import { type FormEvent, useId } from "react";
import { FormActions, FormError } from "~/components/admin/admin-dialog";
import lists from "~/components/admin/admin-lists.module.css";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { VAT_FRANCHISE_MENTION, VAT_RATES_BP, vatRateText } from "~/features/invoices/invoice-types";
import { parseForm } from "~/lib/form";
import { INACTIVITY_MONTHS_MAX, INACTIVITY_MONTHS_MIN, monthsInFrench } from "./legal-identity-schema";
import own from "./settings.module.css";
import { type LegalSettingsInput, legalSettingsSchema } from "./settings-schema";

type TextField = Exclude<keyof LegalSettingsInput, "inactivityMonths" | "vatFranchise" | "vatRate">;

interface FieldView {
  name: TextField;
  label: string;
  type?: "text" | "url";
  hint?: string;
  inputMode?: "numeric";
  /** A long value (a company's full name): the field takes the whole row. */
  wide?: boolean;
}

const GROUPS: { legend: string; hint?: string; fields: FieldView[] }[] = [
  {
    legend: "Exploitant",
    hint: "L'adresse postale est celle des coordonnées de la boutique.",
    fields: [
      { name: "ownerName", label: "Nom de l'exploitante ou de l'exploitant" },
      {
        name: "siret",
        label: "SIRET",
        inputMode: "numeric",
        hint: "14 chiffres, espaces acceptés (par exemple 912 345 675 00017).",
      },
      { name: "legalForm", label: "Forme juridique", wide: true },
    ],
  },
  {
    legend: "Hébergeur du site",
    fields: [
      { name: "hostName", label: "Nom de l'hébergeur" },
      { name: "hostAddress", label: "Adresse de l'hébergeur" },
    ],
  },
  {
    legend: "Médiateur de la consommation",
    hint: "Nommé dans les mentions légales et l'article 15 des CGV.",
    fields: [
      { name: "mediatorName", label: "Nom du médiateur", wide: true },
      { name: "mediatorAddress", label: "Adresse postale du médiateur" },
      {
        name: "mediatorUrl",
        label: "Site internet du médiateur",
        type: "url",
        hint: "Commence par https://",
      },
    ],
  },
];

/**
 * The VAT regime of the invoices: the franchise (a small seller, art. 293 B du CGI) or a rate, the
 * prices being all taxes included. An invoice keeps the regime it was issued under.
 */
function VatFields({ settings, id }: { settings: LegalSettingsInput; id: string }) {
  return (
    <fieldset className={own.group}>
      <legend>TVA des factures</legend>
      <div className={styles.field}>
        <label>
          <input
            type="checkbox"
            name="vatFranchise"
            defaultChecked={settings.vatFranchise}
            aria-describedby={`${id}-vatFranchise-hint`}
          />{" "}
          Franchise en base de TVA (art. 293 B du CGI)
        </label>
        <p id={`${id}-vatFranchise-hint`} className={styles.hint}>
          Cochée, les factures portent la mention « {VAT_FRANCHISE_MENTION} ». Décochée, elles détaillent le
          montant hors taxes, la TVA et le total TTC (les prix affichés comprennent la TVA). Une facture déjà
          émise ne change pas.
        </p>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-vatRate`}>Taux de TVA (hors franchise)</label>
        <select
          id={`${id}-vatRate`}
          name="vatRate"
          defaultValue={String(settings.vatRate ?? 2000)}
          aria-describedby={`${id}-vatRate-hint`}
          className={own.months}
        >
          {VAT_RATES_BP.map((rate) => (
            <option key={rate} value={String(rate)}>
              {vatRateText(rate)}
            </option>
          ))}
        </select>
        <p id={`${id}-vatRate-hint`} className={styles.hint}>
          Appliqué aux factures émises quand la franchise est décochée.
        </p>
      </div>
    </fieldset>
  );
}

export function LegalSettingsForm({ settings }: { settings: LegalSettingsInput }) {
  const id = useId();
  const { submit: post, busy, error, setError } = useAdminFetcher();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const checked = parseForm(legalSettingsSchema, body);
    if (!checked.ok) return setError(checked.firstError);
    body.set("intent", "save-legal");
    post(body);
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Identité légale et médiation">
      {/* Remounted after a save, so the fields show what was stored. */}
      <div className={styles.form} key={JSON.stringify(settings)}>
        {GROUPS.map((group) => (
          <fieldset key={group.legend} className={own.group}>
            <legend>{group.legend}</legend>
            {group.hint ? <p className={styles.hint}>{group.hint}</p> : null}
            <div className={lists.settingsGrid}>
              {group.fields.map((field) => (
                <div key={field.name} className={`${styles.field} ${field.wide ? own.wide : ""}`}>
                  <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
                  <input
                    id={`${id}-${field.name}`}
                    name={field.name}
                    type={field.type ?? "text"}
                    inputMode={field.inputMode}
                    defaultValue={settings[field.name]}
                    aria-describedby={field.hint ? `${id}-${field.name}-hint` : undefined}
                  />
                  {field.hint ? (
                    <p id={`${id}-${field.name}-hint`} className={styles.hint}>
                      {field.hint}
                    </p>
                  ) : null}
                </div>
              ))}
            </div>
          </fieldset>
        ))}
        <VatFields settings={settings} id={id} />
        <fieldset className={own.group}>
          <legend>Comptes inactifs</legend>
          <div className={styles.field}>
            <label htmlFor={`${id}-inactivityMonths`}>Suppression des comptes inactifs après (mois)</label>
            <input
              id={`${id}-inactivityMonths`}
              name="inactivityMonths"
              type="number"
              inputMode="numeric"
              min={INACTIVITY_MONTHS_MIN}
              max={INACTIVITY_MONTHS_MAX}
              step={1}
              required
              defaultValue={settings.inactivityMonths}
              aria-describedby={`${id}-inactivityMonths-hint`}
              className={own.months}
            />
            <p id={`${id}-inactivityMonths-hint`} className={styles.hint}>
              De {INACTIVITY_MONTHS_MIN} à {INACTIVITY_MONTHS_MAX} mois (aujourd'hui{" "}
              {monthsInFrench(settings.inactivityMonths)}). Le client est prévenu par e-mail 30 jours avant ;
              les comptes administrateurs ne sont jamais supprimés. La politique de confidentialité affiche
              cette durée.
            </p>
          </div>
        </fieldset>
      </div>
      <FormError error={error} />
      <FormActions label="Enregistrer l'identité légale" busy={busy} />
    </form>
  );
}
