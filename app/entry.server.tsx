/**
 * Server rendering: streams HTML to browsers and waits for everything for bots (complete pages for
 * search engines). The per-request CSP nonce goes on every script React Router writes; an anonymous
 * page kept by the page cache trades it for the hashes of those scripts (ADR 018).
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { coalescedStream } from "~/server/coalesced-stream.server";
import { isDatabaseUnavailable } from "~/server/db-errors.server";

export const streamTimeout = 5_000;

/**
 * A loader or action that found no database answers its request 503 with Retry-After, whatever
 * page or resource it was (app/server/database-outage.server.ts); what React Router renders after
 * is dropped. Other errors are logged as React Router's default does.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    console.error(`Base de données injoignable : ${error instanceof Error ? error.message : error}`);
    (context as AppLoadContext).databaseUnavailable?.();
    return;
  }
  if (!request.signal.aborted)
    console.error(
      isRouteErrorResponse(error) && (error as { error?: unknown }).error
        ? (error as { error?: unknown }).error
        : error,
    );
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Pages depend on the visitor's session (header link, badges): never cache them in shared caches.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // The pieces React writes in one go leave as one (ADR 018).
          const body = coalescedStream();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already reported by the error boundary; log the rest.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
