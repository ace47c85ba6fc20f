/**
 * The words a piece's name and description may use for pearls and stones (docs/product.md §5, §8;
 * décret n° 2002-65 du 14 janvier 2002 relatif au commerce des pierres gemmes et des perles).
 * Client-safe: the product form warns and refuses as the server's schema does.
 *
 * - « semi-précieux » (any gender, number, case, with or without hyphen) is forbidden by the
 *   decree: the save is refused.
 * - « perle » alone must say what the pearl is (cultured, natural, imitation, treated…): the
 *   seller is warned, never blocked — a description may already say it elsewhere in other words.
 */

export const PEARL_WORDING_MESSAGES = {
  semiPrecious:
    "Le terme « semi-précieux » est interdit par le décret n° 2002-65 : décrivez la pierre par son nom (par exemple « améthyste », « quartz rose »).",
  pearlUnqualified:
    "Attention : le décret n° 2002-65 impose de préciser la nature des perles (« perle de culture », « perle fine », « perle d'imitation », « perle traitée » ou « teintée »). Vous pouvez enregistrer, mais pensez à le préciser.",
} as const;

/** Lowercased, accents folded, so « Semi Précieuses » and « semi-precieuse » compare alike. */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const SEMI_PRECIOUS = /\bsemi[\s-]*precieu(x|se|ses)\b/;
// On the unfolded text: « perlé » and « perlée » (a beaded finish) are not pearls.
const PEARL = /(?<!\p{L})perles?(?!\p{L})/u;
// What names the pearl's kind or treatment (décret 2002-65, art. 3 and 5).
const PEARL_QUALIFIED =
  /\bperles?\s+(de\s+culture|fines?|naturelles?|d'imitation|d’imitation|imitations?|synthetiques?|traitees?|teintees?)\b|\b(culture|imitation|traitees?|teintees?|keshi)\b/;

export function hasForbiddenSemiPrecious(text: string): boolean {
  return SEMI_PRECIOUS.test(folded(text));
}

/** True when the text speaks of pearls without naming their kind or treatment anywhere. */
export function needsPearlQualifier(text: string): boolean {
  return PEARL.test(text.normalize("NFC").toLowerCase()) && !PEARL_QUALIFIED.test(folded(text));
}

/** The warning to show under the form for a name and description, or null. */
export function pearlWordingWarning(name: string, description: string): string | null {
  return needsPearlQualifier(`${name}\n${description}`) ? PEARL_WORDING_MESSAGES.pearlUnqualified : null;
}
