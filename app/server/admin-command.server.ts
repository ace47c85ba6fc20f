/**
 * One admin command, run by the dashboard page's action that takes it (ADR 013; no api/admin/* twin
 * since ADR 020): the form is checked by the command's schema, run, and answered in JSON — { ok,
 * message } or { ok: false, error } with a 4xx; a crash is logged and answered with the command's
 * own French failure (a refused write with a French 4xx), never the framework's English page.
 */
import { z } from "zod";
import { parseForm } from "~/lib/form";
import { formToObject } from "~/lib/form-data";
import { UNKNOWN_ACTION } from "~/lib/messages";
import { actionFailed, apiError, formRefused } from "./api-responses.server";

type CommandResult = { ok: true; message: string } | { ok: false; status: number; error: string };

export interface AdminCommand<S extends z.ZodType> {
  schema: S;
  apply: (command: z.output<S>) => Promise<CommandResult>;
  failure: (command: z.output<S>) => string;
  /** Logged with a crash, for the shop's owner reading the server's output. */
  label: string;
}

export async function runAdminCommand<S extends z.ZodType>(form: FormData, command: AdminCommand<S>) {
  const parsed = parseForm(command.schema, formToObject(form));
  if (!parsed.ok) return formRefused(parsed);
  try {
    const result = await command.apply(parsed.data);
    return result.ok ? result : apiError(result.error, result.status);
  } catch (error) {
    // A write the database refuses is about the data sent: a French 4xx (docs/security.md).
    return actionFailed(error, command.failure(parsed.data), command.label);
  }
}

/**
 * The one command of the upload routes (ADR 020: set-sold, delete and the rest are their pages'
 * actions): any other intent is refused before the fields are read.
 */
export const uploadSaveIntent = z.object({ intent: z.literal("save", { error: UNKNOWN_ACTION }) });
