/** Calls to POST /api/chat from the browser; a refusal becomes an Error with the server's French text. */
import type { ChatMessageView, ChatSummary } from "./chat-types";

type Answer = {
  ok: true;
  chat?: ChatSummary | null;
  message?: ChatMessageView;
  messages?: ChatMessageView[];
};

export async function postChat(body: Record<string, string>): Promise<Answer> {
  const response = await fetch("/api/chat", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => ({}))) as Partial<Answer> & { error?: unknown };
  if (!response.ok || payload.ok !== true)
    throw new Error(typeof payload.error === "string" ? payload.error : `HTTP ${response.status}`);
  return payload as Answer;
}
