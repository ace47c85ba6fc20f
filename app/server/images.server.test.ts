import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createDiskOriginalStore } from "./image-originals.server";
import {
  deleteStoredImages,
  FORMAT_NOT_ACCEPTED,
  ImageRejectedError,
  imageCacheControl,
  isStoredFileName,
  lane,
  parseVariant,
  preferredFormat,
  sniffImageFormat,
  storeImage,
  variantPath,
} from "./images.server";

/** A SQLite shop's image storage: originals as files under uploads/ (ADR 010), sizes under cache/. */
const dirs = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-img-"));
  const uploadsDir = path.join(root, "uploads");
  return { uploadsDir, cacheDir: path.join(root, "cache"), originals: createDiskOriginalStore(uploadsDir) };
};

describe("storeImage", () => {
  it("re-encodes to WebP with the longest side capped at 1920 px", async () => {
    const { uploadsDir, originals } = dirs();
    const big = await sharp({ create: { width: 4000, height: 2000, channels: 3, background: "#1f7a8c" } })
      .png()
      .toBuffer();
    const stored = await storeImage(originals, "products", big);
    expect(stored).toMatchObject({ width: 1920, height: 960 });
    expect(isStoredFileName(stored.fileName)).toBe(true);
    const meta = await sharp(path.join(uploadsDir, "products", stored.fileName)).metadata();
    expect(meta.format).toBe("webp");
  });

  it("refuses what is not an image, whatever its name", async () => {
    const { originals } = dirs();
    await expect(storeImage(originals, "products", Buffer.from("<?php echo 1; ?>"))).rejects.toThrow(
      ImageRejectedError,
    );
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const { originals } = dirs();
    // A tiny PNG whose header claims 10000 x 10000 pixels (100 megapixels, under sharp's own limit).
    const bomb = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(10_000, 16); // IHDR width
    bomb.writeUInt32BE(10_000, 20); // IHDR height
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29); // IHDR CRC, so the header is valid
    await expect(storeImage(originals, "products", bomb)).rejects.toThrow(
      "Cette image est trop grande (50 mégapixels au maximum).",
    );
  });
});

describe("variants", () => {
  it("makes and caches the 100x100 thumb and widths", async () => {
    const d = dirs();
    const source = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#f4ede4" } })
      .jpeg()
      .toBuffer();
    const stored = await storeImage(d.originals, "products", source);
    const thumb = await variantPath(d, "products", stored.fileName, "thumb");
    expect(await sharp(thumb as string).metadata()).toMatchObject({ width: 100, height: 100 });
    const medium = await variantPath(d, "products", stored.fileName, 400);
    expect(await sharp(medium as string).metadata()).toMatchObject({ width: 400, height: 300 });
    expect(await variantPath(d, "products", "aaaaaaaaaaaaaaa.webp", 400)).toBeNull();
    const avif = await variantPath(d, "products", stored.fileName, 800, "avif");
    expect(await sharp(avif as string).metadata()).toMatchObject({ format: "heif", width: 800, height: 600 });
  });

  it("prefers AVIF only when the browser accepts it", () => {
    expect(preferredFormat("image/avif,image/webp,image/apng,*/*;q=0.8")).toBe("avif");
    expect(preferredFormat("image/webp,*/*")).toBe("webp");
    expect(preferredFormat(null)).toBe("webp");
  });

  it("accepts only the listed widths and stored names", () => {
    expect(parseVariant("400")).toBe(400);
    expect(parseVariant("thumb")).toBe("thumb");
    expect(parseVariant(null)).toBe(1200);
    expect(parseVariant("401")).toBeNull();
    expect(isStoredFileName("../../nacre.sqlite")).toBe(false);
    expect(isStoredFileName("abcdefghijklmno.webp")).toBe(true);
  });
});

