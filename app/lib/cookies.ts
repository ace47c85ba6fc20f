/**
 * One cookie's value read from a `Cookie` header (RFC 6265: `name=value` pairs joined by `; `), or
 * null when the header does not carry it. Values are returned as sent, undecoded.
 */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(/;\s*/)) {
    if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1);
  }
  return null;
}
