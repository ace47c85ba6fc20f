/**
 * Review moderation (docs/product.md §2 "Tools", §7 "Reviews": list sorted -created expanding the author;
 * update {is_approved: true}; delete). Approved reviews then show on the home page.
 */
import { sql } from "kysely";
import type { DB } from "~/server/database.server";
import { REVIEW_MESSAGES, type ReviewAction } from "./moderation-schema";
import { ANONYMOUS_AUTHOR } from "./reviews.server";

export interface AdminReview {
  id: string;
  authorName: string;
  authorEmail: string;
  rating: number;
  comment: string;
  isApproved: boolean;
  createdAt: string;
}

export type ReviewResult = { ok: true; message: string } | { ok: false; status: number; error: string };

export async function listReviewsForModeration(db: DB): Promise<AdminReview[]> {
  const rows = await db
    .selectFrom("reviews as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.id", "u.name", "u.email", "r.rating", "r.comment", "r.is_approved", "r.created_at"])
    .orderBy("r.created_at", "desc")
    // One-second precision: the later insert first on a tie.
    .orderBy(sql`r.rowid`, "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    authorName: row.name.trim() || ANONYMOUS_AUTHOR,
    authorEmail: row.email,
    rating: row.rating,
    comment: row.comment,
    isApproved: row.is_approved === 1,
    createdAt: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(row.created_at)
      ? `${row.created_at.replace(" ", "T")}Z`
      : row.created_at,
  }));
}

export async function applyReviewAction(db: DB, action: ReviewAction): Promise<ReviewResult> {
  return db.transaction().execute(async (trx): Promise<ReviewResult> => {
    if (action.intent === "approve") {
      const result = await trx
        .updateTable("reviews")
        .set({ is_approved: 1 })
        .where("id", "=", action.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        return { ok: false, status: 404, error: REVIEW_MESSAGES.notFound };
      }
      return { ok: true, message: REVIEW_MESSAGES.approved };
    }
    const result = await trx.deleteFrom("reviews").where("id", "=", action.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      return { ok: false, status: 404, error: REVIEW_MESSAGES.notFound };
    return { ok: true, message: REVIEW_MESSAGES.deleted };
  });
}
