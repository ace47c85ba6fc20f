import crypto from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A 15-character random id (the record-id shape of docs/product.md §3), unguessable and URL-safe. */
export function newId(length = 15): string {
  const bytes = crypto.randomBytes(length);
  let id = "";
  // 256 % 36 leaves a small bias; rejecting bytes >= 252 removes it.
  for (let i = 0; id.length < length; i++) {
    if (i >= bytes.length) return id + newId(length - id.length);
    const byte = bytes[i] as number;
    if (byte < 252) id += ALPHABET[byte % 36];
  }
  return id;
}

/** Timestamps are stored as ISO-8601 text (app/server/db-schema.server.ts). */
export function nowIso(): string {
  return new Date().toISOString();
}
