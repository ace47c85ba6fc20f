/**
 * Zod's built-in messages in French. Our schemas word the messages users normally see (spec §8);
 * this covers what a forged or malformed request can still reach ("Entrée invalide : …"), so no
 * answer is ever in English. Imported for its effect by the root route and the server entry.
 */
import { z } from "zod";

z.config(z.locales.fr());
