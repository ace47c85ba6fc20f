import { Link } from "react-router";
import styles from "~/styles/error-page.module.css";

/** docs/product.md §8: the 'Oups !' notice of a missing product or sold piece, with the way back. */
export function NotFoundNotice({
  message,
  backTo,
  backLabel,
}: {
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <section className={styles.page}>
      <p className={styles.code}>Oups !</p>
      <h1>{message}</h1>
      <Link to={backTo} className={styles.link}>
        {backLabel}
      </Link>
    </section>
  );
}
