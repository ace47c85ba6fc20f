/** Client-safe image URLs (served by app/routes/api/images.ts). */
export type ImageFolder = "products" | "site" | "events" | "avatars";
export type ImageWidth = 200 | 400 | 800 | 1200 | 1920;

export const PLACEHOLDER_IMAGE = "/placeholder.png";

export function imageUrl(folder: ImageFolder, fileName: string, width?: ImageWidth | "thumb"): string {
  return `/images/${folder}/${fileName}${width ? `?w=${width}` : ""}`;
}

/** A srcset over the widths the image route serves, capped at the image's own width. */
export function imageSrcSet(folder: ImageFolder, fileName: string, naturalWidth: number): string {
  const widths: ImageWidth[] = [400, 800, 1200, 1920];
  const usable = widths.filter((w) => w <= naturalWidth);
  if (usable.length === 0) usable.push(400);
  return usable.map((w) => `${imageUrl(folder, fileName, w)} ${w}w`).join(", ");
}
