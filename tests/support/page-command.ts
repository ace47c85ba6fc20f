/**
 * A dashboard command posted as the page's fetcher posts it (ADR 013, ADR 020): a POST to the page's
 * URL with React Router's `.data` suffix (single fetch), whose answer is the action's own data in
 * React Router's stream format, decoded here with React Router's own decoder. The tests then read
 * what the dashboard reads: { ok, message } or { ok: false, error } with the action's status, or
 * the redirect a guard sent (a visitor to /auth, a customer to /mon-compte?acces=refuse), which a
 * single-fetch answer carries in its body (HTTP 202) instead of a Location header.
 */
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

export type CommandAnswer =
  | { status: number; body: Record<string, unknown>; location: null }
  | { status: number; body: null; location: string };

/** The fields of a form as a multipart body, a list field given as an array (upload routes only). */
export function formData(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  }
  return data;
}

/** The fields of a form urlencoded, as a fetcher sends a form without a file (ADR 013). */
export function urlEncoded(fields: Record<string, string | string[]>): URLSearchParams {
  const data = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  }
  return data;
}

/** `/admin/avis` → `/admin/avis.data`, a query string kept after the suffix. */
function dataUrl(origin: string, path: string): string {
  const url = new URL(path, origin);
  url.pathname = `${url.pathname}.data`;
  return url.toString();
}

/**
 * Posts `fields` to the page action at `path` (e.g. "/admin/avis") as `cookie`'s holder, from the
 * shop's own origin. A redirect is answered as its own status (302) and location.
 */
export async function postCommand(
  origin: string,
  path: string,
  fields: Record<string, string | string[]> | FormData | URLSearchParams,
  cookie = "",
): Promise<CommandAnswer> {
  const response = await fetch(dataUrl(origin, path), {
    method: "POST",
    redirect: "manual",
    headers: { origin, ...(cookie ? { cookie } : {}) },
    body: fields instanceof FormData || fields instanceof URLSearchParams ? fields : urlEncoded(fields),
  });
  if (!response.body) throw new Error(`${path} : réponse sans corps (${response.status})`);
  const decoded = await decodeViaTurboStream(response.body, globalThis);
  await decoded.done;
  const value = decoded.value as {
    data?: Record<string, unknown>;
    redirect?: string;
    status?: number;
  };
  if (typeof value.redirect === "string")
    return { status: value.status ?? 302, body: null, location: value.redirect };
  if (!value.data) throw new Error(`${path} : réponse inattendue ${JSON.stringify(value)}`);
  return { status: response.status, body: value.data, location: null };
}
