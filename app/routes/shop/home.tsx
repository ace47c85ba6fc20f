/**
 * / — the home page (docs/product.md §1): hero slider, the creator's story and the keishi pearls, 'Nos
 * Créations du Moment', the 'Inspirations' carousel, care advice and the feature bar.
 */
import { Suspense } from "react";
import { Await, Link } from "react-router";
import buttons from "~/components/button.module.css";
import { FeatureBar } from "~/components/feature-bar";
import { TextImageSection } from "~/components/text-image-section";
import { careTips, homeStory, type StoryBlock, storyPicture } from "~/features/content/shop-texts";
import { Carousel } from "~/features/home/carousel";
import { HeroSlider } from "~/features/home/hero-slider";
import styles from "~/features/home/home.module.css";
import { listSiteImages, pickFeaturedProducts, type SiteImage } from "~/features/home/home.server";
import { listApprovedReviews } from "~/features/reviews/reviews.server";
import { Testimonials } from "~/features/reviews/testimonials";
import { getShopDetails } from "~/features/settings/settings.server";
import { formatPrice } from "~/lib/format";
import { imageSrcSet, imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import { LOADING_TEXT } from "~/lib/messages";
import { organizationJsonLd, pageMeta, siteOf, websiteJsonLd } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/home";

export const FEATURED_INTERVAL_MS = 3000;
export const INSPIRATIONS_INTERVAL_MS = 3000;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches);
  const shop = organizationJsonLd(site);
  return pageMeta(site, {
    path: "/",
    title: "Nacre — bijoux en acier et perles de Tahiti faits main",
    description:
      "Colliers, bracelets, boucles d'oreilles et bagues en acier inoxydable et perles de Tahiti, créés à la main au bord de l'océan.",
    jsonLd: shop ? [websiteJsonLd(site), shop] : [websiteJsonLd(site)],
  });
};

function storyBlock(block: StoryBlock, pictures: SiteImage[]) {
  const { title, html, imageAlt } = block;
  return { title, html, imageAlt, image: storyPicture(pictures, block.picture) };
}

export async function loader() {
  const db = getDb();
  const [hero, inspirations, stories, shop, reviews] = await Promise.all([
    listSiteImages(db, "hero"),
    listSiteImages(db, "inspiration"),
    listSiteImages(db, "story"),
    getShopDetails(db),
    listApprovedReviews(db, 6),
  ]);
  // Streamed after the page; a failure only empties the block (docs/product.md §8).
  const featured = pickFeaturedProducts(db, Math.floor(Math.random() * 2 ** 31)).catch((error) => {
    console.error("Créations du moment indisponibles", error);
    return [];
  });
  return {
    hero,
    inspirations,
    story: {
      creatrice: storyBlock(homeStory.creatrice, stories),
      keishi: storyBlock(homeStory.keishi, stories),
    },
    careAdvice: Object.values(careTips),
    reviews,
    subtitle: shop.tagline,
    featured,
  };
}

type Loaded = Route.ComponentProps["loaderData"];

function storyImage(image: Loaded["story"]["creatrice"]["image"]) {
  if (!image) return { src: PLACEHOLDER_IMAGE, width: 800, height: 800 };
  return {
    src: imageUrl("site", image.fileName, 800, image.width),
    srcSet: imageSrcSet("site", image.fileName, image.width),
    width: image.width,
    height: image.height,
  };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { hero, inspirations, story, careAdvice, featured, reviews } = loaderData;
  return (
    <>
      <HeroSlider images={hero} subtitle={loaderData.subtitle} />

      <TextImageSection
        title={story.creatrice.title}
        html={story.creatrice.html}
        imageSide="left"
        image={storyImage(story.creatrice.image)}
        alt={story.creatrice.imageAlt}
        buttonLink="/a-propos"
        buttonText="En savoir plus"
      />
      <TextImageSection
        title={story.keishi.title}
        html={story.keishi.html}
        imageSide="right"
        image={storyImage(story.keishi.image)}
        alt={story.keishi.imageAlt}
      />

      <div className={styles.section}>
        <div className={styles.sectionHead}>
          <p className={styles.eyebrow}>Faites main à l'atelier</p>
          <h2 id="creations-du-moment">Nos Créations du Moment</h2>
        </div>
        <Suspense fallback={<p className={styles.loading}>{LOADING_TEXT}</p>}>
          <Await resolve={featured} errorElement={null}>
            {(products) =>
              products.length > 0 ? (
                <Carousel
                  label="Nos Créations du Moment"
                  layoutClassName={styles.featuredLayout}
                  intervalMs={FEATURED_INTERVAL_MS}
                  bullets
                >
                  {products.map((product) => (
                    <Link
                      key={product.id}
                      to={`/catalogue/produit/${product.slug}`}
                      className={styles.featuredCard}
                    >
                      <img
                        src={
                          product.image
                            ? imageUrl("products", product.image.fileName, 400)
                            : PLACEHOLDER_IMAGE
                        }
                        srcSet={
                          product.image
                            ? imageSrcSet("products", product.image.fileName, product.image.width)
                            : undefined
                        }
                        sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 90vw"
                        width={product.image?.width ?? 800}
                        height={product.image?.height ?? 800}
                        alt=""
                        loading="lazy"
                        decoding="async"
                      />
                      <span className={styles.featuredName}>{product.name}</span>
                      <span>{formatPrice(product.priceCents)}</span>
                      <span className={styles.featuredMeta}>
                        {product.isUnique
                          ? "Pièce unique"
                          : product.stock > 0
                            ? `Stock: ${product.stock}`
                            : "Rupture de stock"}
                      </span>
                    </Link>
                  ))}
                </Carousel>
              ) : null
            }
          </Await>
        </Suspense>
        <div className={styles.center}>
          <Link to="/catalogue" className={buttons.secondary}>
            Voir tout le catalogue
          </Link>
        </div>
      </div>

      <div className={styles.section}>
        <div className={styles.sectionHead}>
          <p className={styles.eyebrow}>L'océan pour muse</p>
          <h2 id="inspirations">Inspirations</h2>
        </div>
        <Carousel
          label="Inspirations"
          layoutClassName={styles.inspirationsLayout}
          intervalMs={INSPIRATIONS_INTERVAL_MS}
        >
          {inspirations.map((image) => (
            <figure key={image.fileName} className={styles.inspiration} style={{ margin: 0 }}>
              <img
                src={imageUrl("site", image.fileName, 400)}
                srcSet={imageSrcSet("site", image.fileName, image.width)}
                sizes="(min-width: 1024px) 360px, (min-width: 768px) 48vw, 78vw"
                width={image.width}
                height={image.height}
                alt={image.alt}
                loading="lazy"
                decoding="async"
              />
            </figure>
          ))}
        </Carousel>
      </div>

      <Testimonials reviews={reviews} />

      <div className={styles.section}>
        <div className={styles.sectionHead}>
          <p className={styles.eyebrow}>Pour qu'ils durent</p>
          <h2 id="conseils">Prendre soin de vos bijoux</h2>
        </div>
        <ul className={styles.care}>
          {careAdvice.map((tip) => (
            <li key={tip.title}>
              <h3>{tip.title}</h3>
              <p>{tip.text}</p>
            </li>
          ))}
        </ul>
      </div>

      <FeatureBar />
    </>
  );
}
