/**
 * Admin uploads (design.md "Security model"): the body is counted while it streams and refused
 * past MAX_UPLOAD_BYTES (413) before it is all read; every file is judged by its content — only
 * PNG, JPEG, GIF and SVG pass — then re-encoded by storeImage (SVG rasterised, never served as is).
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { apiError } from "./api-responses.server";
import { type ImageFolder, ImageRejectedError, type StoredImage, storeImage } from "./images.server";

/** Ten images of up to 4.5 MB (the browser compresses anything larger) fit in one save. */
export const MAX_UPLOAD_BYTES = 48_000_000;
export const UPLOAD_TOO_LARGE = "L'envoi est trop volumineux (48 Mo au maximum).";
export const NOT_AN_IMAGE = "n'est pas une image acceptée (PNG, JPG, JPEG, GIF ou SVG).";

class TooLargeError extends Error {}

/** The multipart or urlencoded body, read under the size cap. */
export async function readLimitedForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) throw apiError(UPLOAD_TOO_LARGE, 413);
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    throw apiError("Requête invalide.", 400);
  }
  if (!request.body) throw apiError("Requête invalide.", 400);
  let seen = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen <= MAX_UPLOAD_BYTES) controller.enqueue(chunk);
        // Past the cap the rest is read and dropped (no memory kept), so the client gets to read
        // the 413 instead of a reset connection; a body that never ends is cut off at 4x the cap.
        else if (seen > 4 * MAX_UPLOAD_BYTES) controller.error(new TooLargeError());
      },
      flush(controller) {
        if (seen > MAX_UPLOAD_BYTES) controller.error(new TooLargeError());
      },
    }),
  );
  try {
    return await new Response(limited, { headers: { "content-type": type } }).formData();
  } catch {
    if (seen > MAX_UPLOAD_BYTES) throw apiError(UPLOAD_TOO_LARGE, 413);
    throw apiError("Requête invalide.", 400);
  }
}

const ACCEPTED_FORMATS = new Set(["png", "jpeg", "gif", "svg"]);

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/** Magic bytes first (cheap, and sharp would also take WebP, TIFF, HEIF…), then sharp's own view. */
export async function sniffImageFormat(input: Buffer): Promise<"png" | "jpeg" | "gif" | "svg" | null> {
  let guess: "png" | "jpeg" | "gif" | "svg" | null = null;
  if (startsWith(input, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) guess = "png";
  else if (startsWith(input, [0xff, 0xd8, 0xff])) guess = "jpeg";
  else if (startsWith(input, [0x47, 0x49, 0x46, 0x38])) guess = "gif";
  else {
    const head = input
      .subarray(0, 4096)
      .toString("utf8")
      .replace(/^\uFEFF/, "");
    if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)) guess = "svg";
  }
  if (!guess) return null;
  try {
    const { format } = await sharp(input, { limitInputPixels: false }).metadata();
    return format && ACCEPTED_FORMATS.has(format) && format === guess ? guess : null;
  } catch {
    return null;
  }
}

export class UploadRejectedError extends Error {}

/** The uploaded files of a form field, in order; empty parts (no file chosen) are skipped. */
export function filesOf(form: FormData, field: string): File[] {
  return form.getAll(field).filter((value): value is File => typeof value !== "string" && value.size > 0);
}

/** Checks every file, then stores them all; on any refusal nothing stays on disk. */
export async function storeUploadedImages(
  uploadsDir: string,
  folder: ImageFolder,
  files: File[],
): Promise<StoredImage[]> {
  const buffers: Buffer[] = [];
  for (const file of files) {
    const buffer = Buffer.from(await file.arrayBuffer());
    if (!(await sniffImageFormat(buffer))) {
      throw new UploadRejectedError(`« ${file.name.slice(0, 80)} » ${NOT_AN_IMAGE}`);
    }
    buffers.push(buffer);
  }
  const stored: StoredImage[] = [];
  try {
    for (const buffer of buffers) stored.push(await storeImage(uploadsDir, folder, buffer));
  } catch (error) {
    await removeStoredImages(
      uploadsDir,
      folder,
      stored.map((image) => image.fileName),
    );
    if (error instanceof ImageRejectedError) throw new UploadRejectedError(error.message);
    throw error;
  }
  return stored;
}

/** Best effort: a file left behind wastes space but breaks nothing. */
export async function removeStoredImages(uploadsDir: string, folder: ImageFolder, fileNames: string[]) {
  await Promise.all(
    fileNames.map((name) => fs.rm(path.join(uploadsDir, folder, name), { force: true }).catch(() => {})),
  );
}
