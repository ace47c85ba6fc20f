/**
 * A posted declaration of withdrawal, from whichever page offers the function (the guest's private
 * link, 'Mes commandes', /retractation): the form checked by its schema, then recorded by
 * declareWithdrawal. A refusal comes back with French messages and what was typed, for the form.
 */
import { formToObject } from "~/lib/form-data";
import type { AppContext } from "~/server/context.server";
import { type Declared, declareWithdrawal } from "./withdrawal.server";
import { type DeclarationField, declarationSchema, PIECES_FIELD } from "./withdrawal-schema";
import type { DeclarationErrors } from "./withdrawal-types";

export const FORM_FIX = "Merci de corriger les champs indiqués.";

export type DeclarationOutcome =
  | Declared
  | { ok: false; status: 400 | 403 | 404 | 409; failed: DeclarationErrors };

function echo(fields: Record<string, unknown>): DeclarationErrors["values"] {
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 2000) : undefined);
  const pieces = fields[PIECES_FIELD];
  return {
    name: text(fields.name),
    email: text(fields.email),
    reason: text(fields.reason),
    pieces: Array.isArray(pieces)
      ? pieces.filter((p): p is string => typeof p === "string").slice(0, 50)
      : [],
  };
}

export async function submitDeclaration(
  ctx: Pick<AppContext, "db" | "outbox" | "env">,
  orderId: string,
  form: FormData,
  now: Date = new Date(),
): Promise<DeclarationOutcome> {
  const fields = formToObject(form, [PIECES_FIELD]);
  const parsed = declarationSchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<DeclarationField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "name" || field === "email" || field === PIECES_FIELD || field === "reason")
        fieldErrors[field] ??= issue.message;
    }
    return { ok: false, status: 400, failed: { message: FORM_FIX, fieldErrors, values: echo(fields) } };
  }
  const declared = await declareWithdrawal(ctx, orderId, parsed.data, now);
  if (declared.ok) return declared;
  return {
    ok: false,
    status: declared.status,
    failed: { message: declared.message, fieldErrors: {}, values: echo(fields) },
  };
}

/** What the customer reads once the declaration is recorded (a flash after the redirect). */
export function declaredMessage(number: string, email: string): string {
  return `Votre rétractation de la commande ${number} est enregistrée. L'accusé de réception part à l'instant à ${email}.`;
}
