/**
 * Review moderation (spec §2 "Tools", §4 "Review", §8): every review, newest first, with its
 * author, rating and comment; 'Approuver' a pending one; delete any after confirmation.
 */
import { useState } from "react";
import buttons from "~/components/button.module.css";
import { ConfirmDialog } from "~/features/admin/admin-dialog";
import lists from "~/features/admin/admin-lists.module.css";
import { formOf } from "~/features/admin/admin-request";
import styles from "~/features/admin/admin-ui.module.css";
import { useAdminAction } from "~/features/admin/use-admin-action";
import { longDate } from "~/lib/dates";
import { REVIEW_MESSAGES } from "./moderation-schema";
import { RatingStars } from "./testimonials";

export interface ModeratedReview {
  id: string;
  authorName: string;
  authorEmail: string;
  rating: number;
  comment: string;
  isApproved: boolean;
  createdAt: string;
}

const URL = "/api/admin/avis";

export function ReviewModeration({ reviews }: { reviews: ModeratedReview[] }) {
  const approval = useAdminAction();
  const deletion = useAdminAction();
  const [approving, setApproving] = useState<string | null>(null);
  const [approveError, setApproveError] = useState<string | null>(null);
  const [target, setTarget] = useState<ModeratedReview | null>(null);

  async function approve(review: ModeratedReview) {
    setApproving(review.id);
    setApproveError(null);
    const answer = await approval.run(URL, formOf({ intent: "approve", id: review.id }));
    if (!answer.ok) setApproveError(REVIEW_MESSAGES.approveFailed);
    setApproving(null);
  }

  async function remove() {
    if (!target) return;
    const answer = await deletion.run(URL, formOf({ intent: "delete", id: target.id }));
    if (answer.ok) setTarget(null);
    else deletion.setError(REVIEW_MESSAGES.deleteFailed);
  }

  const pending = reviews.filter((review) => !review.isApproved).length;
  return (
    <>
      <p className={styles.hint}>
        {reviews.length} avis, dont {pending} en attente d'approbation.
      </p>
      {approveError ? (
        <p className={styles.error} role="alert">
          {approveError}
        </p>
      ) : null}
      {reviews.length === 0 ? (
        <p className={styles.empty}>{REVIEW_MESSAGES.empty}</p>
      ) : (
        <ul className={lists.cards} aria-label="Avis">
          {reviews.map((review) => (
            <li key={review.id}>
              <article className={lists.card} aria-label={`Avis de ${review.authorName}`}>
                <header className={lists.cardHead}>
                  <h2 className={lists.cardTitle}>{review.authorName}</h2>
                  <span className={lists.status} data-tone={review.isApproved ? "ok" : "waiting"}>
                    {review.isApproved ? "Approuvé" : "En attente"}
                  </span>
                </header>
                <RatingStars rating={review.rating} />
                <p className={lists.text}>{review.comment}</p>
                <p className={styles.hint}>
                  {review.authorEmail} · <time dateTime={review.createdAt}>{longDate(review.createdAt)}</time>
                </p>
                <div className={lists.cardActions}>
                  {review.isApproved ? null : (
                    <button
                      type="button"
                      className={buttons.primary}
                      disabled={approving === review.id}
                      onClick={() => approve(review)}
                    >
                      Approuver
                    </button>
                  )}
                  <button
                    type="button"
                    className={`${buttons.secondary} ${styles.dangerText}`}
                    onClick={() => {
                      deletion.setError(null);
                      setTarget(review);
                    }}
                  >
                    Supprimer
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {target ? (
        <ConfirmDialog
          title="Supprimer l'avis"
          message={<p>Supprimer définitivement l'avis de {target.authorName} ?</p>}
          busy={deletion.busy}
          error={deletion.error}
          onConfirm={remove}
          onCancel={() => setTarget(null)}
        />
      ) : null}
    </>
  );
}
