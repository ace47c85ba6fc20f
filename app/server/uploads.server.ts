/**
 * Admin uploads (docs/security.md): the body is counted while it streams and refused past
 * MAX_UPLOAD_BYTES (413) before it is all read; every file is judged by its magic bytes — only
 * PNG, JPEG, GIF and WebP pass, SVG never (ADR 010) — then re-encoded by storeImage.
 */
import { apiError } from "./api-responses.server";
import {
  deleteStoredImages,
  type ImageFolder,
  ImageRejectedError,
  type ImageStorage,
  type StoredImage,
  sniffImageFormat,
  storeImage,
} from "./images.server";

/** Ten images of up to 4.5 MB (the browser compresses anything larger) fit in one save. */
export const MAX_UPLOAD_BYTES = 48_000_000;
export const UPLOAD_TOO_LARGE = "L'envoi est trop volumineux (48 Mo au maximum).";
export const NOT_AN_IMAGE = "n'est pas une image acceptée (PNG, JPG, GIF ou WebP uniquement).";

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

/** A refused file: the French message names it; `status` is the HTTP answer. */
export class UploadRejectedError extends Error {
  constructor(
    message: string,
    readonly status: number = 415,
  ) {
    super(message);
  }
}

/** The uploaded files of a form field, in order; empty parts (no file chosen) are skipped. */
export function filesOf(form: FormData, field: string): File[] {
  return form.getAll(field).filter((value): value is File => typeof value !== "string" && value.size > 0);
}

/** Checks every file, then stores them all; on any refusal nothing of the batch stays stored. */
export async function storeUploadedImages(
  storage: ImageStorage,
  folder: ImageFolder,
  files: File[],
): Promise<StoredImage[]> {
  const buffers: Buffer[] = [];
  for (const file of files) {
    const buffer = Buffer.from(await file.arrayBuffer());
    if (!sniffImageFormat(buffer)) {
      throw new UploadRejectedError(`« ${file.name.slice(0, 80)} » ${NOT_AN_IMAGE}`, 415);
    }
    buffers.push(buffer);
  }
  const stored: StoredImage[] = [];
  try {
    for (const buffer of buffers) stored.push(await storeImage(storage.originals, folder, buffer));
  } catch (error) {
    await deleteStoredImages(
      storage,
      folder,
      stored.map((image) => image.fileName),
    );
    if (error instanceof ImageRejectedError) throw new UploadRejectedError(error.message, error.status);
    throw error;
  }
  return stored;
}
