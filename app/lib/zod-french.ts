/**
 * Zod's built-in messages in French. Our schemas word the messages users normally see (docs/product.md §8);
 * this covers what a forged or malformed request can still reach ("Entrée invalide : …"), so no
 * answer is ever in English. Imported for its effect by the server entry, and in the browser by the
 * schema modules and the admin layout (not by the root route: pages without a form skip zod).
 */
import { z } from "zod";

z.config(z.locales.fr());
