/**
 * Sizes made ahead of time (ADR 010): every size a page asks for of a stored picture is made in the
 * background — after the upload that stored it has committed, and at start for every picture a
 * record names whose sizes are missing (a fresh demo shop, a wiped cache, a new PostgreSQL
 * instance's empty cache: ADR 015) — so a shop's first visitor is served files instead of waiting
 * for sharp. Through variantPath at background priority: one picture at a time, one size at a time,
 * only while no visitor's missing size waits (images.server.ts, imageLane) and once visitors have
 * been quiet for a moment (visitor-activity.server.ts), and a picture deleted while queued is skipped
 * (variantPath checks its original first).
 */
import sharp from "sharp";
import { type ImageWidth, pageWidths } from "~/lib/images";
import type { DB } from "./database.server";
import type { Env } from "./env.server";
import {
  IMAGE_FORMATS,
  type ImageFolder,
  type ImageStorage,
  type ImageVariant,
  isStoredFileName,
  sizesEncoded,
  variantPath,
} from "./images.server";
import { whenVisitorsQuiet } from "./visitor-activity.server";

/** Event pictures have no stored width: their pages name fixed sizes (admin list, dialog, sharing). */
const EVENT_WIDTHS: readonly ImageWidth[] = [400, 800, 1200];

/** The size a phone picks (≈ 720 px wanted at 412 px and DPR 1.75) first, then the others. */
const MAKING_ORDER: readonly ImageVariant[] = [800, 400, 1200, 1920, "thumb"];

/**
 * Exactly the sizes pages ask for of a picture `naturalWidth` px wide (app/lib/images.ts names them):
 * product photos in srcsets and fitted URLs, plus the 100x100 thumb of the basket, the gallery
 * strip and the admin lists; site pictures in srcsets only; avatars as thumbs only.
 */
export function pageVariants(folder: ImageFolder, naturalWidth: number): ImageVariant[] {
  const asked: ImageVariant[] =
    folder === "products"
      ? [...pageWidths(naturalWidth), "thumb"]
      : folder === "site"
        ? pageWidths(naturalWidth)
        : folder === "events"
          ? [...EVENT_WIDTHS]
          : ["thumb"];
  return MAKING_ORDER.filter((variant) => asked.includes(variant));
}

/** A stored picture to make sizes of; `width` (when the record has it) spares reading the original. */
export type StoredPicture = { fileName: string; width?: number };

/**
 * "all": every size pages ask for; "phone": only the one a phone's first pages load (the first of
 * MAKING_ORDER, in AVIF), so that at start those are ready for every first page before the rest.
 */
type Reach = "all" | "phone";

type Job = { storage: ImageStorage; folder: ImageFolder; fileName: string; width?: number; reach: Reach };

const queue: Job[] = [];
const queued = new Set<string>();
let draining: Promise<void> | null = null;

const keyOf = (job: Job) => `${job.storage.cacheDir}\0${job.folder}/${job.fileName}\0${job.reach}`;

/** Lets the event loop serve what is waiting (requests, timers) between two sizes. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Before each size: half a second without a request, so a visitor loading a page (its HTML, then
 * its scripts and images within a few hundred milliseconds) does not share the cores with sharp;
 * never more than 5 s, so a shop that is never quiet still gets its sizes.
 */
export const QUIET_BEFORE_EACH_SIZE = { quietMs: 500, maxWaitMs: 5000 };

async function naturalWidthOf(job: Job): Promise<number | null> {
  if (job.width !== undefined || job.folder === "events" || job.folder === "avatars") return job.width ?? 0;
  const original = await job.storage.originals.get(job.folder, job.fileName);
  if (!original) return null;
  return (await sharp(original).metadata()).width ?? null;
}

async function makeSizes(job: Job) {
  const width = await naturalWidthOf(job);
  if (width === null) return; // deleted while queued
  const variants = pageVariants(job.folder, width);
  for (const variant of job.reach === "phone" ? variants.slice(0, 1) : variants) {
    // AVIF first: what every current browser asks for.
    for (const format of job.reach === "phone" ? (["avif"] as const) : [...IMAGE_FORMATS].reverse()) {
      await yieldToRequests();
      await whenVisitorsQuiet(QUIET_BEFORE_EACH_SIZE);
      const made = await variantPath(job.storage, job.folder, job.fileName, variant, format, "background");
      if (made === null) return; // deleted while queued: nothing more is made of it
    }
  }
}

/** Failures in a row after which the queue is dropped: the store or the disk is failing, not a picture. */
const MAX_FAILURES_IN_A_ROW = 3;

async function drain() {
  let failures = 0;
  for (let job = queue.shift(); job; job = queue.shift()) {
    try {
      await makeSizes(job);
      failures = 0;
    } catch (error) {
      // Not fatal: a missing size is made when a visitor asks for it.
      console.error(`Tailles de l'image ${job.folder}/${job.fileName} non préparées`, error);
      if (++failures >= MAX_FAILURES_IN_A_ROW) {
        // The database closed at shutdown, a full disk: one message, not one per queued picture.
        console.error(
          `Préparation des tailles d'images abandonnée (${queue.length} images) : faites à la demande.`,
        );
        queue.length = 0;
        queued.clear();
      }
    } finally {
      queued.delete(keyOf(job));
    }
  }
}

