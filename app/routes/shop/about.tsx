/** /a-propos (docs/product.md §2): the brand's story, its know-how and commitment, its mission. */
import { Link } from "react-router";
import buttons from "~/components/button.module.css";
import { PageIntro } from "~/components/page-intro";
import { TextImageSection } from "~/components/text-image-section";
import {
  aboutMission,
  aboutSections,
  MISSION_PICTURE_ALT,
  storyPicture,
} from "~/features/content/shop-texts";
import styles from "~/features/home/home.module.css";
import { listSiteImages } from "~/features/home/home.server";
import { imageSrcSet, imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import { pageMeta, siteOf } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/a-propos",
    title: "À propos — Nacre",
    description:
      "L'histoire de Nacre : des bijoux en acier et perles de Tahiti, imaginés et montés à la main à Quiberon.",
  });

export async function loader() {
  const stories = await listSiteImages(getDb(), "story");
  return {
    blocks: Object.values(aboutSections).map(({ title, html, imageAlt, picture }) => ({
      title,
      html,
      imageAlt,
      image: storyPicture(stories, picture),
    })),
    mission: aboutMission,
    missionImage: storyPicture(stories, "mission"),
  };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { blocks, mission, missionImage } = loaderData;
  return (
    <>
      <PageIntro eyebrow="À propos" title="Notre histoire">
        <p>De Tahiti à la Bretagne, des bijoux façonnés à la main pour porter un peu d'océan chaque jour.</p>
      </PageIntro>
      {blocks.map((block, index) => (
        <TextImageSection
          key={block.title}
          title={block.title}
          html={block.html}
          imageSide={index % 2 === 0 ? "left" : "right"}
          priority={index === 0}
          image={
            block.image
              ? {
                  src: imageUrl("site", block.image.fileName, 800, block.image.width),
                  srcSet: imageSrcSet("site", block.image.fileName, block.image.width),
                  width: block.image.width,
                  height: block.image.height,
                }
              : { src: PLACEHOLDER_IMAGE, width: 800, height: 800 }
          }
          alt={block.imageAlt}
        />
      ))}
      <section className={styles.section} aria-labelledby="mission">
        <div className={styles.sectionHead}>
          <p className={styles.eyebrow}>Notre mission</p>
          <h2 id="mission">Porter l'océan, simplement</h2>
        </div>
        {missionImage ? (
          <img
            src={imageUrl("site", missionImage.fileName, 1200, missionImage.width)}
            srcSet={imageSrcSet("site", missionImage.fileName, missionImage.width)}
            sizes="(min-width: 1200px) 1100px, 92vw"
            width={missionImage.width}
            height={missionImage.height}
            alt={MISSION_PICTURE_ALT}
            loading="lazy"
            style={{ width: "100%", height: "auto", borderRadius: "var(--radius-lg)" }}
          />
        ) : null}
        <p
          style={{
            maxWidth: "42rem",
            margin: "var(--space-5) auto",
            textAlign: "center",
            fontSize: "var(--text-lg)",
          }}
        >
          {mission}
        </p>
        <div className={styles.center}>
          <Link to="/catalogue" className={buttons.primary}>
            Découvrir nos créations
          </Link>
        </div>
      </section>
    </>
  );
}
