/**
 * Demo content for an empty database: a pretty jewellery shop drawn by code — every image is an SVG
 * from ./artwork rendered by sharp, no network involved, and drawn ahead by the build
 * (./demo-pictures.ts, ADR 030). Loaded only when the shop is seeded (app/server/startup.server.ts
 * imports it on demand, so it stays out of the server's main bundle).
 */
import crypto from "node:crypto";
import { indexProducts } from "~/features/catalogue/search-index.server";
import { aboutSections, homeStory, MISSION_PICTURE_ALT, STORY_PICTURES } from "~/features/content/shop-texts";
import { slugify, uniqueSlug } from "~/lib/slugify";
import type { AppContext } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import type { ReferenceTable, SiteImageKind } from "~/server/db-schema.server";
import { newId } from "~/server/ids.server";
import { type ImageFolder, type StoredImage, storeDrawing } from "~/server/images.server";
import { generatePassword } from "../../app/features/account/configured-admin.server";
import { addToCart, toggleFavorite } from "../../app/features/basket/basket.server";
import { renderEventArt, renderHeroArt, renderInspirationArt, renderStoryArt } from "./artwork";
import {
  demoCategories,
  demoColors,
  demoCustomer,
  demoEvents,
  demoHeroSlides,
  demoInspirationAlts,
  demoMaterials,
  demoMediator,
  demoPearlTypes,
  demoProducts,
  demoReviews,
} from "./demo-content";
import { demoPictureFolder, inPool, productDrawings } from "./demo-pictures";

const DAY = 24 * 60 * 60 * 1000;

type Pictures = ReturnType<typeof demoPictureFolder>;

/** Stores one of the demo's drawings as an original (uploads never take SVG: ADR 010). */
async function storeArt(ctx: AppContext, pictures: Pictures, folder: ImageFolder, svg: string) {
  return storeDrawing(ctx.originals, folder, await pictures.picture(svg));
}

async function insertNames(db: DB, table: ReferenceTable, names: readonly string[]) {
  const ids = new Map<string, string>();
  for (const name of names) {
    const id = newId();
    await db.insertInto(table).values({ id, name }).execute();
    ids.set(name, id);
  }
  return ids;
}

function idsFor(map: Map<string, string>, names: readonly string[], what: string): string[] {
  return names.map((name) => {
    const id = map.get(name);
    if (!id) throw new Error(`Contenu de démonstration : ${what} inconnu « ${name} ».`);
    return id;
  });
}

/** Each story picture is stored with the alt text of the first block that shows it. */
const STORY_PICTURE_ALTS: Record<(typeof STORY_PICTURES)[number], string> = {
  creatrice: homeStory.creatrice.imageAlt,
  keishi: homeStory.keishi.imageAlt,
  atelier: aboutSections.story.imageAlt,
  mission: MISSION_PICTURE_ALT,
};

async function seedSiteImages(ctx: AppContext, pictures: Pictures) {
  const jobs: { kind: SiteImageKind; svg: () => string; alt: string; position: number }[] = [
    ...demoHeroSlides.map((slide, i) => ({
      kind: "hero" as const,
      svg: () => renderHeroArt(i),
      alt: slide.alt,
      position: i,
    })),
    ...demoInspirationAlts.map((alt, i) => ({
      kind: "inspiration" as const,
      svg: () => renderInspirationArt(i),
      alt,
      position: i,
    })),
    ...STORY_PICTURES.map((name, i) => ({
      kind: "story" as const,
      svg: () => renderStoryArt(name),
      alt: STORY_PICTURE_ALTS[name],
      position: i,
    })),
  ];
  await inPool(jobs, 2, async (job) => {
    const image = await storeArt(ctx, pictures, "site", job.svg());
    await ctx.db
      .insertInto("site_images")
      .values({
        id: newId(),
        kind: job.kind,
        file_name: image.fileName,
        alt: job.alt,
        position: job.position,
        width: image.width,
        height: image.height,
      })
      .execute();
  });
}

async function seedCatalogue(ctx: AppContext, pictures: Pictures) {
  const { db } = ctx;
  const categories = await insertNames(db, "categories", demoCategories);
  const colors = await insertNames(db, "colors", demoColors);
  const materials = await insertNames(db, "materials", demoMaterials);
  const pearlTypes = await insertNames(db, "pearl_types", demoPearlTypes);
  const now = Date.now();

  await inPool(demoProducts, 2, async (demo) => {
    const images: StoredImage[] = [];
    for (const svg of productDrawings(demo)) images.push(await storeArt(ctx, pictures, "products", svg));
    const created = new Date(now - demo.createdDaysAgo * DAY).toISOString();
    const id = newId();
    await db.transaction().execute(async (trx) => {
      const slug = await uniqueSlug(slugify(demo.name), async (candidate) =>
        Boolean(
          await trx.selectFrom("products").select("id").where("slug", "=", candidate).executeTakeFirst(),
        ),
      );
      await trx
        .insertInto("products")
        .values({
          id,
          slug,
          name: demo.name,
          description: demo.description,
          price_cents: demo.priceEuros === null ? null : Math.round(demo.priceEuros * 100),
          stock: demo.isUnique ? 1 : demo.stock,
          is_unique: demo.isUnique ? 1 : 0,
          is_sold: demo.isSold ? 1 : 0,
          created_at: created,
          updated_at: created,
        })
        .execute();
      await trx
        .insertInto("product_images")
        .values(
          images.map((image, position) => ({
            id: newId(),
            product_id: id,
            file_name: image.fileName,
            position,
            width: image.width,
            height: image.height,
          })),
        )
        .execute();
      const categoryIds = idsFor(categories, demo.categories, "catégorie");
      const colorIds = idsFor(colors, demo.colors, "couleur");
      const materialIds = idsFor(materials, demo.materials, "matière");
      const pearlTypeIds = idsFor(pearlTypes, demo.pearlTypes, "type de perle");
      if (categoryIds.length > 0) {
        await trx
          .insertInto("product_categories")
          .values(categoryIds.map((category_id) => ({ product_id: id, category_id })))
          .execute();
      }
      if (colorIds.length > 0) {
        await trx
          .insertInto("product_colors")
          .values(colorIds.map((color_id) => ({ product_id: id, color_id })))
          .execute();
      }
      if (materialIds.length > 0) {
        await trx
          .insertInto("product_materials")
          .values(materialIds.map((material_id) => ({ product_id: id, material_id })))
          .execute();
      }
      if (pearlTypeIds.length > 0) {
        await trx
          .insertInto("product_pearl_types")
          .values(pearlTypeIds.map((pearl_type_id) => ({ product_id: id, pearl_type_id })))
          .execute();
      }
      await indexProducts(trx, [id]);
    });
  });
}

