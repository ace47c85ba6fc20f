/**
 * Image storage: every stored image is judged by its magic bytes (PNG, JPEG, GIF, WebP — nothing
 * else reaches a decoder), decoded and re-encoded by sharp (metadata stripped, longest side <=
 * 1920 px, pixel cap against decompression bombs, first frame only, a time limit) and kept as WebP
 * in the shop's original store (image-originals.server.ts: files under $DATA_DIR/uploads/ on SQLite,
 * the database on PostgreSQL, ADR 015). Resized variants are cached under $DATA_DIR/cache/{folder}/,
 * per instance: made ahead of time after a store and at start (image-variants.server.ts), or on a
 * request that finds one missing; a file dies with its record (deleteStoredImages, ADR 010). All of
 * sharp's work shares one lane that leaves a core for pages (imageLane, ADR 021).
 */
import { readdirSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { newId } from "./ids.server";
import type { OriginalStore } from "./image-originals.server";

export const IMAGE_FOLDERS = ["products", "site", "events", "avatars"] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** Widths a page may ask for (srcset); "thumb" is the 100x100 square of the admin lists. */
export const IMAGE_WIDTHS = [200, 400, 800, 1200, 1920] as const;
export type ImageVariant = (typeof IMAGE_WIDTHS)[number] | "thumb";
const IMAGE_VARIANTS: readonly ImageVariant[] = [...IMAGE_WIDTHS, "thumb"];

export const MAX_IMAGE_SIDE = 1920;
/** About 50 megapixels: larger inputs are refused before decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** A runaway decode is stopped rather than left to hold a core (ADR 010). */
export const UPLOAD_TIMEOUT_SECONDS = 20;
const VARIANT_TIMEOUT_SECONDS = 20;

const FILE_NAME = /^[a-z0-9]{15}\.webp$/;

export const FORMAT_NOT_ACCEPTED = "Format non accepté : PNG, JPG, GIF ou WebP uniquement.";
export const IMAGE_INVALID = "Ce fichier n'est pas une image valide.";
export const IMAGE_TOO_BIG = "Cette image est trop grande (50 mégapixels au maximum).";
export const IMAGE_TOO_SLOW =
  "Cette image demande trop de calcul pour être traitée. Essayez une image plus simple.";
export const IMAGES_BUSY = "Trop d'images sont en cours de traitement. Réessayez dans un instant.";

/** Refused upload: `status` is the HTTP answer (415 format, 413 size, 422 unreadable, 503 busy). */
export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly status: 413 | 415 | 422 | 503 = 422,
  ) {
    super(message);
  }
}

export interface StoredImage {
  fileName: string;
  width: number;
  height: number;
}

export type AcceptedFormat = "png" | "jpeg" | "gif" | "webp";

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/**
 * The format by magic bytes alone, before any decoder sees the file: SVG (whose filters cost
 * seconds of CPU per pixel), TIFF, HEIF, PDF and anything else libvips could open are refused here.
 */
