/** The profile section of /mon-compte: username, name, read-only e-mail, phone, postal code, avatar. */
import { Form, useNavigation } from "react-router";
import buttons from "~/components/button.module.css";
import { Field } from "~/components/field";
import { UserIcon } from "~/components/icons";
import styles from "./account.module.css";

export interface ProfileView {
  email: string;
  username: string;
  name: string;
  phoneNumber: string;
  postalCode: string;
  avatarUrl: string | null;
}

/** The fields a customer may change, in the order of the form (the e-mail comes after the name). */
const EDITABLE = [
  { id: "profile-username", label: "Nom d'utilisateur", name: "username", required: true, maxLength: 40 },
  { id: "profile-name", label: "Nom", name: "name", maxLength: 80, autoComplete: "name" },
  {
    id: "profile-phone",
    label: "Téléphone",
    name: "phoneNumber",
    type: "tel",
    maxLength: 20,
    autoComplete: "tel",
  },
  {
    id: "profile-postal-code",
    label: "Code postal",
    name: "postalCode",
    maxLength: 10,
    autoComplete: "postal-code",
  },
] as const;

export function ProfileForm(props: { profile: ProfileView; error?: string | null; success?: string | null }) {
  const { profile } = props;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  return (
    <Form method="post" encType="multipart/form-data" className={styles.form} key={JSON.stringify(profile)}>
      <input type="hidden" name="intent" value="profile" />
      <div className={styles.avatarRow}>
        {profile.avatarUrl ? (
          <img
            src={profile.avatarUrl}
            alt="Votre avatar"
            width={100}
            height={100}
            className={styles.avatar}
          />
        ) : (
          <span className={styles.avatarEmpty} aria-hidden="true">
            <UserIcon size={40} />
          </span>
        )}
        <Field
          id="profile-avatar"
          label="Avatar (PNG, JPG, GIF ou WebP, 5 Mo au plus)"
          name="avatar"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
        />
      </div>
      <div className={styles.grid}>
        {EDITABLE.slice(0, 2).map((field) => (
          <Field key={field.name} {...field} defaultValue={profile[field.name]} />
        ))}
        <Field
          id="profile-email"
          label="Email"
          value={profile.email}
          readOnly
          hint="L'adresse email ne peut pas être modifiée."
        />
        {EDITABLE.slice(2).map((field) => (
          <Field key={field.name} {...field} defaultValue={profile[field.name]} />
        ))}
      </div>
      {props.error ? (
        <p className={styles.error} role="alert">
          {props.error}
        </p>
      ) : null}
      {props.success ? (
        <p className={styles.success} role="status">
          {props.success}
        </p>
      ) : null}
      <button type="submit" className={buttons.primary} disabled={saving}>
        {saving ? "Enregistrement…" : "Enregistrer mon profil"}
      </button>
    </Form>
  );
}
