/**
 * One way to read a submitted form: the schema decides, and a refusal comes back as the first
 * French message of each field, ready for `Field`, with what the visitor typed so the form can be
 * filled again. Client-safe (the schema is passed in), so admin forms check with it too.
 */
import type { output, ZodType } from "zod";

/** Fields whose values are never echoed back into a page. */
const SECRET_FIELD = /password|token/i;
/** Longer values are cut when echoed: a page never reflects a huge body. */
const ECHO_MAX = 20_000;

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type FormFailure<K extends string = string> = {
  ok: false;
  /** The first message of each field that was refused. */
  fieldErrors: FieldErrors<K>;
  /** A refusal of the form as a whole (a rule over several fields with no field of its own). */
  formError?: string;
  /** The very first message, for forms that show a single one. */
  firstError: string;
  /** What was typed, as text, passwords left out. */
  values: Partial<Record<K, string>>;
};

export type FormResult<T, K extends string = string> = { ok: true; data: T } | FormFailure<K>;

export type FormInput = FormData | URLSearchParams | Record<string, unknown>;

/** The fields of a form or of a plain object; files are kept for the schema, not echoed. */
export function formFields(input: FormInput): Record<string, unknown> {
  if (input instanceof FormData || input instanceof URLSearchParams) return Object.fromEntries(input);
  return input;
}

function echo(fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string" && !SECRET_FIELD.test(name)) values[name] = value.slice(0, ECHO_MAX);
  }
  return values;
}

const FALLBACK = "Merci de corriger les champs indiqués.";

export function parseForm<S extends ZodType, K extends string = string>(
  schema: S,
  input: FormInput,
): FormResult<output<S>, K> {
  const fields = formFields(input);
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: Record<string, string> = {};
  let formError: string | undefined;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string") fieldErrors[field] ??= issue.message;
    else formError ??= issue.message;
  }
  return {
    ok: false,
    fieldErrors: fieldErrors as FieldErrors<K>,
    ...(formError ? { formError } : {}),
    firstError: parsed.error.issues[0]?.message ?? FALLBACK,
    values: echo(fields) as Partial<Record<K, string>>,
  };
}
