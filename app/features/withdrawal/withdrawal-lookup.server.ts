/**
 * /retractation (docs/product.md §10.24, ADR 027): anyone reaches the withdrawal function with an
 * order's number and the e-mail it was placed with. The form is shown only when both match an order
 * (the e-mail proves it is the visitor's); otherwise one neutral answer, the same for an unknown
 * number, a wrong address or a mistyped one, so the page never tells whether an order exists. Both
 * steps count against one limit per client address, which stops guessing numbers for a known address.
 */
import { formToObject } from "~/lib/form-data";
import type { AppContext } from "~/server/context.server";
import { createRateLimiter } from "~/server/rate-limit.server";
import { loadDeclarationPage, orderIdByNumberAndEmail } from "./withdrawal.server";
import { FORM_FIX, submitDeclaration } from "./withdrawal-request.server";
import { lookupSchema } from "./withdrawal-schema";
import type { DeclarationDraft, DeclarationErrors } from "./withdrawal-types";

/** Ten tries per address every ten minutes: a customer's typos pass, a guesser does not. */
export const LOOKUP_LIMIT = { scope: "retractation", max: 10, windowMs: 10 * 60_000 };

export const LOOKUP_MESSAGES = {
  neutral:
    "Aucune commande dans son délai de rétractation ne correspond à ce numéro et à cette adresse e-mail. Vérifiez-les dans l'e-mail de confirmation de votre commande, ou écrivez-nous depuis la page Contact.",
  tooMany:
    "Vous avez fait beaucoup d'essais en peu de temps : patientez dix minutes avant de réessayer, ou écrivez-nous depuis la page Contact.",
} as const;

/** What the page shows after a post. */
export type LookupAnswer =
  | {
      step: "lookup";
      status: 200 | 400 | 429;
      message: string;
      fieldErrors: { number?: string; orderEmail?: string };
      values: { number: string; orderEmail: string };
    }
  | {
      step: "form";
      status: 200 | 400 | 403 | 404 | 409;
      draft: DeclarationDraft;
      proof: { number: string; orderEmail: string };
      failed: DeclarationErrors | null;
    }
  | { step: "closed"; status: 200; message: string }
  | { step: "declared"; number: string; email: string };

const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 200) : "");

export async function answerWithdrawalLookup(
  ctx: Pick<AppContext, "db" | "outbox" | "env">,
  form: FormData,
  client: string,
  now: Date = new Date(),
): Promise<LookupAnswer> {
  const fields = formToObject(form);
  const values = { number: text(fields.number), orderEmail: text(fields.orderEmail) };
  if (!(await createRateLimiter(ctx.db, LOOKUP_LIMIT).attempt(client, now.getTime())))
    return { step: "lookup", status: 429, message: LOOKUP_MESSAGES.tooMany, fieldErrors: {}, values };
  const parsed = lookupSchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors: { number?: string; orderEmail?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "number" || field === "orderEmail") fieldErrors[field] ??= issue.message;
    }
    return { step: "lookup", status: 400, message: FORM_FIX, fieldErrors, values };
  }
  const neutral = {
    step: "lookup",
    status: 200,
    message: LOOKUP_MESSAGES.neutral,
    fieldErrors: {},
    values,
  } as const;
  const orderId = await orderIdByNumberAndEmail(ctx.db, parsed.data);
  if (!orderId) return neutral;
  const proof = { number: parsed.data.number, orderEmail: parsed.data.orderEmail };
  if (fields.intent === "declarer") {
    const outcome = await submitDeclaration(ctx, orderId, form, now);
    if (outcome.ok) return { step: "declared", number: outcome.number, email: outcome.email };
    const page = await loadDeclarationPage(ctx.db, orderId, now);
    if (page?.state !== "open")
      return {
        step: "closed",
        status: 200,
        message: page?.state === "closed" ? page.message : outcome.failed.message,
      };
    return { step: "form", status: outcome.status, draft: page.draft, proof, failed: outcome.failed };
  }
  const page = await loadDeclarationPage(ctx.db, orderId, now);
  if (!page) return neutral;
  if (page.state === "open") return { step: "form", status: 200, draft: page.draft, proof, failed: null };
  if (page.state === "declared")
    return {
      step: "closed",
      status: 200,
      message:
        "Votre rétractation de cette commande est déjà enregistrée : l'accusé de réception vous a été envoyé par e-mail.",
    };
  return { step: "closed", status: 200, message: page.message };
}
