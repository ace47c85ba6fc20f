/**
 * Every piece of text a visitor or the admin types goes through one of these two strings (issue
 * 16): control characters are refused with one French message, and the text is trimmed and
 * normalised to NFC. A NUL survives JavaScript's trim() but cuts SQLite's length() short, so it
 * would otherwise reach the database's CHECK constraints (and the pages, mails and logs).
 * Client-safe: the forms check the same way in the browser.
 */
import { z } from "zod";

export const CONTROL_CHARACTERS_MESSAGE = "Ce texte contient des caractères non autorisés.";

// Unicode's Cc: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F). Multi-line text keeps tab, line
// feed and carriage return.
const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINES = /[^\P{Cc}\t\n\r]/u;

export function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_EXCEPT_LINES : ANY_CONTROL).test(text);
}

type StringParams = Parameters<typeof z.string>[0];

/** A one-line field (a name, a title, an address): no control character at all. */
export function singleLineText(params?: StringParams) {
  return z
    .string(params)
    .trim()
    .normalize("NFC")
    .refine((text) => !hasControlCharacters(text), CONTROL_CHARACTERS_MESSAGE);
}

/** A text area (a message, a comment, a description): line breaks and tabs are allowed. */
export function multiLineText(params?: StringParams) {
  return z
    .string(params)
    .trim()
    .normalize("NFC")
    .refine((text) => !hasControlCharacters(text, { multiline: true }), CONTROL_CHARACTERS_MESSAGE);
}
