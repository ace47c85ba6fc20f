/**
 * Image storage: every stored image is decoded and re-encoded by sharp (type by content, metadata
 * stripped, longest side <= 1920 px, pixel cap against decompression bombs) and kept as WebP under
 * $DATA_DIR/uploads/{folder}/. Resized variants are made on first request and cached on disk.
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type OutputInfo } from "sharp";
import { newId } from "./ids.server";

export const IMAGE_FOLDERS = ["products", "site", "events", "avatars"] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** Widths a page may ask for (srcset); "thumb" is the 100x100 square of spec §7 "Files". */
export const IMAGE_WIDTHS = [200, 400, 800, 1200, 1920] as const;
export type ImageVariant = (typeof IMAGE_WIDTHS)[number] | "thumb";

export const MAX_IMAGE_SIDE = 1920;
/** About 50 megapixels: larger inputs are refused before decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;

const FILE_NAME = /^[a-z0-9]{15}\.webp$/;

export class ImageRejectedError extends Error {}

export interface StoredImage {
  fileName: string;
  width: number;
  height: number;
}

export async function storeImage(
  uploadsDir: string,
  folder: ImageFolder,
  input: Buffer,
): Promise<StoredImage> {
  // The header alone tells the size: a decompression bomb is refused before any pixel is decoded.
  let pixels: number;
  try {
    const meta = await sharp(input).metadata();
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new ImageRejectedError("Ce fichier n'est pas une image valide.");
  }
  if (pixels > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError("Cette image est trop grande (50 mégapixels au maximum).");
  }
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejectedError("Ce fichier n'est pas une image valide.");
  }
  const fileName = `${newId()}.webp`;
  const dir = path.join(uploadsDir, folder);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, fileName), output.data);
  return { fileName, width: output.info.width, height: output.info.height };
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

/** AVIF when the browser says it takes it (smaller files), else WebP (every browser we target). */
export function preferredFormat(accept: string | null): ImageFormat {
  return accept?.includes("image/avif") ? "avif" : "webp";
}

/**
 * The path of a cached variant, created on first use. Names are validated by the caller, so no
 * path built here can leave the data folder.
 */
export async function variantPath(
  dirs: { uploadsDir: string; cacheDir: string },
  folder: ImageFolder,
  fileName: string,
  variant: ImageVariant,
  format: ImageFormat = "webp",
): Promise<string | null> {
  const source = path.join(dirs.uploadsDir, folder, fileName);
  const target = path.join(dirs.cacheDir, folder, `${variant}-${fileName.replace(/\.webp$/, "")}.${format}`);
  try {
    await fs.access(target);
    return target;
  } catch {
    // Not cached yet.
  }
  try {
    await fs.access(source);
  } catch {
    return null;
  }
  const pipeline = sharp(source);
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
  await encoded.toFile(temporary);
  await fs.rename(temporary, target);
  return target;
}
