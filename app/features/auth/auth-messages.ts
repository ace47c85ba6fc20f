/**
 * The sign-in page's own messages, apart from the schemas: the page shows the mismatch as it is typed,
 * and importing it from auth-schemas.ts would ship zod to the browser (26 KB gzipped, ADR 009).
 */
export const PASSWORDS_MISMATCH = "Les mots de passe ne correspondent pas.";
