/**
 * One-time messages carried across a redirect (house style: "a short French confirmation, a toast
 * carried by a flash cookie"). Set by an action, read and cleared by the root loader.
 */
import { cookieValue } from "~/lib/cookies";

const COOKIE = "nacre_flash";

export function flashCookie(message: string): string {
  return `${COOKIE}=${encodeURIComponent(message.slice(0, 300))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export function withFlash(headers: Headers, message: string): Headers {
  headers.append("Set-Cookie", flashCookie(message));
  return headers;
}

/** The pending message, if any, and the header that clears it. */
export function readFlash(request: Request): { message: string | null; clear: string | null } {
  const value = cookieValue(request.headers.get("cookie"), COOKIE);
  if (value === null) return { message: null, clear: null };
  let message: string | null = null;
  try {
    message = decodeURIComponent(value) || null;
  } catch {
    message = null;
  }
  return { message, clear: `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
}
