/**
 * docs/product.md §1 "Reusable text-and-image section": title, HTML text, image on the left or the right,
 * an optional button, the image and its alt text. The HTML is the shop's own copy, never user input.
 */
import { Link } from "react-router";
import buttons from "./button.module.css";
import styles from "./text-image-section.module.css";

export interface TextImageSectionProps {
  title: string;
  html: string;
  imageSide: "left" | "right";
  image: { src: string; srcSet?: string; width: number; height: number };
  alt: string;
  buttonLink?: string;
  buttonText?: string;
  /** The page's largest paint (the about page's first block): fetched at once and first, not lazily. */
  priority?: boolean;
}

export function TextImageSection(props: TextImageSectionProps) {
  return (
    <section className={styles.section} data-side={props.imageSide}>
      <div className={styles.media}>
        <img
          src={props.image.src}
          srcSet={props.image.srcSet}
          // Rendered width (measured): text beside the picture from 900 px, below it under.
          sizes="(min-width: 1200px) 530px, (min-width: 900px) 45vw, calc(100vw - 2rem)"
          width={props.image.width}
          height={props.image.height}
          alt={props.alt}
          loading={props.priority ? "eager" : "lazy"}
          fetchPriority={props.priority ? "high" : undefined}
          decoding="async"
        />
      </div>
      <div className={styles.text}>
        <h2>{props.title}</h2>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own copy (seed content), not user input. */}
        <div dangerouslySetInnerHTML={{ __html: props.html }} />
        {props.buttonLink && props.buttonText ? (
          <Link to={props.buttonLink} className={buttons.secondary}>
            {props.buttonText}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
