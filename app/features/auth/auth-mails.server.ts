/**
 * The accounts' e-mails. They are recorded in the outbox (app/server/outbox.server.ts, ADR 025) and
 * delivered by its worker, never sent inside a request: a request about an existing address must
 * answer about as fast as one about an unknown address (docs/security.md), and a slow or broken
 * mail server must not hold the visitor's answer.
 */
import { composeMail } from "~/features/mail/compose-mail.server";
import { greetingFor } from "~/features/mail/mail-template";
import type { MailMessage } from "~/server/mail.server";

const SIGNATURE = "Ia ora na, à bientôt sur Nacre.";

export function resetPasswordMail(
  user: { email: string; name?: string | null },
  url: string,
  publicUrl: string,
): MailMessage {
  return composeMail({
    to: user.email,
    subject: "Nacre — réinitialisation de votre mot de passe",
    brand: { shopName: "Nacre", publicUrl },
    title: "Réinitialiser votre mot de passe",
    preview: "Un lien valable une heure pour choisir un nouveau mot de passe.",
    greeting: greetingFor(user.name),
    blocks: [
      {
        kind: "action",
        intro:
          "Vous avez demandé à réinitialiser le mot de passe de votre compte Nacre. Ce lien est valable une heure et ne peut servir qu'une fois :",
        label: "Choisir un nouveau mot de passe",
        url,
      },
      {
        kind: "text",
        lines: ["Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail."],
      },
    ],
    signature: SIGNATURE,
  });
}

/** Sent instead of an error when someone signs up with an address that already has an account. */
export function existingAccountMail(
  user: { email: string; name?: string | null },
  publicUrl: string,
): MailMessage {
  return composeMail({
    to: user.email,
    subject: "Nacre — tentative d'inscription avec votre adresse",
    brand: { shopName: "Nacre", publicUrl },
    title: "Votre adresse a déjà un compte",
    preview: "Aucun nouveau compte n'a été créé et votre compte n'a pas changé.",
    greeting: greetingFor(user.name),
    blocks: [
      {
        kind: "text",
        lines: [
          "Quelqu'un vient d'essayer de créer un compte Nacre avec votre adresse e-mail, qui a déjà un compte.",
          "Aucun nouveau compte n'a été créé et votre compte n'a pas changé.",
        ],
      },
      {
        kind: "action",
        intro: "Si c'était vous, connectez-vous :",
        label: "Me connecter",
        url: `${publicUrl}/auth`,
      },
      {
        kind: "action",
        intro: "Mot de passe oublié ? Choisissez-en un nouveau :",
        label: "Choisir un nouveau mot de passe",
        url: `${publicUrl}/auth?vue=oubli`,
      },
      { kind: "text", lines: ["Si ce n'était pas vous, ignorez simplement cet e-mail."] },
    ],
    signature: SIGNATURE,
  });
}
