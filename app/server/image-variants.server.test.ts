/**
 * Sizes made ahead of time (ADR 010): after an upload has committed and at start, in the background,
 * exactly the sizes pages ask for; a visitor's missing size goes first; a picture deleted while
 * queued gets none; a size made ahead is served as it is, never encoded again.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveEvent } from "~/features/events/event-admin.server";
import { imageSrcSet, imageUrl } from "~/lib/images";
import type { AppContext } from "./context.server";
import { newId } from "./ids.server";
import {
  makeMissingImageSizes,
  makeSizesAhead,
  pageVariants,
  QUIET_BEFORE_EACH_SIZE,
  whenSizesMade,
} from "./image-variants.server";
import {
  deleteStoredImages,
  IMAGE_FORMATS,
  type ImageFolder,
  type ImageVariant,
  imageLane,
  type StoredImage,
  sizesEncoded,
  storeImage,
  variantPath,
} from "./images.server";
import { createTestContext } from "./test-context";
import { noteVisitorRequest } from "./visitor-activity.server";

let opened: AppContext | undefined;
afterEach(async () => {
  await whenSizesMade();
  await opened?.close();
  opened = undefined;
});

async function context() {
  opened = await createTestContext();
  return opened;
}

/**
 * A plain picture. The sizes made depend on its width only: the tests use thin strips (a tenth of a
 * photo's pixels) so that encoding each size costs little, except where a slow queue is the point.
 */
async function picture(width: number, height: number, background = "#1f7a8c") {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The sizes of one picture in this instance's cache, as "{variant}.{format}", sorted. */
function cachedSizes(ctx: AppContext, folder: ImageFolder, fileName: string): string[] {
  const dir = path.join(ctx.cacheDir, folder);
  const base = fileName.replace(/\.webp$/, "");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.includes(base))
    .map((name) => name.replace(`-${base}`, ""))
    .sort();
}

const expected = (variants: readonly ImageVariant[]) =>
  variants.flatMap((variant) => IMAGE_FORMATS.map((format) => `${variant}.${format}`)).sort();

/** The `w` values a srcset or URL names. */
const widthsNamed = (urls: string) => [...urls.matchAll(/\?w=(\w+)/g)].map((match) => match[1]);

describe("the sizes pages ask for", () => {
  it("are the srcset's widths (up to the picture's own size) and the thumbs the lists use", () => {
    expect(pageVariants("products", 1200)).toEqual([800, 400, 1200, "thumb"]);
    expect(pageVariants("products", 1920)).toEqual([800, 400, 1200, 1920, "thumb"]);
    // 900 px: 1200 is the picture at its own size, never enlarged; 1920 would be the same file.
    expect(pageVariants("site", 900)).toEqual([800, 400, 1200]);
    expect(pageVariants("products", 300)).toEqual([400, "thumb"]);
    expect(pageVariants("events", 300)).toEqual([800, 400, 1200]);
    expect(pageVariants("avatars", 400)).toEqual(["thumb"]);
  });

  it("cover every URL a page builds for a picture of known width", () => {
    for (const width of [120, 400, 640, 800, 900, 1200, 1500, 1920]) {
      const named = [
        ...widthsNamed(imageSrcSet("products", "aaaaaaaaaaaaaaa.webp", width)),
        ...([400, 800, 1200, 1920] as const).flatMap((wanted) =>
          widthsNamed(imageUrl("products", "aaaaaaaaaaaaaaa.webp", wanted, width)),
        ),
        "thumb",
      ];
      const made = pageVariants("products", width).map(String);
      expect(new Set(named), `${width} px`).toEqual(new Set(made));
    }
  });

  it("say the true width of the last candidate, the picture at its own size", () => {
    expect(imageSrcSet("site", "aaaaaaaaaaaaaaa.webp", 900)).toBe(
      "/images/site/aaaaaaaaaaaaaaa.webp?w=400 400w, /images/site/aaaaaaaaaaaaaaa.webp?w=800 800w, " +
        "/images/site/aaaaaaaaaaaaaaa.webp?w=1200 900w",
    );
  });
});

