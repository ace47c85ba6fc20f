/**
 * /images/{folder}/{file}?w= — stored images at a chosen width (or the 100x100 "thumb"), resized
 * on first request and cached. Names are validated against the stored-name pattern, so no request
 * can reach a path outside the uploads folder.
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import { getAppContext } from "~/server/context.server";
import {
  isImageFolder,
  isStoredFileName,
  parseVariant,
  preferredFormat,
  variantPath,
} from "~/server/images.server";
import type { Route } from "./+types/images";

function notFound() {
  return new Response("Image introuvable.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
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
  const path = await variantPath(getAppContext(), folder, file, variant, format);
  if (!path) return notFound();
  const stat = await fs.promises.stat(path);
  return new Response(Readable.toWeb(fs.createReadStream(path)) as ReadableStream, {
    headers: {
      "Content-Type": `image/${format}`,
      // One URL, two encodings: caches must key on what the browser accepts.
      Vary: "Accept",
      "Content-Length": String(stat.size),
      // Stored names are never reused: a file under a name never changes.
      "Cache-Control": "public, max-age=31536000, immutable",
      // Added to the site-wide policy (nosniff comes from there too): an image never runs anything.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
