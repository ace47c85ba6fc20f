/**
 * The « Livraison » form of /admin/parametres (docs/product.md §10.28, ADR 028): a parcel's rate per
 * zone (empty: « sur devis », the seller gives the cost on the order's page before the payment link)
 * and the amount from which delivery is free. The order form, the orders and the CGV's article 7 read
 * them; a handover or an event pick-up is always free.
 */
import { type FormEvent, useId } from "react";
import { FormActions, FormError } from "~/components/admin/admin-dialog";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import {
  DELIVERY_ZONE_LABELS,
  type DeliveryRates,
  type DeliveryZone,
} from "~/features/delivery/delivery-types";
import { parseForm } from "~/lib/form";
import own from "./settings.module.css";
import { deliverySettingsSchema } from "./settings-schema";

const FIELDS: readonly { zone: DeliveryZone; name: string }[] = [
  { zone: "france", name: "rateFrance" },
  { zone: "outre_mer", name: "rateOutreMer" },
  { zone: "ue", name: "rateUe" },
  { zone: "monde", name: "rateMonde" },
];

/** 690 → « 6,90 »: how the seller typed it; null → empty. */
function euros(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2).replace(".", ",");
}

export function DeliverySettingsForm({ rates }: { rates: DeliveryRates }) {
  const id = useId();
  const { submit: post, busy, error, setError } = useAdminFetcher();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const checked = parseForm(deliverySettingsSchema, body);
    if (!checked.ok) return setError(checked.firstError);
    body.set("intent", "save-delivery");
    post(body);
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Livraison">
      {/* Remounted after a save, so the fields show what was stored. */}
      <div className={styles.form} key={JSON.stringify(rates)}>
        <fieldset className={own.group}>
          <legend>Envoi postal : tarif par zone (€)</legend>
          <p id={`${id}-rates-hint`} className={styles.hint}>
            Laissez vide pour « sur devis » : vous indiquez alors les frais sur la page de la commande, avant
            d'envoyer le lien de paiement.
          </p>
          {FIELDS.map((field) => (
            <div key={field.name} className={styles.field}>
              <label htmlFor={`${id}-${field.name}`}>{DELIVERY_ZONE_LABELS[field.zone]}</label>
              <input
                id={`${id}-${field.name}`}
                name={field.name}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                maxLength={20}
                defaultValue={euros(rates.zones[field.zone])}
                aria-describedby={`${id}-rates-hint`}
                className={own.holdDays}
              />
            </div>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-freeFrom`}>Livraison offerte à partir de (€)</label>
          <input
            id={`${id}-freeFrom`}
            name="freeFrom"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            defaultValue={euros(rates.freeFromCents)}
            aria-describedby={`${id}-freeFrom-hint`}
            className={own.holdDays}
          />
          <p id={`${id}-freeFrom-hint`} className={styles.hint}>
            Total des pièces à partir duquel l'envoi postal est offert, dans toutes les zones ; vide : jamais.
            La remise en main propre et le retrait lors d'un événement sont toujours gratuits.
          </p>
        </div>
      </div>
      <FormError error={error} />
      <FormActions label="Enregistrer les tarifs de livraison" busy={busy} />
    </form>
  );
}
