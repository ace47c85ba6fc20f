/** Approve or delete a review: the action of /admin/avis. */
import { runAdminCommand } from "~/server/admin-command.server";
import { getDb } from "~/server/context.server";
import { applyReviewAction } from "./moderation.server";
import { REVIEW_MESSAGES, reviewActionSchema } from "./moderation-schema";

export function moderateReview(form: FormData) {
  return runAdminCommand(form, {
    schema: reviewActionSchema,
    apply: (command) => applyReviewAction(getDb(), command),
    failure: (command) =>
      command.intent === "approve" ? REVIEW_MESSAGES.approveFailed : REVIEW_MESSAGES.deleteFailed,
    label: "Modération de l'avis impossible",
  });
}
