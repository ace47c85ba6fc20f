/** docs/product.md §8: a dashboard screen whose data cannot be read says so, and the side navigation stays. */
import { DASHBOARD_LOAD_FAILED } from "~/lib/messages";
import styles from "./admin-ui.module.css";

export function AdminLoadError() {
  return (
    <section>
      <p className={styles.error} role="alert">
        {DASHBOARD_LOAD_FAILED}
      </p>
    </section>
  );
}
