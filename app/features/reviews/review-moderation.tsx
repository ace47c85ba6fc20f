/**
 * Review moderation (docs/product.md §2 "Tools", §4 "Review", §8): every review, newest first, with its
 * author, rating and comment; 'Approuver' a pending one; delete any after confirmation. Both post
 * to the /admin/avis action; an approved review shows approved and a deleted one goes at once.
 */
import { useState } from "react";
import { CardHead, CardList } from "~/components/admin/admin-cards";
import { ConfirmDelete, RowActions } from "~/components/admin/admin-dialog";
import lists from "~/components/admin/admin-lists.module.css";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher, usePendingIds } from "~/components/admin/use-admin-fetcher";
import buttons from "~/components/button.module.css";
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

export function ReviewModeration({ reviews }: { reviews: ModeratedReview[] }) {
  const approval = useAdminFetcher({ failure: REVIEW_MESSAGES.approveFailed });
  const approving = usePendingIds("approve");
  const deleting = usePendingIds("delete");
  const [target, setTarget] = useState<ModeratedReview | null>(null);

  const shown = reviews
    .filter((review) => !deleting.has(review.id))
    .map((review) => (approving.has(review.id) ? { ...review, isApproved: true } : review));
  const pending = shown.filter((review) => !review.isApproved).length;
  return (
    <>
      <p className={styles.hint}>
        {shown.length} avis, dont {pending} en attente d'approbation.
      </p>
      {approval.error ? (
        <p className={styles.error} role="alert">
          {approval.error}
        </p>
      ) : null}
      <CardList items={shown} empty={REVIEW_MESSAGES.empty} label="Avis">
        {(review) => (
          <article className={lists.card} aria-label={`Avis de ${review.authorName}`}>
            <CardHead
              title={review.authorName}
              done={review.isApproved}
              status={["Approuvé", "En attente"]}
            />
            <RatingStars rating={review.rating} />
            <p className={lists.text}>{review.comment}</p>
            <p className={styles.hint}>
              {review.authorEmail} · <time dateTime={review.createdAt}>{longDate(review.createdAt)}</time>
            </p>
            <RowActions
              as="div"
              className={lists.cardActions}
              look="button"
              onDelete={() => setTarget(review)}
            >
              {review.isApproved ? null : (
                <button
                  type="button"
                  className={buttons.primary}
                  onClick={() => approval.submit({ intent: "approve", id: review.id })}
                >
                  Approuver
                </button>
              )}
            </RowActions>
          </article>
        )}
      </CardList>
      {target ? (
        <ConfirmDelete
          title="Supprimer l'avis"
          message={<p>Supprimer définitivement l'avis de {target.authorName} ?</p>}
          fields={{ id: target.id }}
          failure={REVIEW_MESSAGES.deleteFailed}
          onClose={() => setTarget(null)}
        />
      ) : null}
    </>
  );
}
