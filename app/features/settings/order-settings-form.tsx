/**
 * The "Commandes et notifications" form of /admin/parametres (docs/product.md §10.19, §10.20): how
 * long an order holds its pieces, how many one client may hold without the seller's approval (ADR
 * 022), and which e-mails the shop's address receives.
 */
import { type FormEvent, useId } from "react";
import { FormActions, FormError } from "~/components/admin/admin-dialog";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { parseForm } from "~/lib/form";
import own from "./settings.module.css";
import {
  HOLD_CAP_MAX,
  HOLD_CAP_MIN,
  HOLD_DAYS_MAX,
  HOLD_DAYS_MIN,
  NOTIFICATION_SWITCHES,
  type OrderSettingsInput,
  orderSettingsSchema,
} from "./settings-schema";

export function OrderSettingsForm({
  settings,
  shopEmail,
}: {
  settings: OrderSettingsInput;
  shopEmail: string;
}) {
  const id = useId();
  const { submit: post, busy, error, setError } = useAdminFetcher();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const checked = parseForm(orderSettingsSchema, body);
    if (!checked.ok) return setError(checked.firstError);
    body.set("intent", "save-orders");
    post(body);
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Commandes et notifications">
      {/* Remounted after a save, so the fields show what was stored. */}
      <div className={styles.form} key={JSON.stringify(settings)}>
        <div className={styles.field}>
          <label htmlFor={`${id}-holdDays`}>Durée de réservation des pièces (jours)</label>
          <input
            id={`${id}-holdDays`}
            name="holdDays"
            type="number"
            inputMode="numeric"
            min={HOLD_DAYS_MIN}
            max={HOLD_DAYS_MAX}
            step={1}
            required
            defaultValue={settings.holdDays}
            aria-describedby={`${id}-holdDays-hint`}
            className={own.holdDays}
          />
          <p id={`${id}-holdDays-hint`} className={styles.hint}>
            Les pièces d'une commande restent réservées pendant cette durée, de {HOLD_DAYS_MIN} à{" "}
            {HOLD_DAYS_MAX} jours, tant qu'elle n'est ni payée ni annulée.
          </p>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-holdCap`}>Pièces réservées par client sans votre accord</label>
          <input
            id={`${id}-holdCap`}
            name="holdCap"
            type="number"
            inputMode="numeric"
            min={HOLD_CAP_MIN}
            max={HOLD_CAP_MAX}
            step={1}
            required
            defaultValue={settings.holdCap}
            aria-describedby={`${id}-holdCap-hint`}
            className={own.holdDays}
          />
          <p id={`${id}-holdCap-hint`} className={styles.hint}>
            Un même client (compte, adresse e-mail ou connexion) ne réserve pas plus de pièces à la fois, de{" "}
            {HOLD_CAP_MIN} à {HOLD_CAP_MAX} ; les autres restent dans sa commande, en attente de votre
            validation. Sans confirmation de son adresse e-mail, une commande ne réserve ses pièces que deux
            heures.
          </p>
        </div>
        <fieldset className={`${styles.choices} ${own.switches}`}>
          <legend>E-mails envoyés à la boutique</legend>
          <p className={styles.hint}>
            {shopEmail ? (
              <>
                Envoyés à <strong>{shopEmail}</strong>, l'e-mail de la boutique.
              </>
            ) : (
              "Renseignez l'e-mail de la boutique ci-dessus pour les recevoir."
            )}
          </p>
          {NOTIFICATION_SWITCHES.map((item) => (
            <label key={item.name} className={`${styles.choice} ${own.choice}`}>
              <input type="checkbox" name={item.name} defaultChecked={settings[item.name]} />
              {item.label}
            </label>
          ))}
        </fieldset>
      </div>
      <FormError error={error} />
      <FormActions label="Enregistrer les réglages" busy={busy} />
    </form>
  );
}
