/**
 * The home page's testimonials: approved reviews only (the loader's job), the author's name and
 * never an e-mail. Renders nothing while there is no approved review.
 */
import styles from "./testimonials.module.css";

export const STAR_PATH = "M12 2.8l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 16.8l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 2.8z";

/** Five drawn stars, read as one sentence: "Note : 4 sur 5". */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  return (
    <p className={className ? `${styles.stars} ${className}` : styles.stars}>
      <span className="visually-hidden">Note : {rating} sur 5</span>
      {[1, 2, 3, 4, 5].map((value) => (
        <svg
          key={value}
          className={value <= rating ? styles.starOn : styles.starOff}
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          focusable="false"
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </p>
  );
}

export interface Testimonial {
  id: string;
  authorName: string;
  rating: number;
  comment: string;
}

export function Testimonials({ reviews }: { reviews: Testimonial[] }) {
  if (reviews.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="testimonials-title">
      <header className={styles.head}>
        <p className={styles.eyebrow}>Avis de nos clientes</p>
        <h2 id="testimonials-title">Ils portent Nacre</h2>
      </header>
      <ul className={styles.list}>
        {reviews.map((review) => (
          <li key={review.id} className={styles.card}>
            <figure className={styles.figure}>
              <RatingStars rating={review.rating} />
              <blockquote className={styles.quote}>
                <p>{review.comment}</p>
              </blockquote>
              <figcaption className={styles.author}>{review.authorName}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