async function seedEvents(ctx: AppContext, pictures: Pictures) {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  await inPool(demoEvents, 2, async (event) => {
    const image = await storeArt(ctx, pictures, "events", renderEventArt(event.artIndex));
    const [hours, minutes] = event.startTime.split(":").map(Number);
    const start = new Date(today.getTime() + event.startOffsetDays * DAY);
    start.setHours(hours ?? 10, minutes ?? 0, 0, 0);
    let end: Date | null = null;
    if (event.durationDays !== null) {
      end = new Date(start.getTime() + event.durationDays * DAY);
      end.setHours(18, 0, 0, 0);
    }
    await ctx.db
      .insertInto("events")
      .values({
        id: newId(),
        title: event.title,
        description: event.description,
        location: event.location,
        start_date: start.toISOString(),
        end_date: end?.toISOString() ?? null,
        image: image.fileName,
      })
      .execute();
  });
}

async function createCustomer(ctx: AppContext, name: string, email: string, password: string) {
  const { user } = await ctx.auth.api.signUpEmail({ body: { name, email, password } });
  return user.id;
}

async function seedPeople(ctx: AppContext, customerPassword: string) {
  const { db } = ctx;
  const customerId = await createCustomer(ctx, demoCustomer.name, demoCustomer.email, customerPassword);
  await db
    .updateTable("users")
    .set({ phone_number: demoCustomer.phoneNumber, postal_code: demoCustomer.postalCode, email_verified: 1 })
    .where("id", "=", customerId)
    .execute();

  for (const review of demoReviews) {
    // Review authors are real (if never used) accounts: a review belongs to a user (docs/product.md §3).
    const userId = await createCustomer(
      ctx,
      review.authorName,
      review.authorEmail,
      crypto.randomBytes(18).toString("base64url"),
    );
    await db
      .insertInto("reviews")
      .values({
        id: newId(),
        user_id: userId,
        rating: review.rating,
        comment: review.comment,
        is_approved: review.approved ? 1 : 0,
      })
      .execute();
  }

  // The demo customer already likes a few pieces and has one in the cart, so the account is not empty.
  const forSale = await db
    .selectFrom("products")
    .select(["id", "stock"])
    .where("is_sold", "=", 0)
    .where("stock", ">", 0)
    .where("price_cents", "is not", null)
    .orderBy("created_at", "desc")
    .limit(3)
    .execute();
  for (const product of forSale) await toggleFavorite(db, { userId: customerId }, product.id);
  const firstForSale = forSale[0];
  if (firstForSale) await addToCart(db, { userId: customerId }, firstForSale.id);
}

/** The shop settings the first start leaves blank: the demo names a consumer mediator. */
async function seedLegalSettings(db: DB) {
  await db
    .updateTable("shop_settings")
    .set({
      mediator_name: demoMediator.name,
      mediator_address: demoMediator.address,
      mediator_url: demoMediator.url,
    })
    .where("id", "=", "shop")
    .execute();
}

/**
 * Seeds the demo shop, its pictures read from `pictureFolder` (the build's drawings, ADR 030) or
 * drawn when it lacks them. The demo customer's password is DEMO_PASSWORD, else generated and
 * returned (never stored in clear, shown once by the start-up banner).
 */
export async function seedDemo(
  ctx: AppContext,
  pictureFolder?: string,
): Promise<{ customerEmail: string; customerPassword?: string }> {
  const started = Date.now();
  const pictures = demoPictureFolder(pictureFolder);
  const generated = ctx.env.DEMO_PASSWORD ? undefined : generatePassword();
  await seedSiteImages(ctx, pictures);
  await seedCatalogue(ctx, pictures);
  await seedEvents(ctx, pictures);
  await seedPeople(ctx, ctx.env.DEMO_PASSWORD ?? (generated as string));
  await seedLegalSettings(ctx.db);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(
    `[seed] contenu de démonstration créé en ${seconds} s (images dessinées au démarrage : ${pictures.drawn})`,
  );
  return { customerEmail: demoCustomer.email, customerPassword: generated };
}
