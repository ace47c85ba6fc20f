/**
 * Admin uploads (docs/security.md): the body was bounded before the route read it (multipart on
 * the upload routes only, 48 MB and 500 fields counted while it streams: body-limits.server.ts);
 * every file is judged by its magic bytes — only PNG, JPEG, GIF and WebP pass, SVG never (ADR 010)
 * — then re-encoded by storeImage.
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

export const NOT_AN_IMAGE = "n'est pas une image acceptée (PNG, JPG, GIF ou WebP uniquement).";

/**
 * The multipart or urlencoded body of an admin command. Its size and number of fields were
 * checked while it streamed; a body refused there has already been answered (413), and its
 * reader fails here like an unreadable one.
 */
export async function readLimitedForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    throw apiError("Requête invalide.", 400);
  }
  if (!request.body) throw apiError("Requête invalide.", 400);
  try {
    return await request.formData();
  } catch {
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
