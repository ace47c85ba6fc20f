import { z } from "zod";
import { multiLineText } from "~/lib/text-schema";
import "~/lib/zod-french";
import { parseForm } from "~/lib/form";

import {
  REVIEW_ALREADY,
  REVIEW_COMMENT_MAX,
  REVIEW_FAILED,
  REVIEW_INCOMPLETE,
  REVIEW_SUBMITTED,
} from "./review-messages";

export { REVIEW_ALREADY, REVIEW_COMMENT_MAX, REVIEW_FAILED, REVIEW_INCOMPLETE, REVIEW_SUBMITTED };

/** The review form of /mon-compte (docs/product.md §3 reviews: rating 1 to 5, comment). */
export const reviewSchema = z.object({
  intent: z.literal("review", { error: "Formulaire inconnu." }),
  rating: z.coerce
    .number({ error: REVIEW_INCOMPLETE })
    .int(REVIEW_INCOMPLETE)
    .min(1, REVIEW_INCOMPLETE)
    .max(5, REVIEW_INCOMPLETE),
  comment: multiLineText({ error: REVIEW_INCOMPLETE })
    .min(1, REVIEW_INCOMPLETE)
    .max(REVIEW_COMMENT_MAX, REVIEW_INCOMPLETE),
});

export type ReviewInput = z.infer<typeof reviewSchema>;

/** Parses a posted form; on failure, the single French message to show. */
export function parseReviewForm(
  formData: FormData,
): { success: true; data: ReviewInput } | { success: false; error: string } {
  const parsed = parseForm(reviewSchema, formData);
  return parsed.ok ? { success: true, data: parsed.data } : { success: false, error: parsed.firstError };
}