export function sniffImageFormat(input: Uint8Array): AcceptedFormat | null {
  if (startsWith(input, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(input, [0xff, 0xd8, 0xff])) return "jpeg";
  if (
    startsWith(input, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(input, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  )
    return "gif";
  // RIFF, four bytes of length, WEBP.
  if (startsWith(input, [0x52, 0x49, 0x46, 0x46]) && startsWith(input, [0x57, 0x45, 0x42, 0x50], 8))
    return "webp";
  return null;
}

/**
 * What a piece of image work is for: a visitor's missing size (someone is looking at the page), an
 * upload (someone waits for the form's answer) or background work (sizes made ahead of time, ADR 010).
 */
export type ImageWork = "visitor" | "upload" | "background";

/** Who waits for a size: a visitor's request, or the background work of making sizes ahead. */
export type VariantPriority = Extract<ImageWork, "visitor" | "background">;

/** The threads of libuv's pool (UV_THREADPOOL_SIZE, read once by libuv; 4 unless set). */
export function libuvThreadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number.parseInt(env.UV_THREADPOOL_SIZE ?? "", 10);
  return Number.isInteger(size) && size > 0 ? Math.min(size, 1024) : 4;
}

/**
 * How many sharp tasks may run at once, uploads, visitors' sizes and background work together
 * (ADR 021). Each task holds one core (sharp.concurrency(1) below): one core fewer than the machine
 * has, so a page is never left waiting for a core behind sharp; one thread fewer than libuv's pool
 * (sharp runs there), so file reads always have one; and at least one.
 */
export function imagePlaces(cores = os.availableParallelism(), threadPool = libuvThreadPoolSize()): number {
  return Math.max(1, Math.min(cores - 1, threadPool - 1));
}

export type ImageLaneLimits = {
  /** Tasks running at once, whatever they are for. */
  places: number;
  /** Visitors' sizes that may wait for a place; one more is refused at once (503 IMAGES_BUSY). */
  visitorsWaiting: number;
  /** Uploads that may wait (they are encoded one at a time); one more is refused at once. */
  uploadsWaiting: number;
};

/**
 * The one lane all of sharp's work goes through (ADR 021). At most `places` tasks at once. People
 * first: visitors' sizes and uploads take a free place in the order they came (uploads one at a
 * time); background work runs only while the lane is otherwise idle — no task running, nobody
 * waiting — so sizes made ahead never hold a place a visitor needs, except the one background size
 * already begun, which a visitor then waits for. Past its waiting line a visitor's size or an upload
 * is refused at once (ImageRejectedError 503) instead of holding its request for seconds.
 */
export function imageLane({ places, visitorsWaiting, uploadsWaiting }: ImageLaneLimits) {
  let active = 0;
  let uploading = false;
  /** Visitors and uploads, in the order they came. */
  const people: { work: "visitor" | "upload"; start: () => void }[] = [];
  const background: (() => void)[] = [];
  const waitingFor = (work: ImageWork) => people.filter((person) => person.work === work).length;
  const canStart = (work: ImageWork) =>
    work === "background"
      ? active === 0 && people.length === 0
      : active < places && !(work === "upload" && uploading);
  const begin = (work: ImageWork) => {
    active++;
    if (work === "upload") uploading = true;
  };
  const startWaiting = () => {
    for (;;) {
      const next = people.findIndex((person) => canStart(person.work));
      if (next === -1) break;
      const [person] = people.splice(next, 1) as [(typeof people)[number]];
      begin(person.work);
      person.start();
    }
    if (canStart("background")) {
      const next = background.shift();
      if (next) {
        begin("background");
        next();
      }
    }
  };
  const run = async <T>(task: () => Promise<T>, work: ImageWork = "visitor"): Promise<T> => {
    if (canStart(work)) begin(work);
    else if (work === "background") await new Promise<void>((resolve) => background.push(resolve));
    else {
      const limit = work === "visitor" ? visitorsWaiting : uploadsWaiting;
      if (waitingFor(work) >= limit) throw new ImageRejectedError(IMAGES_BUSY, 503);
      await new Promise<void>((resolve) => people.push({ work, start: resolve }));
    }
    try {
      return await task();
    } finally {
      active--;
      if (work === "upload") uploading = false;
      startWaiting();
    }
  };
  /** Tasks running and waiting, by kind (tests). */
  const state = () => ({
    active,
    visitorsWaiting: waitingFor("visitor"),
    uploadsWaiting: waitingFor("upload"),
    backgroundWaiting: background.length,
  });
  return Object.assign(run, { state });
}

// One libvips thread per task: with libvips' default (the core count where the allocator allows it,
// e.g. MALLOC_ARENA_MAX set or musl) one AVIF encoding spreads over every core (ADR 021).
sharp.concurrency(1);

/** This process's places for sharp: 1 on the shop's 2-core machine. */
export const IMAGE_PLACES = imagePlaces();

/**
 * Visitors' sizes that may wait, four a place: the last waits about two seconds (an AVIF size takes
 * 0.3–1 s of a core); past them the image route answers with the original at once (ADR 021).
 */
export const VISITOR_SIZES_WAITING = 4 * IMAGE_PLACES;

/** Nice value of libvips' threads: a page's render wins a contended core (ADR 021). */
export const PICTURE_THREAD_NICE = 10;

/**
 * Linux: every libvips worker thread of this process runs at a niceness of PICTURE_THREAD_NICE at
 * least, so that when the core left for pages is shared after all (the visitors' own connections, the garbage collector,
 * another process), the scheduler gives it to the page being rendered first and to the encoding
 * after (ADR 021). libvips keeps its workers between tasks; each is lowered once, when seen. Returns
 * how many were lowered by this call. Elsewhere (or without /proc) it does nothing.
 */
const loweredThreads = new Set<number>();
export function lowerPictureThreads(tasksDir = "/proc/self/task"): number {
  if (process.platform !== "linux") return 0;
  let threads: string[];
  try {
    threads = readdirSync(tasksDir);
  } catch {
    return 0;
  }
  let lowered = 0;
  const alive = new Set<number>();
  for (const entry of threads) {
    const tid = Number(entry);
    alive.add(tid);
    if (loweredThreads.has(tid)) continue;
    try {
      if (!readFileSync(path.join(tasksDir, entry, "comm"), "utf8").startsWith("libvips")) continue;
      // Never raised: a shop started below the usual priority (nice) keeps its threads there.
      if (os.getPriority(tid) < PICTURE_THREAD_NICE) {
        os.setPriority(tid, PICTURE_THREAD_NICE);
        lowered++;
      }
      loweredThreads.add(tid);
    } catch {
      // The thread ended meanwhile, or the system refused: the encoding runs at the usual priority.
    }
  }
  // A thread id is reused once its thread has ended: forget those.
  for (const tid of loweredThreads) if (!alive.has(tid)) loweredThreads.delete(tid);
  return lowered;
}

const lane = imageLane({
  places: IMAGE_PLACES,
  visitorsWaiting: VISITOR_SIZES_WAITING,
  uploadsWaiting: 16,
});

/**
 * This process's lane: every sharp task but the demo seed's drawing, before the shop listens. The
 * threads libvips starts for a task are lowered shortly after it begins and when it ends.
 */
export const imageWork = Object.assign(
  <T>(task: () => Promise<T>, work?: ImageWork): Promise<T> =>
    lane(async () => {
      lowerPictureThreads();
      const soon = setTimeout(lowerPictureThreads, 20);
      soon.unref();
      try {
        return await task();
      } finally {
        clearTimeout(soon);
        lowerPictureThreads();
      }
    }, work),
  { state: lane.state },
);

function isTimeout(error: unknown): boolean {
  return error instanceof Error && /timeout/i.test(error.message);
}

/** Decoded and re-encoded to WebP, as every original is kept; the caller has already judged the bytes. */
async function encodeOriginal(pipeline: Sharp): Promise<{ data: Buffer; info: OutputInfo }> {
  try {
    return await pipeline
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .timeout({ seconds: UPLOAD_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (isTimeout(error)) throw new ImageRejectedError(IMAGE_TOO_SLOW, 422);
    throw new ImageRejectedError(IMAGE_INVALID, 422);
  }
}

async function writeOriginal(
  originals: OriginalStore,
  folder: ImageFolder,
  output: { data: Buffer; info: { width: number; height: number } },
): Promise<StoredImage> {
  const fileName = `${newId()}.webp`;
  await originals.put(folder, fileName, output.data);
  return { fileName, width: output.info.width, height: output.info.height };
}

/** An uploaded file: accepted formats only, bounded work, one upload encoded at a time. */
export async function storeImage(
  originals: OriginalStore,
  folder: ImageFolder,
  input: Buffer,
): Promise<StoredImage> {
  const format = sniffImageFormat(input);
  if (!format) throw new ImageRejectedError(FORMAT_NOT_ACCEPTED, 415);
  return imageWork(async () => {
    // Only the first frame of an animation is ever decoded: one picture's worth of work.
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 } as const;
    // The header alone tells the size: a decompression bomb is refused before any pixel is decoded.
    let pixels: number;
    try {
      const meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
      if (meta.format !== format) throw new Error("format mismatch");
      pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
    } catch {
      throw new ImageRejectedError(IMAGE_INVALID, 422);
    }
    if (pixels > MAX_INPUT_PIXELS) throw new ImageRejectedError(IMAGE_TOO_BIG, 413);
    return writeOriginal(originals, folder, await encodeOriginal(sharp(input, options)));
  }, "upload");
}

/**
 * The demo shop's code-drawn artwork (never user input) rasterised to WebP as an original is kept:
 * by the build, which keeps the drawings for every first start, or by a seed that finds none
 * (ADR 030). Outside the upload lane: it runs before the shop listens.
 */
export async function drawImage(svg: string): Promise<Buffer> {
  const { data } = await encodeOriginal(sharp(Buffer.from(svg), { limitInputPixels: MAX_INPUT_PIXELS }));
  return data;
}

/** A drawing of the demo's (drawImage) kept as an original; the header gives its size. */
export async function storeDrawing(
  originals: OriginalStore,
  folder: ImageFolder,
  webp: Buffer,
): Promise<StoredImage> {
  const { width = 0, height = 0 } = await sharp(webp).metadata();
  return writeOriginal(originals, folder, { data: webp, info: { width, height } });
}

export function isImageFolder(value: string): value is ImageFolder {
  return (IMAGE_FOLDERS as readonly string[]).includes(value);
}

export function isStoredFileName(value: string): boolean {
  return FILE_NAME.test(value);
}

export function parseVariant(value: string | null): ImageVariant | null {
  if (value === null || value === "") return 1200;
  if (value === "thumb") return "thumb";
  const width = Number(value);
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? (width as ImageVariant) : null;
}

export type ImageFormat = "webp" | "avif";
export const IMAGE_FORMATS: readonly ImageFormat[] = ["webp", "avif"];

/** AVIF when the browser says it takes it (smaller files), else WebP (every browser we target). */
export function preferredFormat(accept: string | null): ImageFormat {
  return accept?.includes("image/avif") ? "avif" : "webp";
}

/**
 * Where a shop's pictures are: the originals (the source of truth, shared by every instance on
 * PostgreSQL) and this instance's cache of resized sizes.
 */
export type ImageStorage = { originals: OriginalStore; cacheDir: string };

function cachedPath(
  storage: ImageStorage,
  folder: ImageFolder,
  fileName: string,
  variant: ImageVariant,
  format: ImageFormat,
) {
  return path.join(storage.cacheDir, folder, `${variant}-${fileName.replace(/\.webp$/, "")}.${format}`);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Whether the stored original is still there: every answer for its sizes depends on it. */
export function originalExists(
  storage: ImageStorage,
  folder: ImageFolder,
  fileName: string,
): Promise<boolean> {
  return storage.originals.exists(folder, fileName);
}

/**
 * Sizes being encoded right now, by target file: a second asker (a visitor, or the background work)
 * waits for that encoding instead of making the same file twice.
 */
const encoding = new Map<string, Promise<string | null>>();

let encodedCount = 0;

/** How many sizes this process has encoded (the start-up report; tests prove a size was not remade). */
export function sizesEncoded(): number {
  return encodedCount;
}

function track(target: string, work: Promise<string | null>): Promise<string | null> {
  encoding.set(target, work);
  const forget = () => {
    if (encoding.get(target) === work) encoding.delete(target);
  };
  work.then(forget, forget);
  return work;
}

/**
 * The path of a cached variant, made if missing — only while its original exists, so a deleted
 * picture's sizes die with it, on every instance: the original is asked first (one cheap check: a
 * stat, or a primary-key lookup that loads no bytes), the local cache only then. The one way a
 * size is ever made: a visitor's request (made now, ahead of any background work) and the sizes
 * made ahead of time (priority "background", image-variants.server.ts) share the lane and the
 * encoding. A visitor's size that would wait behind too many others is refused at once
 * (ImageRejectedError 503; the image route then sends the original, ADR 021); a request for a size
 * already being made waits for it and is never refused. Names are validated by the caller, so no
 * path built here can leave the data folder.
 */
export async function variantPath(
  storage: ImageStorage,
  folder: ImageFolder,
  fileName: string,
  variant: ImageVariant,
  format: ImageFormat = "webp",
  priority: VariantPriority = "visitor",
): Promise<string | null> {
  const target = cachedPath(storage, folder, fileName, variant, format);
  if (!(await storage.originals.exists(folder, fileName))) {
    // A size encoded while its original was being deleted, or cached here before another instance
    // deleted the picture, must not outlive it.
    await fs.rm(target, { force: true }).catch(() => {});
    return null;
  }
  if (await exists(target)) return target;
  const pending = encoding.get(target);
  if (pending) return pending;
  const encode = () => encodeVariant(storage, folder, fileName, variant, format, target);
  // A visitor's size is known as "being made" from the moment it is asked, so a second visitor
  // waits for it rather than queueing again; background work is known only once it runs, so a
  // visitor never waits behind the background queue for a size it could have made at once.
  if (priority === "visitor") return track(target, imageWork(encode, "visitor"));
  return imageWork(() => encoding.get(target) ?? track(target, encode()), "background");
}

async function encodeVariant(
  storage: ImageStorage,
  folder: ImageFolder,
  fileName: string,
  variant: ImageVariant,
  format: ImageFormat,
  target: string,
): Promise<string | null> {
  // Another request may have made it while this one waited.
  if (await exists(target)) return target;
  const source = await storage.originals.get(folder, fileName);
  if (!source) return null;
  const pipeline = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).timeout({
    seconds: VARIANT_TIMEOUT_SECONDS,
  });
  const resized =
    variant === "thumb"
      ? pipeline.resize(100, 100, { fit: "cover" })
      : pipeline.resize({ width: variant, withoutEnlargement: true });
  const encoded =
    format === "avif"
      ? resized.avif({ quality: variant === "thumb" ? 50 : 55, effort: 3 })
      : resized.webp({ quality: variant === "thumb" ? 70 : 78 });
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Write then rename: a concurrent reader never sees a half-written file.
  const temporary = `${target}.${process.pid}.${newId(6)}.tmp`;
  try {
    await encoded.toFile(temporary);
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => {});
    if (!(await storage.originals.exists(folder, fileName))) return null;
    throw error;
  }
  // Deleted while it was being encoded: the deletion has already swept this folder, so the size
  // just written would outlive its picture.
  if (!(await storage.originals.exists(folder, fileName))) {
    await fs.rm(target, { force: true }).catch(() => {});
    return null;
  }
  encodedCount++;
  return target;
}

/**
 * Removes stored originals, then every size this instance cached of them (other instances' cached
 * sizes are never served again: their original is gone). Called only after the transaction that
 * dropped their records has committed (a failed transaction must not lose files); best effort,
 * since an original left behind is swept at the next start (image-sweep.server.ts). Names that are
 * not stored-file names are ignored, so a stray value in a record can never reach another path.
 */
export async function deleteStoredImages(
  storage: ImageStorage,
  folder: ImageFolder,
  fileNames: readonly string[],
) {
  const names = fileNames.filter(isStoredFileName);
  if (names.length === 0) return;
  await storage.originals.delete(folder, names).catch((error) => {
    console.error("Suppression d'images interrompue (reprise au prochain démarrage)", error);
  });
  const sizes = names.flatMap((name) =>
    IMAGE_VARIANTS.flatMap((variant) =>
      IMAGE_FORMATS.map((format) => cachedPath(storage, folder, name, variant, format)),
    ),
  );
  await Promise.all(sizes.map((file) => fs.rm(file, { force: true }).catch(() => {})));
}

/**
 * Pictures whose record can be deleted are revalidated; the seeded site pictures never change.
 * Avatars are personal: kept only by the browser itself and revalidated at every use (a 304 while
 * the account exists), so a deleted account's picture is gone at once (docs/product.md §10.21).
 */
export function imageCacheControl(folder: ImageFolder): string {
  if (folder === "site") return "public, max-age=31536000, immutable";
  if (folder === "avatars") return "private, no-cache, must-revalidate";
  return "public, max-age=600, must-revalidate";
}
