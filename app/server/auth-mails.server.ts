/**
 * The accounts' e-mails. They are recorded in the outbox (app/server/outbox.server.ts, ADR 025) and
 * delivered by its worker, never sent inside a request: a request about an existing address must
 * answer about as fast as one about an unknown address (docs/security.md), and a slow or broken
 * mail server must not hold the visitor's answer.
 */
import type { MailMessage } from "./mail.server";

export function resetPasswordMail(user: { email: string; name?: string | null }, url: string): MailMessage {
  return {
    to: user.email,
    subject: "Nacre — réinitialisation de votre mot de passe",
    text: [
      `Bonjour ${user.name || ""},`.trim(),
      "",
      "Vous avez demandé à réinitialiser le mot de passe de votre compte Nacre.",
      "Ce lien est valable une heure et ne peut servir qu'une fois :",
      url,
      "",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail.",
      "",
      "Ia ora na, à bientôt sur Nacre.",
    ].join("\n"),
  };
}

/** Sent instead of an error when someone signs up with an address that already has an account. */
export function existingAccountMail(
  user: { email: string; name?: string | null },
  publicUrl: string,
): MailMessage {
  return {
    to: user.email,
    subject: "Nacre — tentative d'inscription avec votre adresse",
    text: [
      `Bonjour ${user.name || ""},`.trim(),
      "",
      "Quelqu'un vient d'essayer de créer un compte Nacre avec votre adresse e-mail, qui a déjà un compte.",
      "Aucun nouveau compte n'a été créé et votre compte n'a pas changé.",
      "",
      `Si c'était vous, connectez-vous : ${publicUrl}/auth`,
      `Mot de passe oublié ? Choisissez-en un nouveau : ${publicUrl}/auth?vue=oubli`,
      "",
      "Si ce n'était pas vous, ignorez simplement cet e-mail.",
      "",
      "Ia ora na, à bientôt sur Nacre.",
    ].join("\n"),
  };
}
