import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createDiskOriginalStore } from "~/server/image-originals.server";
import { storeDrawing } from "~/server/images.server";
import { demoDrawings, demoPictureFolder, drawingFileName } from "./demo-pictures";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-dessins-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const drawing = (color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect width="60" height="40" fill="${color}"/></svg>`;

describe("the demo's pictures (ADR 030)", () => {
  it("are drawn once into their folder, then read from it", async () => {
    const folder = path.join(work, "dessins");
    const first = demoPictureFolder(folder);
    const webp = await first.picture(drawing("#1a6b8a"));
    expect(first.drawn).toBe(1);
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width: 60, height: 40 });
    expect(fs.readdirSync(folder)).toEqual([drawingFileName(drawing("#1a6b8a"))]);

    const next = demoPictureFolder(folder);
    expect(await next.picture(drawing("#1a6b8a"))).toEqual(webp);
    expect(next.drawn).toBe(0);

    // Kept as an original as it is, its size read from its header.
    const originals = createDiskOriginalStore(path.join(work, "uploads"));
    const stored = await storeDrawing(originals, "products", webp);
    expect(stored).toMatchObject({ fileName: expect.stringMatching(/\.webp$/), width: 60, height: 40 });
    expect(fs.readFileSync(path.join(work, "uploads/products", stored.fileName))).toEqual(webp);
  });

  it("are still drawn when their folder cannot be written, and without a folder", async () => {
    // A folder that cannot be made, even by root: its parent is a file.
    const blocked = path.join(work, "fichier");
    fs.writeFileSync(blocked, "");
    const pictures = demoPictureFolder(path.join(blocked, "dessins"));
    expect((await sharp(await pictures.picture(drawing("#e8d5b7"))).metadata()).width).toBe(60);
    expect(pictures.drawn).toBe(1);
    await expect(demoPictureFolder(undefined).picture(drawing("#e8d5b7"))).resolves.toBeInstanceOf(Buffer);
  });

  it("name each drawing of the seed by its own content", () => {
    const names = demoDrawings().map(drawingFileName);
    expect(names.length).toBeGreaterThan(100);
    expect(new Set(names).size).toBe(names.length);
  });
});
