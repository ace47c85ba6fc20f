/**
 * The « Nouvelles créations » form's texts (docs/product.md §10.30): the consent sentence, whose
 * exact words and version are recorded with every subscription (RGPD art. 7-1), and the form's
 * name. Kept apart from the schema so the footer's form, on every page, carries no validation code.
 */

/** Bump the version whenever the sentence changes: subscriptions keep the one they accepted. */
export const ALERT_CONSENT_VERSION = "2026-11-27";
export const ALERT_CONSENT_TEXT =
  "J'accepte de recevoir par e-mail, au plus une fois par jour, les nouvelles créations de la boutique. " +
  "Je peux me désinscrire à tout moment par le lien présent dans chaque e-mail.";

export const ALERT_FORM_NAME = "alertes";
