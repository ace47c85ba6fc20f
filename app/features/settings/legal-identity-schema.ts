/**
 * The checks and wording behind the "Identité légale et médiation" settings (docs/product.md
 * §10.21): the SIRET the mentions légales show, and the inactivity limit that both the privacy
 * policy states and the inactivity job applies. Client-safe: the form checks the same way.
 */

/** The inactivity limit, in months: the column's default (migration 0010) and its bounds. */
export const INACTIVITY_MONTHS_DEFAULT = 36;
export const INACTIVITY_MONTHS_MIN = 12;
export const INACTIVITY_MONTHS_MAX = 60;

/** La Poste's establishments share this SIREN and follow their own rule (see isValidSiret). */
const LA_POSTE_SIREN = "356000000";

/** "912 345 675 00017" → "91234567500017"; only spaces are allowed between the digits. */
export function compactSiret(value: string): string {
  return value.replace(/ /g, "");
}

/**
 * A SIRET is 14 digits whose Luhn sum is a multiple of 10 (INSEE's check key), spaces allowed
 * between them. La Poste's thousands of establishments outgrew the key: theirs have a plain digit
 * sum that is a multiple of 5 instead.
 */
export function isValidSiret(value: string): boolean {
  const digits = compactSiret(value);
  if (!/^\d{14}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  if (digits.startsWith(LA_POSTE_SIREN) && digits !== "35600000000048") {
    return numbers.reduce((sum, n) => sum + n, 0) % 5 === 0;
  }
  // From the right, every second digit is doubled (minus 9 when it reaches two digits).
  const luhn = numbers.reverse().reduce((sum, n, index) => {
    if (index % 2 === 0) return sum + n;
    const doubled = n * 2;
    return sum + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return luhn % 10 === 0;
}

/** A number of months as the privacy policy words it: 36 → "3 ans", 12 → "1 an", 18 → "18 mois". */
export function monthsInFrench(months: number): string {
  if (months > 0 && months % 12 === 0) {
    const years = months / 12;
    return years === 1 ? "1 an" : `${years} ans`;
  }
  return `${months} mois`;
}
