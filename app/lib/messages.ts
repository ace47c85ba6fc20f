/** Wording shared by several screens and capabilities (docs/product.md §1, §4, §8); a capability's own texts live in its folder (`<feature>-messages.ts`). */
export const LOADING_TEXT = "Chargement des créations...";

/** A command the route does not take (an upload route asked for a page action's command, ADR 020). */
export const UNKNOWN_ACTION = "Action inconnue.";

/** Any dashboard screen whose data could not be read. */
export const DASHBOARD_LOAD_FAILED = "Impossible de charger les données du dashboard.";

/** An order id that names no order (a stale link, a forged form): the orders' and the invoices' screens say the same. */
export const ORDER_NOT_FOUND = "Cette commande n'existe pas.";
