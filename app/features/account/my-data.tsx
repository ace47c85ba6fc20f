/**
 * 'Mes données' of /mon-compte (docs/product.md §10.21): download everything the shop holds about
 * the account, or delete the account, confirmed with the current password.
 */
import { Form, useNavigation } from "react-router";
import buttons from "~/components/button.module.css";
import { Field } from "~/components/field";
import styles from "./account.module.css";
import { CLOSE_ACCOUNT_INTENT } from "./account-closing-schema";

export const MY_DATA_DOWNLOAD_PATH = "/mon-compte/mes-donnees";

export function MyDataSection(props: { isAdmin: boolean; error?: string | null }) {
  const navigation = useNavigation();
  const deleting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === CLOSE_ACCOUNT_INTENT;
  return (
    <div className={styles.dataParts}>
      <div>
        <h3>Télécharger mes données</h3>
        <p>
          Un fichier JSON avec tout ce que Nacre conserve sur votre compte : profil, panier, favoris, avis,
          messages du support, commandes, messages de contact et dates du compte.
        </p>
        <a className={buttons.secondary} href={MY_DATA_DOWNLOAD_PATH} download>
          Télécharger mes données
        </a>
      </div>

      <div className={styles.dangerZone}>
        <h3>Supprimer mon compte</h3>
        {props.isAdmin ? (
          <p>
            Un compte administrateur ne se supprime pas ici : un autre administrateur peut le faire depuis le
            tableau de bord, rubrique Utilisateurs.
          </p>
        ) : (
          <>
            <p>La suppression est immédiate et définitive. Sont effacés :</p>
            <ul>
              <li>votre profil, votre avatar et votre mot de passe ;</li>
              <li>votre panier, vos favoris et votre avis ;</li>
              <li>vos messages du support et vos messages de contact ;</li>
              <li>vos commandes non payées.</li>
            </ul>
            <p>
              Vos commandes payées sont conservées dix ans, comme la loi l'exige pour la comptabilité, mais
              anonymisées : sans votre nom, votre email, votre téléphone, votre adresse (code postal et ville
              compris), ni lien de paiement ou numéro de suivi.
            </p>
            <Form method="post" className={styles.form}>
              <input type="hidden" name="intent" value={CLOSE_ACCOUNT_INTENT} />
              <Field
                id="close-account-password"
                label="Votre mot de passe, pour confirmer"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={128}
                error={props.error}
              />
              <button type="submit" className={styles.dangerButton} disabled={deleting}>
                {deleting ? "Suppression…" : "Supprimer définitivement mon compte"}
              </button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
