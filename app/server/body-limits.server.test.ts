import { describe, expect, it } from "vitest";
import { bodyCounter, boundaryOf } from "./body-limits.server";

const limit = { maxBytes: 1000, maxFields: 3 };

/** Feeds `text` to a counter in chunks of `size` bytes; the first excess, or null. */
function feed(counter: ReturnType<typeof bodyCounter>, text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) {
    const excess = counter.take(bytes.subarray(at, at + size));
    if (excess) return excess;
  }
  return null;
}

const part = (name: string) => `--b0undary\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`;

describe("counting a body's fields while it streams", () => {
  it("counts multipart parts whatever the chunks cut, the closing delimiter not counted", () => {
    const three = `${part("a")}${part("b")}${part("c")}--b0undary--\r\n`;
    const four = `${part("a")}${part("b")}${part("c")}${part("d")}--b0undary--\r\n`;
    for (const size of [1, 2, 5, 9, 64, 4096]) {
      expect(feed(bodyCounter("multipart", limit, "b0undary"), three, size), `chunks of ${size}`).toBeNull();
      expect(feed(bodyCounter("multipart", limit, "b0undary"), four, size), `chunks of ${size}`).toBe(
        "fields",
      );
    }
  });

  it("counts urlencoded pairs by their separators, and the bytes of any body", () => {
    expect(feed(bodyCounter("urlencoded", limit), "a=1&b=2&c=3", 2)).toBeNull();
    expect(feed(bodyCounter("urlencoded", limit), "a=1&b=2&c=3&d", 2)).toBe("fields");
    expect(feed(bodyCounter("urlencoded", limit), "a".repeat(1001), 100)).toBe("bytes");
  });

  it("reads the boundary, quoted or not", () => {
    expect(boundaryOf("multipart/form-data; boundary=----abc")).toBe("----abc");
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(boundaryOf("multipart/form-data")).toBeNull();
  });
});
