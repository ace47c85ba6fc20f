/**
 * docs/product.md §9: images above the limit are compressed in the browser (longest side 1920 px, quality
 * 0.8); on failure the original is kept and the error logged. The library is loaded only when a
 * large file needs it, and runs on the main thread: its worker mode would fetch a script from a
 * CDN, which the design forbids (and the CSP blocks).
 */
/** docs/product.md §9: the dashboard compresses pictures above 4.5 MB (products, events). */
export const COMPRESS_ABOVE_BYTES = 4.5 * 1024 * 1024;

export async function compressIfLarge(file: File, limit = COMPRESS_ABOVE_BYTES): Promise<File> {
  if (file.size <= limit) return file;
  try {
    const { default: imageCompression } = await import("browser-image-compression");
    const compressed = await imageCompression(file, {
      maxSizeMB: limit / (1024 * 1024),
      maxWidthOrHeight: 1920,
      initialQuality: 0.8,
      useWebWorker: false,
    });
    return new File([compressed], file.name, { type: compressed.type || file.type });
  } catch (error) {
    console.warn("Compression de l'image impossible, l'original est conservé.", error);
    return file;
  }
}