describe("the image lane (ADR 021)", () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  function gated() {
    const order: string[] = [];
    const gates = new Map<string, () => void>();
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        gates.set(name, resolve);
      });
    const finish = async (name: string) => {
      gates.get(name)?.();
      await settle();
    };
    return { order, task, finish };
  }
  const limits = { visitorsWaiting: 10, uploadsWaiting: 10 };

  it("on two cores (one place): a visitor's size waits only for the background size already begun", async () => {
    const run = imageLane({ places: 1, ...limits });
    const { order, task, finish } = gated();
    const all = [run(task("b1"), "background")];
    await settle();
    all.push(run(task("v1"), "visitor"), run(task("b2"), "background"), run(task("v2"), "visitor"));
    await settle();
    expect(order).toEqual(["b1"]); // the only place is taken: never two encodings on two cores
    await finish("b1");
    expect(order).toEqual(["b1", "v1"]); // the freed place goes to a visitor, not to b2
    await finish("v1");
    expect(order).toEqual(["b1", "v1", "v2"]);
    all.push(run(task("v3"), "visitor"));
    await finish("v2");
    expect(order).toEqual(["b1", "v1", "v2", "v3"]); // b2 waits while visitors keep coming
    await finish("v3");
    expect(order).toEqual(["b1", "v1", "v2", "v3", "b2"]);
    await finish("b2");
    await Promise.all(all);
  });

  it("with more places: visitors run beside background work, which runs only while the lane is idle", async () => {
    const run = imageLane({ places: 2, ...limits });
    const { order, task, finish } = gated();
    const all = [run(task("b1"), "background")];
    await settle();
    all.push(run(task("v1"), "visitor"), run(task("b2"), "background"), run(task("v2"), "visitor"));
    await settle();
    expect(order).toEqual(["b1", "v1"]); // a visitor runs beside background work, never behind it
    await finish("b1");
    expect(order).toEqual(["b1", "v1", "v2"]); // the freed place goes to the waiting visitor
    await finish("v1");
    expect(order).toEqual(["b1", "v1", "v2"]); // b2 waits while a visitor's size is being made
    await finish("v2");
    expect(order).toEqual(["b1", "v1", "v2", "b2"]);
    await finish("b2");
    await Promise.all(all);
  });

  it("never runs more than its places, whatever the mix", async () => {
    const run = imageLane({ places: 1, ...limits });
    const { order, task, finish } = gated();
    const all = [
      run(task("u1"), "upload"),
      run(task("v1"), "visitor"),
      run(task("b1"), "background"),
      run(task("u2"), "upload"),
    ];
    for (const name of ["u1", "v1", "u2", "b1"]) {
      await settle();
      expect(run.state().active).toBe(1);
      expect(order.at(-1)).toBe(name);
      await finish(name);
    }
    await Promise.all(all);
    expect(run.state().active).toBe(0);
  });
});

