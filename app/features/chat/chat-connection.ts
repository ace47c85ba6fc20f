/**
 * The browser's end of /api/chat/flux, loaded only for signed-in visitors. Read with fetch rather
 * than EventSource: it sees a 401 (then stops instead of retrying for ever) and reconnects on
 * docs/product.md §9's back-off, asking each time for what was written since the last message it saw.
 */
import { type ChatEvent, reconnectDelay } from "./chat-types";

export interface ChatConnectionOptions {
  /** Server time from which to catch up on the first connection. */
  since: string;
  onEvent: (event: ChatEvent) => void;
}

/** Splits a Server-Sent Events buffer into complete events' data; returns the unfinished rest. */
export function parseEventStream(buffer: string): { data: string[]; rest: string } {
  const blocks = buffer.split("\n\n");
  const rest = blocks.pop() ?? "";
  const data = blocks
    .map((block) =>
      block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).replace(/^ /, ""))
        .join("\n"),
    )
    .filter((payload) => payload.length > 0);
  return { data, rest };
}

/** Opens the stream and keeps it open until the returned function is called. */
export function connectChat({ since: initialSince, onEvent }: ChatConnectionOptions): () => void {
  let since = initialSince;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  const handle = (event: ChatEvent) => {
    if (event.type === "sync" && event.serverTime > since) since = event.serverTime;
    if (event.type === "sync")
      for (const message of event.messages) if (message.createdAt > since) since = message.createdAt;
    if (event.type === "message" && event.message.createdAt > since) since = event.message.createdAt;
    onEvent(event);
  };

  const run = async () => {
    controller = new AbortController();
    try {
      const response = await fetch(`/api/chat/flux?depuis=${encodeURIComponent(since)}`, {
        headers: { accept: "text/event-stream" },
        cache: "no-store",
        signal: controller.signal,
      });
      // Signed out (or the session ended): nothing to follow any more.
      if (response.status === 401 || response.status === 403) return;
      if (!response.ok || !response.body) throw new Error(`flux du chat : ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        attempt = 0;
        const parsed = parseEventStream(buffer + value.replaceAll("\r\n", "\n"));
        buffer = parsed.rest;
        for (const payload of parsed.data) handle(JSON.parse(payload) as ChatEvent);
      }
    } catch {
      // Network loss or server restart: retried below, quietly.
    }
    if (stopped) return;
    timer = setTimeout(run, reconnectDelay(attempt));
    attempt += 1;
  };

  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
