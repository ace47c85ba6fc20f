/**
 * An account's last activity (docs/product.md §10.21): the inactivity job counts from it. It is
 * written when a signed-in user is seen (a page or API read) and at sign-in, at most once an hour
 * per user: a conditional UPDATE keeps the instances sharing a database from writing twice, and an
 * in-memory note keeps a busy visitor's pages from costing a write each. Activity also withdraws an
 * inactivity warning: the account is counted again from now.
 */
import type { DB } from "~/server/database.server";
import { perDatabase } from "~/server/per-database.server";

export const ACTIVITY_WRITE_EVERY_MS = 60 * 60_000;
/** The in-memory notes are forgotten past this many users (their writes are then re-checked in SQL). */
const MAX_REMEMBERED_USERS = 10_000;

/** What went wrong, without the message (it may quote the query's values). */
function errorKind(error: unknown): string {
  if (!error || typeof error !== "object") return "erreur";
  const { code, name } = error as { code?: unknown; name?: unknown };
  return String(code ?? name ?? "erreur");
}

/**
 * One instance's recorder. It never throws and never moves the time backwards; a failed write is
 * logged by its kind only (no user id, no address) and tried again at the next sighting. The
 * in-memory note is for page reads; a sign-in (`{ signIn: true }`, rare) always asks the database,
 * whose conditional UPDATE alone keeps it at one write an hour.
 */
export function createActivityRecorder(everyMs = ACTIVITY_WRITE_EVERY_MS) {
  const lastWrite = new Map<string, number>();
  return async function recordActivity(
    db: DB,
    userId: string,
    now: Date = new Date(),
    options: { signIn?: boolean } = {},
  ): Promise<void> {
    const time = now.getTime();
    const previous = lastWrite.get(userId);
    if (!options.signIn && previous !== undefined && time >= previous && time - previous < everyMs) return;
    if (lastWrite.size >= MAX_REMEMBERED_USERS) lastWrite.clear();
    lastWrite.set(userId, time);
    try {
      await db
        .updateTable("users")
        .set({ last_active_at: now.toISOString(), inactivity_warned_at: null })
        .where("id", "=", userId)
        .where((eb) =>
          eb.or([
            eb("last_active_at", "is", null),
            eb("last_active_at", "<", new Date(time - everyMs).toISOString()),
          ]),
        )
        .execute();
    } catch (error) {
      lastWrite.delete(userId);
      console.error(`[activité] dernière activité non enregistrée : ${errorKind(error)}`);
    }
  };
}

/** The instance's recorder: the session lookup and the sign-in hook call it. */
const activityRecorderOf = perDatabase(() => createActivityRecorder());
export const recordActivity: ReturnType<typeof createActivityRecorder> = (db, ...rest) =>
  activityRecorderOf(db)(db, ...rest);

/**
 * A signed-in user read a page or an API. Not when the request carries a body (a form post, whose
 * loaders React Router runs in the same request): a refused post changes nothing in the database,
 * not even this, and the page read that follows any real use records the activity anyway. Not for
 * an admin impersonating a customer: that is not the customer's activity.
 */
export function recordRequestActivity(
  db: DB,
  request: Pick<Request, "method" | "headers">,
  user: { id: string; impersonated: boolean },
): void {
  if (request.method !== "GET" || request.headers.has("content-type") || user.impersonated) return;
  void recordActivity(db, user.id);
}