describe("sizes made ahead of time", () => {
  it("after an upload: every size on disk once the queue is idle, none made before the answer", async () => {
    const ctx = await context();
    const image = new File([new Uint8Array(await picture(1200, 120))], "marche.png", { type: "image/png" });
    const saved = await saveEvent(
      ctx,
      {
        title: "Marché de Noël",
        startDate: "2027-12-01T09:00:00.000Z",
        endDate: null,
        location: "Papeete",
        description: "",
        removeImage: false,
      },
      image,
    );
    expect(saved.ok).toBe(true);
    // The save has answered; the sizes come after it, in the background.
    const folder = path.join(ctx.cacheDir, "events");
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
    const row = await ctx.db.selectFrom("events").select("image").executeTakeFirstOrThrow();
    const fileName = row.image as string;
    await whenSizesMade();
    expect(cachedSizes(ctx, "events", fileName)).toEqual(expected([400, 800, 1200]));
  });

  it("makes exactly the sizes pages ask for, served afterwards as they are", async () => {
    const ctx = await context();
    const stored = await storeImage(ctx.originals, "products", await picture(1500, 100));
    makeSizesAhead(ctx, "products", [stored]);
    await whenSizesMade();
    expect(cachedSizes(ctx, "products", stored.fileName)).toEqual(expected([400, 800, 1200, 1920, "thumb"]));
    const file = await variantPath(ctx, "products", stored.fileName, 1920, "avif");
    const before = fs.statSync(file as string);
    expect(await sharp(file as string).metadata()).toMatchObject({ width: 1500, height: 100 });

    // A visitor's first request for each of them: the file made ahead, not a new encoding.
    const encoded = sizesEncoded();
    for (const variant of pageVariants("products", stored.width)) {
      for (const format of IMAGE_FORMATS) {
        expect(await variantPath(ctx, "products", stored.fileName, variant, format)).not.toBeNull();
      }
    }
    expect(sizesEncoded()).toBe(encoded);
    const after = fs.statSync(file as string);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it("starts no size while visitors are loading pages, and makes them all once they are quiet", async () => {
    const ctx = await context();
    const image = await storeImage(ctx.originals, "products", await picture(900, 90));
    // A visitor's request has just arrived: the background waits QUIET_BEFORE_EACH_SIZE.quietMs.
    noteVisitorRequest();
    const started = performance.now();
    makeSizesAhead(ctx, "products", [{ fileName: image.fileName, width: image.width }]);
    await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_EACH_SIZE.quietMs / 2));
    expect(cachedSizes(ctx, "products", image.fileName)).toEqual([]);
    await whenSizesMade();
    expect(performance.now() - started).toBeGreaterThanOrEqual(QUIET_BEFORE_EACH_SIZE.quietMs - 10);
    expect(cachedSizes(ctx, "products", image.fileName)).toEqual(expected(pageVariants("products", 900)));
  });

  it("makes nothing of a picture deleted while queued, and leaves none of its sizes", async () => {
    const ctx = await context();
    const kept = await storeImage(ctx.originals, "products", await picture(1200, 120));
    const deleted = await storeImage(ctx.originals, "products", await picture(1200, 120, "#8c1f7a"));
    const encoded = sizesEncoded();
    makeSizesAhead(ctx, "products", [kept, deleted]);
    await deleteStoredImages(ctx, "products", [deleted.fileName]);
    await whenSizesMade();
    expect(cachedSizes(ctx, "products", deleted.fileName)).toEqual([]);
    expect(cachedSizes(ctx, "products", kept.fileName)).toEqual(expected(pageVariants("products", 1200)));
    expect(sizesEncoded() - encoded).toBe(expected(pageVariants("products", 1200)).length);
  });

  it("serves a visitor's missing size ahead of a long queue", async () => {
    const ctx = await context();
    const backlog: StoredImage[] = [];
    for (const colour of ["#111111", "#222222", "#333333"]) {
      backlog.push(await storeImage(ctx.originals, "site", await picture(1200, 800, colour)));
    }
    const wanted = await storeImage(ctx.originals, "products", await picture(1200, 120));
    let idle = false;
    makeSizesAhead(ctx, "site", backlog);
    const done = whenSizesMade().then(() => {
      idle = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const encoded = sizesEncoded();
    expect(await variantPath(ctx, "products", wanted.fileName, 800, "avif")).not.toBeNull();
    // Made at once: at most the one background size already under way ran beside it.
    expect(sizesEncoded() - encoded).toBeLessThanOrEqual(2);
    expect(idle).toBe(false);
    // The backlog has served its purpose: deleted, what is left of it is skipped.
    await deleteStoredImages(
      ctx,
      "site",
      backlog.map((image) => image.fileName),
    );
    await done;
  });

  it("at start, fills what the cache lacks, first pages first, leaving what it has", async () => {
    const ctx = await context();
    const hero = await storeImage(ctx.originals, "site", await picture(1920, 96));
    const photo = await storeImage(ctx.originals, "products", await picture(1200, 120));
    const event = await storeImage(ctx.originals, "events", await picture(1200, 80));
    await ctx.db
      .insertInto("site_images")
      .values({ id: newId(), kind: "hero", file_name: hero.fileName, position: 0, width: 1920, height: 96 })
      .execute();
    const productId = newId();
    await ctx.db
      .insertInto("products")
      .values({ id: productId, slug: "collier-lagon", name: "Collier Lagon", price_cents: 8900 })
      .execute();
    await ctx.db
      .insertInto("product_images")
      .values({
        id: newId(),
        product_id: productId,
        file_name: photo.fileName,
        position: 0,
        width: 1200,
        height: 120,
      })
      .execute();
    await ctx.db
      .insertInto("events")
      .values({ id: newId(), title: "Marché", start_date: "2027-01-01T09:00:00.000Z", image: event.fileName })
      .execute();
    // A size already cached is kept as it is.
    const present = (await variantPath(ctx, "products", photo.fileName, 400, "webp")) as string;
    const presentBefore = fs.statSync(present).mtimeMs;
    const encoded = sizesEncoded();

    await makeMissingImageSizes(ctx);
    expect(cachedSizes(ctx, "site", hero.fileName)).toEqual(expected([400, 800, 1200, 1920]));
    expect(cachedSizes(ctx, "products", photo.fileName)).toEqual(expected([400, 800, 1200, "thumb"]));
    expect(cachedSizes(ctx, "events", event.fileName)).toEqual(expected([400, 800, 1200]));
    expect(sizesEncoded() - encoded).toBe(8 + 8 - 1 + 6);
    expect(fs.statSync(present).mtimeMs).toBe(presentBefore);
    // The home hero came first: its sizes are all older than any of the event's.
    const times = (folder: ImageFolder, fileName: string) =>
      fs
        .readdirSync(path.join(ctx.cacheDir, folder))
        .filter((name) => name.includes(fileName.replace(/\.webp$/, "")))
        .map((name) => fs.statSync(path.join(ctx.cacheDir, folder, name)).mtimeMs);
    expect(Math.max(...times("site", hero.fileName))).toBeLessThanOrEqual(
      Math.min(...times("events", event.fileName)),
    );

    // Nothing left to make: a second start only checks.
    const again = sizesEncoded();
    await makeMissingImageSizes(ctx);
    expect(sizesEncoded()).toBe(again);
  });

  it("gives up, in one message, when the store itself fails (a database closed at shutdown)", async () => {
    const ctx = await context();
    let asked = 0;
    const failing = {
      ...ctx.originals,
      exists: async () => {
        asked++;
        throw new Error("base fermée");
      },
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const names = ["a", "b", "c", "d", "e", "f"].map((letter) => ({
        fileName: `${letter.repeat(15)}.webp`,
      }));
      makeSizesAhead({ originals: failing, cacheDir: ctx.cacheDir }, "avatars", names);
      await whenSizesMade();
      expect(asked).toBe(3);
      expect(errors.mock.calls.filter(([message]) => String(message).includes("abandonnée"))).toHaveLength(1);
    } finally {
      errors.mockRestore();
    }
  });

  it("at start, does nothing when turned off", async () => {
    const ctx = await context();
    const hero = await storeImage(ctx.originals, "site", await picture(800, 400));
    await ctx.db
      .insertInto("site_images")
      .values({ id: newId(), kind: "hero", file_name: hero.fileName, position: 0, width: 800, height: 400 })
      .execute();
    await makeMissingImageSizes({ ...ctx, env: { ...ctx.env, IMAGE_SIZES_AT_START: false } });
    expect(cachedSizes(ctx, "site", hero.fileName)).toEqual([]);
  });
});