function startDraining() {
  if (draining || queue.length === 0) return;
  // Begun on a later turn of the event loop: the request that stored the picture answers first.
  draining = yieldToRequests()
    .then(drain)
    .finally(() => {
      draining = null;
      startDraining();
    });
}

/**
 * Queues the pictures' sizes, behind what is already queued; returns at once. Called after the
 * transaction naming them has committed (a rolled-back upload's originals are deleted, and a
 * deleted picture is skipped). A picture already queued keeps its place.
 */
export function makeSizesAhead(
  storage: ImageStorage,
  folder: ImageFolder,
  pictures: readonly StoredPicture[],
  reach: Reach = "all",
) {
  for (const picture of pictures) {
    if (!isStoredFileName(picture.fileName)) continue;
    const job: Job = { storage, folder, fileName: picture.fileName, width: picture.width, reach };
    const key = keyOf(job);
    if (queued.has(key)) continue;
    queued.add(key);
    queue.push(job);
  }
  startDraining();
}

/**
 * Drops what is queued for one shop's pictures (its cache folder), when its context closes: the
 * queue is the process's, and another shop in the same process (the route tests run one after
 * another in a worker) must not inherit jobs whose store has closed.
 */
export function forgetQueuedSizes(cacheDir: string) {
  for (let index = queue.length - 1; index >= 0; index--) {
    const job = queue[index] as Job;
    if (job.storage.cacheDir !== cacheDir) continue;
    queue.splice(index, 1);
    queued.delete(keyOf(job));
  }
}

/** Resolves once nothing is queued or being made (tests, and the start-up report). */
export async function whenSizesMade(): Promise<void> {
  while (draining) await draining;
}

/**
 * The pictures records name, in the order the first pages need them: the home hero's slides, the
 * main photos of the pieces for sale (the catalogue's first page is shuffled per visitor) and of
 * the sold ones newest first (the gallery's first page) — their phone size first, then all their
 * sizes — then the other site pictures, the other product photos, the events' and the avatars.
 */
async function picturesInPageOrder(db: DB): Promise<[ImageFolder, StoredPicture[], Reach][]> {
  const site = await db
    .selectFrom("site_images")
    .select(["file_name as fileName", "width", "kind"])
    .orderBy("kind")
    .orderBy("position")
    .execute();
  const photos = await db
    .selectFrom("product_images as i")
    .innerJoin("products as p", "p.id", "i.product_id")
    .select(["i.file_name as fileName", "i.width", "i.position", "i.product_id"])
    .orderBy("p.is_sold")
    .orderBy("p.created_at", "desc")
    .orderBy("p.id")
    .orderBy("i.position")
    .execute();
  const seen = new Set<string>();
  const main = photos.filter((photo) => !seen.has(photo.product_id) && seen.add(photo.product_id));
  const events = await db
    .selectFrom("events")
    .select("image as fileName")
    .where("image", "is not", null)
    .orderBy("start_date", "desc")
    .execute();
  const avatars = await db
    .selectFrom("users")
    .select("image as fileName")
    .where("image", "is not", null)
    .execute();
  const picture = (row: { fileName: string | null; width?: number }): StoredPicture => ({
    fileName: row.fileName ?? "",
    width: row.width,
  });
  const heroes = site.filter((row) => row.kind === "hero").map(picture);
  return [
    ["site", heroes, "phone"],
    ["products", main.map(picture), "phone"],
    ["site", heroes, "all"],
    ["products", main.map(picture), "all"],
    ["site", site.filter((row) => row.kind !== "hero").map(picture), "all"],
    ["products", photos.filter((photo) => !main.includes(photo)).map(picture), "all"],
    ["events", events.map(picture), "all"],
    ["avatars", avatars.map(picture), "all"],
  ];
}

/**
 * At start, in the background (the shop already listens): queues every picture records name, so
 * the sizes missing from this instance's cache are made; those present cost a check each. Never
 * throws; logs how long filling the cache took when it had anything to make.
 */
export async function makeMissingImageSizes(
  ctx: ImageStorage & { db: DB; env: Pick<Env, "IMAGE_SIZES_AT_START"> },
) {
  if (!ctx.env.IMAGE_SIZES_AT_START) return;
  try {
    const started = performance.now();
    const before = sizesEncoded();
    for (const [folder, pictures, reach] of await picturesInPageOrder(ctx.db)) {
      makeSizesAhead(ctx, folder, pictures, reach);
    }
    await whenSizesMade();
    const made = sizesEncoded() - before;
    if (made > 0) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(`Tailles d'images préparées : ${made} fichiers en ${seconds} s.`);
    }
  } catch (error) {
    console.error("Préparation des tailles d'images interrompue (elles seront faites à la demande)", error);
  }
}
