import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { createDiskOriginalStore } from "./image-originals.server";
import {
  deleteStoredImages,
  FORMAT_NOT_ACCEPTED,
  IMAGE_PLACES,
  IMAGES_BUSY,
  ImageRejectedError,
  imageCacheControl,
  imageLane,
  imagePlaces,
  imageWork,
  isStoredFileName,
  libuvThreadPoolSize,
  parseVariant,
  preferredFormat,
  sizesEncoded,
  sniffImageFormat,
  storeImage,
  VISITOR_SIZES_WAITING,
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

/** Lets every task that can start, start (the lane starts them on promise callbacks). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A task that records its start and runs until `finish(name)` is called. */
function gated() {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      gates.set(name, () => resolve(name));
    });
  const finish = async (name: string) => {
    gates.get(name)?.();
    await settle();
  };
  return { started, task, finish };
}

describe("bounded image work (ADR 021)", () => {
  it("leaves one core for pages: one place fewer than the cores, at least one, within libuv's pool", () => {
    expect(imagePlaces(2, 4)).toBe(1); // the shop's machine
    expect(imagePlaces(1, 4)).toBe(1); // one core: sharp still works, one task at a time
    expect(imagePlaces(4, 4)).toBe(3);
    // libuv's pool runs sharp and the file reads: one of its threads always stays for the reads.
    expect(imagePlaces(8, 4)).toBe(3);
    expect(imagePlaces(8, 16)).toBe(7);
    expect(imagePlaces(8, 1)).toBe(1);
    expect(libuvThreadPoolSize({})).toBe(4);
    expect(libuvThreadPoolSize({ UV_THREADPOOL_SIZE: "12" })).toBe(12);
    expect(libuvThreadPoolSize({ UV_THREADPOOL_SIZE: "douze" })).toBe(4);
    expect(IMAGE_PLACES).toBe(imagePlaces(os.availableParallelism(), libuvThreadPoolSize()));
    expect(VISITOR_SIZES_WAITING).toBe(4 * IMAGE_PLACES);
  });

  it("pins libvips to one thread per image, whatever the allocator would let sharp choose", async () => {
    // sharp picks 1 only on glibc without jemalloc or MALLOC_ARENA_MAX; elsewhere, the core count.
    sharp.concurrency(3);
    vi.resetModules();
    await import("./images.server");
    expect(sharp.concurrency()).toBe(1);
  });

  it.runIf(process.platform === "linux")(
    "runs libvips' threads below pages' priority: each encoding thread lowered to nice 10",
    async () => {
      const { imageWork, lowerPictureThreads, PICTURE_THREAD_NICE } = await import("./images.server");
      // The priority this process was started with (0, or more under `nice`).
      const own = os.getPriority(process.pid);
      const input = await sharp({
        create: { width: 900, height: 900, channels: 3, background: { r: 10, g: 90, b: 120 } },
      })
        .png()
        .toBuffer();
      await imageWork(() => sharp(input).resize(600).avif({ effort: 3 }).toBuffer(), "visitor");
      const threads = fs.readdirSync("/proc/self/task").map((tid) => ({
        tid: Number(tid),
        name: fs.readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim(),
      }));
      const pictures = threads.filter((thread) => thread.name.startsWith("libvips"));
      expect(pictures.length).toBeGreaterThan(0);
      for (const thread of pictures)
        expect(os.getPriority(thread.tid), thread.name).toBe(Math.max(PICTURE_THREAD_NICE, own));
      // The JavaScript thread, which renders pages, keeps its own priority.
      expect(os.getPriority(process.pid)).toBe(own);
      expect(lowerPictureThreads()).toBe(0);
    },
  );

  it("runs at most `places` tasks at once, visitors and uploads in the order they came", async () => {
    const run = imageLane({ places: 2, visitorsWaiting: 10, uploadsWaiting: 10 });
    const { started, task, finish } = gated();
    const all = [
      run(task("u1"), "upload"),
      run(task("u2"), "upload"),
      run(task("v1"), "visitor"),
      run(task("v2"), "visitor"),
      run(task("u3"), "upload"),
    ];
    await settle();
    // Uploads are encoded one at a time: v1 takes the place u2 may not.
    expect(started).toEqual(["u1", "v1"]);
    expect(run.state()).toMatchObject({ active: 2, visitorsWaiting: 1, uploadsWaiting: 2 });
    await finish("u1");
    expect(started).toEqual(["u1", "v1", "u2"]); // the first who came and may start
    await finish("v1");
    expect(started).toEqual(["u1", "v1", "u2", "v2"]); // u3 waits for u2
    await finish("u2");
    expect(started).toEqual(["u1", "v1", "u2", "v2", "u3"]);
    await finish("v2");
    await finish("u3");
    expect(await Promise.all(all)).toEqual(["u1", "u2", "v1", "v2", "u3"]);
    expect(run.state()).toMatchObject({ active: 0, visitorsWaiting: 0, uploadsWaiting: 0 });
  });

  it("refuses a visitor's size or an upload at once past its waiting line, and lets the others through", async () => {
    const run = imageLane({ places: 1, visitorsWaiting: 2, uploadsWaiting: 1 });
    const { started, task, finish } = gated();
    const all = [run(task("v1")), run(task("v2")), run(task("v3")), run(task("u1"), "upload")];
    await expect(run(task("v4"))).rejects.toMatchObject({ status: 503, message: IMAGES_BUSY });
    await expect(run(task("u2"), "upload")).rejects.toMatchObject({ status: 503 });
    // Background work is never refused: it waits for the lane to be idle.
    const background = run(task("b1"), "background");
    for (const name of ["v1", "v2", "v3", "u1"]) await finish(name);
    expect(started).toEqual(["v1", "v2", "v3", "u1", "b1"]);
    await finish("b1");
    await Promise.all([...all, background]);
  });
});

describe("a visitor's size past the waiting line", () => {
  it("is refused at once, while a size already being made is shared and a cached one served", async () => {
    const d = dirs();
    const source = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#c9a66b" } })
      .png()
      .toBuffer();
    const stored = await storeImage(d.originals, "products", source);
    const cached = await variantPath(d, "products", stored.fileName, 400);
    const encoded = sizesEncoded();
    // Every place taken and every waiting place but one.
    const { task, finish } = gated();
    const held = Array.from({ length: IMAGE_PLACES + VISITOR_SIZES_WAITING - 1 }, (_, i) =>
      imageWork(task(`held${i}`), "visitor"),
    );
    await settle();
    const wanted = variantPath(d, "products", stored.fileName, 800, "avif");
    await vi.waitFor(() => expect(imageWork.state().visitorsWaiting).toBe(VISITOR_SIZES_WAITING));
    // The same size again joins the encoding already queued: never refused, never made twice.
    const again = variantPath(d, "products", stored.fileName, 800, "avif");
    await expect(variantPath(d, "products", stored.fileName, 1200, "avif")).rejects.toMatchObject({
      status: 503,
    });
    expect(await variantPath(d, "products", stored.fileName, 400)).toBe(cached);
    for (let i = 0; i < held.length; i++) await finish(`held${i}`);
    await Promise.all(held);
    const [made, shared] = await Promise.all([wanted, again]);
    expect(made).not.toBeNull();
    expect(shared).toBe(made);
    expect(sizesEncoded() - encoded).toBe(1);
    expect(imageWork.state()).toMatchObject({ active: 0, visitorsWaiting: 0 });
  });
});
