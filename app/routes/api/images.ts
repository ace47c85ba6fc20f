/**
 * /images/{folder}/{file}?w= — stored images at a chosen width (or the 100x100 "thumb"), resized
 * on first request and cached on this instance. Names are validated against the stored-name
 * pattern, so no request can reach a path outside the data folder. A size is served only while its
 * original exists in the shop's store — on PostgreSQL, the database every instance shares, so a
 * picture deleted through one instance answers 404 on all (ADR 015) — and pictures whose record
 * can be deleted are revalidated rather than cached for a year (ADR 010).
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import { getAppContext } from "~/server/context.server";
import {
  imageCacheControl,
  isImageFolder,
  isStoredFileName,
  originalExists,
  parseVariant,
  preferredFormat,
  variantPath,
} from "~/server/images.server";
import type { Route } from "./+types/images";

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
  const path = await variantPath(ctx, folder, file, variant, format);
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
      // Added to the site-wide policy (nosniff comes from there too): an image never runs anything.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
