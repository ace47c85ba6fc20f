/**
 * The demo's pictures, drawn ahead of its first start (ADR 030). Drawing them (~130 SVGs rasterised
 * and encoded to WebP) is ~40 s of one core, nearly all of a seed's work: `npm run build` draws them
 * into build/demo-pictures/, each under a name that hashes its SVG, and a seed reads them there. A
 * drawing the folder lacks (a checkout that was never built, artwork changed since the build) is
 * drawn by the seed and kept there for the next.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { STORY_PICTURES } from "~/features/content/shop-texts";
import { drawImage } from "~/server/images.server";
import {
  renderEventArt,
  renderHeroArt,
  renderInspirationArt,
  renderProductArt,
  renderStoryArt,
} from "./artwork";
import {
  type DemoProduct,
  demoEvents,
  demoHeroSlides,
  demoInspirationAlts,
  demoProducts,
} from "./demo-content";

/** Runs `task` over `items`, at most `limit` at a time (each drawing holds one libvips thread). */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}

/** A demo piece's views, first to last. */
export const productDrawings = (demo: DemoProduct) =>
  Array.from({ length: demo.art.views }, (_, view) =>
    renderProductArt(demo.art.kind, demo.art.variant, view),
  );

/** Every drawing a seed stores (the seed draws, at its start, any this list forgot). */
export function demoDrawings(): string[] {
  return [
    ...demoHeroSlides.map((_, index) => renderHeroArt(index)),
    ...demoInspirationAlts.map((_, index) => renderInspirationArt(index)),
    ...STORY_PICTURES.map((name) => renderStoryArt(name)),
    ...demoProducts.flatMap(productDrawings),
    ...demoEvents.map((event) => renderEventArt(event.artIndex)),
  ];
}

/** A drawing's file: the same SVG, the same name. */
export const drawingFileName = (svg: string) =>
  `${crypto.createHash("sha256").update(svg).digest("hex").slice(0, 32)}.webp`;

/**
 * The pictures of the demo's drawings, read from `folder` when it has them, else drawn (and kept
 * there when it can be written: a release folder may be read-only to the shop).
 */
export function demoPictureFolder(folder: string | undefined) {
  let drawn = 0;
  return {
    /** How many pictures were drawn rather than read. */
    get drawn() {
      return drawn;
    },
    async picture(svg: string): Promise<Buffer> {
      const file = folder && path.join(folder, drawingFileName(svg));
      if (file) {
        try {
          return await fs.readFile(file);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
        }
      }
      const webp = await drawImage(svg);
      drawn++;
      if (file) {
        // Written aside, then renamed: a start racing this one never reads half a picture.
        const partial = `${file}.${process.pid}-${crypto.randomBytes(3).toString("hex")}`;
        try {
          await fs.mkdir(path.dirname(file), { recursive: true });
          await fs.writeFile(partial, webp);
          await fs.rename(partial, file);
        } catch {
          // Not kept, still served: the folder is not the shop's to write.
          await fs.rm(partial, { force: true }).catch(() => undefined);
        }
      }
      return webp;
    },
  };
}