const FILTER_BOMB = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="10"/><feGaussianBlur stdDeviation="80"/><feMorphology radius="40"/></filter><rect width="4000" height="4000" filter="url(#f)"/></svg>`,
);

const raster = (format: "png" | "jpeg" | "gif" | "webp") =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: "#1f7a8c" } })
    .toFormat(format)
    .toBuffer();

describe("accepted formats, by magic bytes (ADR 010)", () => {
  it("refuses an SVG with filter primitives at once, before any decoder sees it", async () => {
    const { uploadsDir, originals } = dirs();
    const started = performance.now();
    const refused = storeImage(originals, "avatars", FILTER_BOMB);
    await expect(refused).rejects.toThrow(FORMAT_NOT_ACCEPTED);
    await expect(refused).rejects.toMatchObject({ status: 415 });
    expect(performance.now() - started).toBeLessThan(200);
    // With an XML prolog, a BOM or leading spaces too.
    for (const prefix of ['<?xml version="1.0"?>\n', "\uFEFF", "   "]) {
      await expect(
        storeImage(originals, "products", Buffer.concat([Buffer.from(prefix), FILTER_BOMB])),
      ).rejects.toThrow(FORMAT_NOT_ACCEPTED);
    }
    expect(fs.existsSync(path.join(uploadsDir, "avatars"))).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir, "products"))).toBe(false);
  });

  it("accepts PNG, JPEG, GIF and WebP, and stores each as WebP", async () => {
    const { uploadsDir, originals } = dirs();
    for (const format of ["png", "jpeg", "gif", "webp"] as const) {
      const input = await raster(format);
      expect(sniffImageFormat(input)).toBe(format);
      const stored = await storeImage(originals, "avatars", input);
      expect(stored).toMatchObject({ width: 16, height: 12 });
      const meta = await sharp(path.join(uploadsDir, "avatars", stored.fileName)).metadata();
      expect(meta.format).toBe("webp");
    }
  });

  it("refuses a text file renamed .png, TIFF, and a PNG signature over garbage", async () => {
    const { originals } = dirs();
    await expect(storeImage(originals, "avatars", Buffer.from("Bonjour, je suis un texte."))).rejects.toThrow(
      FORMAT_NOT_ACCEPTED,
    );
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    expect(sniffImageFormat(tiff)).toBeNull();
    await expect(storeImage(originals, "avatars", tiff)).rejects.toMatchObject({ status: 415 });
    const garbage = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await expect(storeImage(originals, "avatars", garbage)).rejects.toMatchObject({
      status: 422,
      message: "Ce fichier n'est pas une image valide.",
    });
    // A JPEG signature in front of a PNG: the decoder's own view must agree with the bytes.
    const png = await raster("png");
    await expect(
      storeImage(originals, "avatars", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png])),
    ).rejects.toThrow(ImageRejectedError);
  });

  it("decodes only the first frame of an animated GIF", async () => {
    const { uploadsDir, originals } = dirs();
    const frame = (background: string) =>
      sharp({ create: { width: 20, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = await Promise.all(Array.from({ length: 50 }, (_, i) => frame(i % 2 ? "#000" : "#fff")));
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(50);
    const stored = await storeImage(originals, "avatars", animated);
    expect(stored).toMatchObject({ width: 20, height: 20 });
    const meta = await sharp(path.join(uploadsDir, "avatars", stored.fileName)).metadata();
    expect(meta.pages ?? 1).toBe(1);
  });
});

describe("a file dies with its record (ADR 010)", () => {
  it("deletes the original and every cached size; sizes are never served without it", async () => {
    const d = dirs();
    const source = await raster("png");
    const stored = await storeImage(d.originals, "products", source);
    const kept = await storeImage(d.originals, "products", source);
    for (const variant of ["thumb", 400] as const) {
      for (const format of ["webp", "avif"] as const) {
        expect(await variantPath(d, "products", stored.fileName, variant, format)).not.toBeNull();
      }
    }
    expect(await variantPath(d, "products", kept.fileName, 400)).not.toBeNull();
    await deleteStoredImages(d, "products", [stored.fileName]);
    expect(fs.readdirSync(path.join(d.uploadsDir, "products"))).toEqual([kept.fileName]);
    expect(fs.readdirSync(path.join(d.cacheDir, "products"))).toEqual([
      `400-${kept.fileName.replace(".webp", "")}.webp`,
    ]);
    expect(await variantPath(d, "products", stored.fileName, 400)).toBeNull();
  });

  it("never serves a cached size whose original is gone (crash, or a file removed by hand)", async () => {
    const d = dirs();
    const stored = await storeImage(d.originals, "events", await raster("jpeg"));
    const cached = await variantPath(d, "events", stored.fileName, 800);
    fs.rmSync(path.join(d.uploadsDir, "events", stored.fileName));
    expect(await variantPath(d, "events", stored.fileName, 800)).toBeNull();
    expect(fs.existsSync(cached as string)).toBe(false);
  });

  it("ignores names that are not stored-file names", async () => {
    const d = dirs();
    fs.mkdirSync(d.uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(d.uploadsDir, "nacre.sqlite"), "db");
    await deleteStoredImages(d, "avatars", ["../nacre.sqlite", "../../nacre.sqlite"]);
    expect(fs.existsSync(path.join(d.uploadsDir, "nacre.sqlite"))).toBe(true);
  });

  it("lets deletable pictures be revalidated, never cached for a year", () => {
    for (const folder of ["products", "events", "avatars"] as const) {
      expect(imageCacheControl(folder)).not.toContain("immutable");
      expect(imageCacheControl(folder)).toContain("must-revalidate");
    }
    expect(imageCacheControl("site")).toContain("immutable");
  });

  it("keeps avatars out of shared caches and revalidates them at every use", () => {
    expect(imageCacheControl("avatars")).toContain("private");
    expect(imageCacheControl("avatars")).toContain("no-cache");
  });
});

describe("bounded image work", () => {
  it("runs at most `size` tasks at once and answers 503 past the waiting line", async () => {
    const run = lane(1, 2);
    let active = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const task = () =>
      run(async () => {
        active++;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => release.push(resolve));
        active--;
      });
    const running = [task(), task(), task()];
    await expect(task()).rejects.toMatchObject({ status: 503 });
    while (release.length > 0 || active > 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      release.shift()?.();
    }
    await Promise.all(running);
    expect(most).toBe(1);
  });
});
