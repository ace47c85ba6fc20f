/**
 * The declaration of withdrawal (docs/product.md §10.24, D221-5): the customer's name, the order's
 * number, the e-mail for the acknowledgement (prefilled, editable), the pieces concerned (all ticked
 * by default, at least one) and an optional reason, then a separate « Confirmer la rétractation ».
 * A plain form post: it works without JavaScript, and the server checks everything again.
 */
import { Form } from "react-router";
import buttons from "~/components/button.module.css";
import { Field, FieldError } from "~/components/field";
import styles from "./withdrawal.module.css";
import { PIECES_FIELD, REASON_MAX } from "./withdrawal-schema";
import {
  type DeclarationDraft,
  type DeclarationErrors,
  frenchDay,
  WITHDRAWAL_CONFIRM,
  WITHDRAWAL_DAYS,
} from "./withdrawal-types";

export function DeclarationForm({
  draft,
  failed,
  hidden = {},
}: {
  draft: DeclarationDraft;
  /** The server's refusal of a previous post, with what was typed. */
  failed?: DeclarationErrors | null;
  /** Fields the page needs back (the /retractation look-up's number and e-mail). */
  hidden?: Record<string, string>;
}) {
  const ticked = failed?.values.pieces ?? draft.lines.map((line) => line.id);
  const errors = failed?.fieldErrors ?? {};
  return (
    <Form method="post" className={styles.form} aria-labelledby="declaration-titre">
      <h2 id="declaration-titre">Déclaration de rétractation</h2>
      <p>
        Je renonce au contrat de vente de la commande{" "}
        <strong className={styles.number}>{draft.number}</strong>
        {draft.lastDay
          ? `, dans le délai de rétractation qui court jusqu'au ${frenchDay(draft.lastDay)} inclus.`
          : `, dans le délai de rétractation (${WITHDRAWAL_DAYS} jours après la livraison).`}
      </p>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value="declarer" />
      <Field
        id="retractation-nom"
        label="Votre nom"
        name="name"
        autoComplete="name"
        required
        maxLength={120}
        defaultValue={failed?.values.name ?? draft.customerName}
        error={errors.name}
      />
      <Field
        id="retractation-email"
        label="Adresse e-mail pour l'accusé de réception"
        type="email"
        name="email"
        autoComplete="email"
        required
        maxLength={200}
        defaultValue={failed?.values.email ?? draft.email}
        error={errors.email}
        hint="Nous y envoyons aussitôt l'accusé de réception, avec le contenu de votre déclaration, sa date et son heure."
      />
      <fieldset
        className={styles.pieces}
        aria-describedby={errors.pieces ? "retractation-pieces-error" : undefined}
      >
        <legend>Pièces concernées</legend>
        {draft.lines.map((line) => (
          <label key={line.id}>
            <input
              type="checkbox"
              name={PIECES_FIELD}
              value={line.id}
              defaultChecked={ticked.includes(line.id)}
            />
            {line.name} × {line.quantity}
          </label>
        ))}
        <FieldError id="retractation-pieces-error" error={errors.pieces} />
      </fieldset>
      <Field
        id="retractation-motif"
        label="Motif (facultatif)"
        error={errors.reason}
        hint="Vous n'avez pas à justifier votre décision."
      >
        {(control) => (
          <textarea
            {...control}
            name="reason"
            rows={4}
            maxLength={REASON_MAX}
            defaultValue={failed?.values.reason ?? ""}
          />
        )}
      </Field>
      {failed?.message ? (
        <p className={styles.error} role="alert">
          {failed.message}
        </p>
      ) : null}
      <button type="submit" className={buttons.primary}>
        {WITHDRAWAL_CONFIRM}
      </button>
    </Form>
  );
}
