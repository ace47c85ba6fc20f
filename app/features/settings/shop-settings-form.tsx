/** The shop settings form (admin /admin/parametres): the details header, footer and contact show. */
import { type FormEvent, useId } from "react";
import { FormActions, FormError } from "~/components/admin/admin-dialog";
import lists from "~/components/admin/admin-lists.module.css";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { parseForm } from "~/lib/form";
import { shopSettingsSchema } from "./settings-schema";

export interface ShopSettingsView {
  shopName: string;
  addressLine: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  instagramUrl: string;
  facebookUrl: string;
  tiktokUrl: string;
  mapQuery: string;
  mapLatitude: string;
  mapLongitude: string;
  openingHours: string;
}

const FIELDS: { name: keyof ShopSettingsView; label: string; type?: string; wide?: boolean }[] = [
  { name: "shopName", label: "Nom de la boutique" },
  { name: "phone", label: "Téléphone", type: "tel" },
  { name: "email", label: "Email de la boutique", type: "email" },
  { name: "addressLine", label: "Adresse" },
  { name: "postalCode", label: "Code postal" },
  { name: "city", label: "Ville" },
  { name: "openingHours", label: "Horaires des commandes par téléphone", wide: true },
  { name: "instagramUrl", label: "Lien Instagram", type: "url" },
  { name: "facebookUrl", label: "Lien Facebook", type: "url" },
  { name: "tiktokUrl", label: "Lien TikTok", type: "url" },
  { name: "mapQuery", label: "Lieu affiché sur la carte" },
  { name: "mapLatitude", label: "Latitude de la carte", type: "text" },
  { name: "mapLongitude", label: "Longitude de la carte", type: "text" },
];

export function ShopSettingsForm({ settings }: { settings: ShopSettingsView }) {
  const id = useId();
  const { submit: post, busy, error, setError } = useAdminFetcher();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const checked = parseForm(shopSettingsSchema, body);
    if (!checked.ok) return setError(checked.firstError);
    body.set("intent", "save");
    post(body);
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Coordonnées de la boutique">
      {/* Remounted after a save, so the fields show what was stored (the form and its fetcher stay). */}
      <div className={lists.settingsGrid} key={JSON.stringify(settings)}>
        {FIELDS.map((field) => (
          <div key={field.name} className={styles.field}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type ?? "text"}
              defaultValue={settings[field.name]}
              required={field.name === "shopName"}
            />
          </div>
        ))}
      </div>
      <FormError error={error} />
      <FormActions label="Enregistrer les paramètres" busy={busy} />
    </form>
  );
}
