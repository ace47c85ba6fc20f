import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sniffImageFormat } from "./admin-uploads.server";

const make = (format: "png" | "jpeg" | "gif" | "webp") =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#1f7a8c" } })
    .toFormat(format)
    .toBuffer();

describe("upload type by content (design.md security model)", () => {
  it("accepts PNG, JPEG, GIF and SVG", async () => {
    expect(await sniffImageFormat(await make("png"))).toBe("png");
    expect(await sniffImageFormat(await make("jpeg"))).toBe("jpeg");
    expect(await sniffImageFormat(await make("gif"))).toBe("gif");
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<!-- dessin -->\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
    );
    expect(await sniffImageFormat(svg)).toBe("svg");
  });

  it("refuses other images and non-images, whatever their name", async () => {
    expect(await sniffImageFormat(await make("webp"))).toBeNull();
    expect(await sniffImageFormat(Buffer.from("%PDF-1.7 pas une image"))).toBeNull();
    expect(await sniffImageFormat(Buffer.from("<html><svg></svg></html>"))).toBeNull();
    // A PNG signature followed by garbage is not a PNG.
    expect(
      await sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])),
    ).toBeNull();
  });
});
