/** Review moderation (docs/product.md §4 "Review", §8): approve a pending review, or delete one in any state. */
import { z } from "zod";
import { recordId } from "~/lib/record-id";

export const REVIEW_MESSAGES = {
  approved: "Avis approuvé.",
  deleted: "Avis supprimé.",
  approveFailed: "L'approbation a échoué.",
  deleteFailed: "La suppression a échoué.",
  notFound: "Cet avis n'existe plus.",
  empty: "Aucun avis à modérer pour le moment.",
} as const;

export const reviewActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: recordId }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);

export type ReviewAction = z.infer<typeof reviewActionSchema>;
