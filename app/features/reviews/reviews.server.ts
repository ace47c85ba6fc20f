/**
 * Customer reviews (docs/product.md §3 reviews, §4 "Review"): one review per user, created pending, shown on
 * the site only once an admin has approved it. The UNIQUE user_id column is the real guard.
 */
import { sql } from "kysely";
import type { DB } from "~/server/database.server";
import { newId } from "~/server/ids.server";

export interface OwnReview {
  rating: number;
  comment: string;
  isApproved: boolean;
  createdAt: string;
}

export interface PublicReview {
  id: string;
  authorName: string;
  rating: number;
  comment: string;
  createdAt: string;
}

/** Shown instead of an empty name: a review never exposes the author's e-mail. */
export const ANONYMOUS_AUTHOR = "Cliente Nacre";

/** SQLite's CURRENT_TIMESTAMP is UTC without a zone ("2026-05-01 10:00:00"); Date would read it as local. */
function toIso(stored: string): string {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(stored) ? `${stored.replace(" ", "T")}Z` : stored;
}

export async function getUserReview(db: DB, userId: string): Promise<OwnReview | null> {
  const row = await db
    .selectFrom("reviews")
    .select(["rating", "comment", "is_approved", "created_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    rating: row.rating,
    comment: row.comment,
    isApproved: row.is_approved === 1,
    createdAt: toIso(row.created_at),
  };
}

/** "exists" when the user already has a review, including a concurrent double submit. */
export async function createReview(
  db: DB,
  userId: string,
  input: { rating: number; comment: string },
): Promise<"created" | "exists"> {
  const result = await db
    .insertInto("reviews")
    .values({
      id: newId(),
      user_id: userId,
      rating: input.rating,
      comment: input.comment.trim(),
      is_approved: 0,
    })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 ? "created" : "exists";
}

export async function listApprovedReviews(db: DB, limit = 6): Promise<PublicReview[]> {
  const rows = await db
    .selectFrom("reviews as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.id", "u.name", "r.rating", "r.comment", "r.created_at"])
    .where("r.is_approved", "=", 1)
    .orderBy("r.created_at", "desc")
    // created_at has one-second precision: the later insert wins a tie.
    .orderBy(sql`r.rowid`, "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    authorName: row.name.trim() || ANONYMOUS_AUTHOR,
    rating: row.rating,
    comment: row.comment,
    createdAt: toIso(row.created_at),
  }));
}
