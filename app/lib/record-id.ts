/**
 * The id of a stored record as a form or a command carries it (a product, an event, a user, a
 * message, a review): the shape `newId()` makes (app/server/ids.server.ts), so a forged value is
 * refused with one French message before any query. Client-safe.
 */
import { z } from "zod";

export const recordId = z.string().regex(/^[a-z0-9]{1,32}$/, "Référence inconnue.");
