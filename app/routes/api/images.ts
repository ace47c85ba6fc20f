/**
 * /images/{folder}/{file}?w= — stored images at a chosen width (or the 100x100 "thumb"), resized
 * on first request and cached on this instance. Names are validated against the stored-name
 * pattern, so no request can reach a path outside the data folder. A size is served only while its
 * original exists in the shop's store — on PostgreSQL, the database every instance shares, so a
 * picture deleted through one instance answers 404 on all (ADR 015) — and pictures whose record
 * can be deleted are revalidated rather than cached for a year (ADR 010). When too many visitors'
 * sizes already wait for sharp, the stored original is sent at once instead, kept by no cache
 * (ADR 021).
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import { type AppContext, getAppContext } from "~/server/context.server";
import {
  type ImageFolder,
  ImageRejectedError,
  imageCacheControl,
  isImageFolder,
  isStoredFileName,
  originalExists,
  parseVariant,
  preferredFormat,
  variantPath,
} from "~/server/images.server";
import type { Route } from "./+types/images";

/** Added to the site-wide policy (nosniff comes from there too): an image never runs anything. */
const IMAGE_CSP = "default-src 'none'; sandbox";

function notFound() {
  return new Response("Image introuvable.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { folder, file } = params;
  const variant = parseVariant(new URL(request.url).searchParams.get("w"));
  if (!isImageFolder(folder) || !isStoredFileName(file)) return notFound();
  if (variant === null) {
    return new Response("Largeur d'image non disponible.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const format = preferredFormat(request.headers.get("accept"));
  const ctx = getAppContext();
  const headers = {
    // One URL, two encodings: caches must key on what the browser accepts.
    Vary: "Accept",
    "Cache-Control": imageCacheControl(folder),
    // A stored name never gets other content, so the name, size and encoding identify the bytes.
    ETag: `"${file.replace(/\.webp$/, "")}-${variant}-${format}"`,
  };
  if (request.headers.get("if-none-match")?.includes(headers.ETag)) {
    if (!(await originalExists(ctx, folder, file))) return notFound();
    return new Response(null, { status: 304, headers });
  }
  let path: string | null;
  try {
    path = await variantPath(ctx, folder, file, variant, format);
  } catch (error) {
    if (error instanceof ImageRejectedError && error.status === 503) return original(ctx, folder, file);
    throw error;
  }
  if (!path) return notFound();
  let handle: fs.promises.FileHandle;
  try {
    // Opened before reading: a file deleted from now on is still read whole, never cut short.
    handle = await fs.promises.open(path);
  } catch {
    return notFound();
  }
  const stat = await handle.stat();
  return new Response(Readable.toWeb(handle.createReadStream()) as ReadableStream, {
    headers: {
      ...headers,
      "Content-Type": `image/${format}`,
      "Content-Length": String(stat.size),
      "Content-Security-Policy": IMAGE_CSP,
    },
  });
}

/**
 * Too many sizes already wait for sharp: the stored original (WebP, at most 1920 px) at once, rather
 * than holding the request for seconds. Bigger than the size asked for, so kept by no cache — not the
 * browser's, not the service worker's — and the next visit asks for the size again.
 */
async function original(ctx: AppContext, folder: ImageFolder, file: string) {
  const bytes = await ctx.originals.get(folder, file);
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      Vary: "Accept",
      "Cache-Control": "no-store",
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.length),
      "Content-Security-Policy": IMAGE_CSP,
    },
  });
}
