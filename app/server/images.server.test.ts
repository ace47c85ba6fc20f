import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  ImageRejectedError,
  isStoredFileName,
  parseVariant,
  preferredFormat,
  storeImage,
  variantPath,
} from "./images.server";

const dirs = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-img-"));
  return { uploadsDir: path.join(root, "uploads"), cacheDir: path.join(root, "cache") };
};

describe("storeImage", () => {
  it("re-encodes to WebP with the longest side capped at 1920 px", async () => {
    const { uploadsDir } = dirs();
    const big = await sharp({ create: { width: 4000, height: 2000, channels: 3, background: "#1f7a8c" } })
      .png()
      .toBuffer();
    const stored = await storeImage(uploadsDir, "products", big);
    expect(stored).toMatchObject({ width: 1920, height: 960 });
    expect(isStoredFileName(stored.fileName)).toBe(true);
    const meta = await sharp(path.join(uploadsDir, "products", stored.fileName)).metadata();
    expect(meta.format).toBe("webp");
  });

  it("refuses what is not an image, whatever its name", async () => {
    const { uploadsDir } = dirs();
    await expect(storeImage(uploadsDir, "products", Buffer.from("<?php echo 1; ?>"))).rejects.toThrow(
      ImageRejectedError,
    );
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const { uploadsDir } = dirs();
    // A tiny PNG whose header claims 10000 x 10000 pixels (100 megapixels, under sharp's own limit).
    const bomb = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(10_000, 16); // IHDR width
    bomb.writeUInt32BE(10_000, 20); // IHDR height
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29); // IHDR CRC, so the header is valid
    await expect(storeImage(uploadsDir, "products", bomb)).rejects.toThrow(
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
    const stored = await storeImage(d.uploadsDir, "products", source);
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
