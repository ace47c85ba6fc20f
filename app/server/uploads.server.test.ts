import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createDiskOriginalStore } from "./image-originals.server";
import { storeUploadedImages, UploadRejectedError } from "./uploads.server";

const dirs = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-upl-"));
  const uploadsDir = path.join(root, "uploads");
  return { uploadsDir, cacheDir: path.join(root, "cache"), originals: createDiskOriginalStore(uploadsDir) };
};

const file = async (format: "png" | "webp", name: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: "#1f7a8c" } })
          .toFormat(format)
          .toBuffer(),
      ),
    ],
    name,
  );

describe("admin uploads by content (ADR 010)", () => {
  it("stores PNG and WebP, and on a refused file keeps nothing of the batch", async () => {
    const d = dirs();
    const stored = await storeUploadedImages(d, "products", [
      await file("png", "a.png"),
      await file("webp", "b.webp"),
    ]);
    expect(stored).toHaveLength(2);
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'], "c.png");
    const refused = storeUploadedImages(d, "events", [await file("png", "a.png"), svg]);
    await expect(refused).rejects.toThrow(UploadRejectedError);
    await expect(refused).rejects.toMatchObject({
      status: 415,
      message: "« c.png » n'est pas une image acceptée (PNG, JPG, GIF ou WebP uniquement).",
    });
    expect(fs.existsSync(path.join(d.uploadsDir, "events"))).toBe(false);
  });
});
