/**
 * The review section of /mon-compte (docs/product.md §2 "leave a review", §4: one review per user, pending
 * until approved). A plain form post: the star rating is five native radios drawn as stars, so it
 * works without JavaScript and keeps the arrow keys of a radio group.
 */
import { Form, useNavigation } from "react-router";
import buttons from "~/components/button.module.css";
import { Field } from "~/components/field";
import authStyles from "~/features/auth/auth-form.module.css";
import styles from "./review-form.module.css";
import { REVIEW_ALREADY, REVIEW_COMMENT_MAX } from "./review-messages";
import { RatingStars, STAR_PATH } from "./testimonials";

export interface ReviewSectionProps {
  review: { rating: number; comment: string; isApproved: boolean } | null;
  result?: { error?: string | null; success?: string | null } | null;
}

const RATINGS = [1, 2, 3, 4, 5] as const;

export function ReviewSection({ review, result }: ReviewSectionProps) {
  return (
    <div className={styles.root}>
      <h2 id="avis-titre">Votre avis</h2>
      {review ? <OwnReview review={review} success={result?.success} /> : <ReviewForm result={result} />}
    </div>
  );
}

function OwnReview({
  review,
  success,
}: {
  review: NonNullable<ReviewSectionProps["review"]>;
  success?: string | null;
}) {
  return (
    <div className={styles.own}>
      {/* Just after submitting, the confirmation replaces the usual thanks rather than repeating it. */}
      {success ? (
        <p className={authStyles.formSuccess} role="status">
          {success}
        </p>
      ) : (
        <p className={styles.thanks}>{REVIEW_ALREADY}</p>
      )}
      <figure className={styles.ownCard}>
        <RatingStars rating={review.rating} />
        <blockquote className={styles.ownComment}>
          <p>{review.comment}</p>
        </blockquote>
        <figcaption>
          <span className={review.isApproved ? styles.statusApproved : styles.statusPending}>
            {review.isApproved ? "Publié sur le site" : "En attente de validation"}
          </span>
        </figcaption>
      </figure>
    </div>
  );
}

function ReviewForm({ result }: { result: ReviewSectionProps["result"] }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  const error = result?.error;
  return (
    <Form method="post" className={authStyles.form}>
      <p className={styles.intro}>
        Une création vous a plu&nbsp;? Partagez votre expérience : votre avis sera publié après validation.
      </p>
      <input type="hidden" name="intent" value="review" />
      <fieldset className={styles.rating}>
        <legend>Votre note</legend>
        <div className={styles.stars}>
          {RATINGS.map((value) => (
            <label key={value} className={styles.star}>
              <input type="radio" name="rating" value={value} />
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={STAR_PATH} />
              </svg>
              <span className="visually-hidden">{value === 1 ? "1 étoile" : `${value} étoiles`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {/* The message speaks of the rating too, so it stands under the form, not under this field. */}
      <Field id="review-comment" label="Votre commentaire" className={styles.comment}>
        {(control) => (
          <textarea
            {...control}
            name="comment"
            rows={4}
            maxLength={REVIEW_COMMENT_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "review-error" : undefined}
          />
        )}
      </Field>
      {error ? (
        <p id="review-error" className={authStyles.formError} role="alert">
          {error}
        </p>
      ) : null}
      {result?.success ? (
        <p className={authStyles.formSuccess} role="status">
          {result.success}
        </p>
      ) : null}
      <button type="submit" className={`${buttons.primary} ${styles.submit}`} disabled={submitting}>
        {submitting ? "Envoi…" : "Envoyer mon avis"}
      </button>
    </Form>
  );
}
