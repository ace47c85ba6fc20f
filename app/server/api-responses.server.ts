/** JSON answers of the resource routes: French messages, 4xx for the caller's mistakes. */
import { data } from "react-router";
import type { ZodError } from "zod";
import type { FormFailure } from "~/lib/form";
import { CONSTRAINT_MESSAGE, constraintStatus, isConstraintViolation } from "./db-errors.server";
import { getOptionalUser, type SessionUser } from "./session.server";

export function apiError(message: string, status: number) {
  return data({ ok: false as const, error: message }, { status });
}

export function invalidInput(error: ZodError) {
  return apiError(error.issues[0]?.message ?? "Requête invalide.", 400);
}

/** A form `parseForm` refused (docs/product.md §8): its first French message, 400. */
export function formRefused(failure: FormFailure) {
  return apiError(failure.firstError, 400);
}

/**
 * What an action answers when its work threw: data the database refused (a constraint) is the
 * caller's French 4xx; anything else is logged under `label` and answered with `message`, 500.
 */
export function actionFailed(error: unknown, message: string, label: string) {
  if (isConstraintViolation(error)) return apiError(CONSTRAINT_MESSAGE, constraintStatus(error));
  console.error(label, error);
  return apiError(message, 500);
}

/** Runs an action whose writes may throw: a refused write answers a French 4xx, not the framework's 500. */
export async function refusingInvalidWrites<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (isConstraintViolation(error)) throw apiError(CONSTRAINT_MESSAGE, constraintStatus(error));
    throw error;
  }
}

/** Resource routes answer 401 (not a redirect) when nobody is signed in. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw apiError("Veuillez vous connecter.", 401);
  return user;
}

/** Form posts and fetch calls both reach actions; read either without trusting the content type. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body = await request.json();
      return body && typeof body === "object" && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : null;
    }
    if (type.includes("form")) return Object.fromEntries(await request.formData());
  } catch {
    return null;
  }
  return null;
}

/**
 * A page form's fields; an unreadable body (not a form, broken encoding) reads as an empty form, so
 * the form's own schema answers with its French messages instead of the framework failing.
 */
export async function readFormFields(request: Request): Promise<Record<string, FormDataEntryValue>> {
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    return {};
  }
}
