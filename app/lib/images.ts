/** Client-safe image URLs (served by app/routes/api/images.ts). */
export type ImageFolder = "products" | "site" | "events" | "avatars";
export type ImageWidth = 200 | 400 | 800 | 1200 | 1920;

export const PLACEHOLDER_IMAGE = "/placeholder.png";

/** What the server takes for any picture (products, events), judged there by magic bytes (ADR 010): never SVG. */
export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const ACCEPTED_IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp)$/i;
export const ACCEPTED_IMAGE_INPUT = ".png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp";
export const NOT_AN_ACCEPTED_IMAGE = "n'est pas une image acceptée (PNG, JPG, GIF ou WebP uniquement).";

/** The widths pages offer in a srcset (the route also answers 200, for links made before). */
const PAGE_WIDTHS = [400, 800, 1200, 1920] as const satisfies readonly ImageWidth[];

/**
 * The widths pages name for a picture `naturalWidth` px wide: every width below its own, then the
 * first at or above it — the picture at its own size, since a size is never enlarged (ADR 010).
 * Every URL a page builds for a stored picture of known width uses one of these, so the sizes the
 * server makes ahead of time (app/server/image-variants.server.ts) are exactly those asked for.
 */
export function pageWidths(naturalWidth: number): ImageWidth[] {
  const widths: ImageWidth[] = [];
  for (const width of PAGE_WIDTHS) {
    widths.push(width);
    if (width >= naturalWidth) break;
  }
  return widths;
}

/** `wanted`, or for a smaller picture the page width that holds it whole (its own size). */
export function fittedWidth(wanted: ImageWidth, naturalWidth: number): ImageWidth {
  const widths = pageWidths(naturalWidth);
  return widths.find((width) => width >= wanted) ?? (widths[widths.length - 1] as ImageWidth);
}

/**
 * A picture's URL at a width (or the 100x100 "thumb"); with its natural width, the width is
 * fitted to it (fittedWidth), so a small picture is never asked for at a size pages do not use.
 */
export function imageUrl(
  folder: ImageFolder,
  fileName: string,
  width?: ImageWidth | "thumb",
  naturalWidth?: number,
): string {
  const asked = width && width !== "thumb" && naturalWidth ? fittedWidth(width, naturalWidth) : width;
  return `/images/${folder}/${fileName}${asked ? `?w=${asked}` : ""}`;
}

/**
 * A srcset over pageWidths: each candidate says the width its file really has (the last one, a
 * picture narrower than it, is the picture at its own size), so the browser's choice is truthful.
 */
export function imageSrcSet(folder: ImageFolder, fileName: string, naturalWidth: number): string {
  return pageWidths(naturalWidth)
    .map((width) => `${imageUrl(folder, fileName, width)} ${Math.min(width, naturalWidth) || width}w`)
    .join(", ");
}
