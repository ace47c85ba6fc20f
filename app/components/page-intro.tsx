import type { ReactNode } from "react";
import styles from "./page-intro.module.css";

/** The heading band at the top of a page: a small eyebrow, the title and a lead paragraph. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className={styles.intro}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      {children ? <div className={styles.lead}>{children}</div> : null}
    </header>
  );
}
