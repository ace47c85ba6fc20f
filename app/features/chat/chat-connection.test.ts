import { describe, expect, it } from "vitest";
import { parseEventStream } from "./chat-connection";

describe("parseEventStream", () => {
  it("returns complete events' data, skips comments, keeps the unfinished rest", () => {
    const { data, rest } = parseEventStream(
      ': connecté\n\nevent: message\ndata: {"a":1}\n\n: ping\n\nevent: chat\ndata: {"b"',
    );
    expect(data).toEqual(['{"a":1}']);
    expect(rest).toBe('event: chat\ndata: {"b"');
    expect(parseEventStream(`${rest}:2}\n\n`)).toEqual({ data: ['{"b":2}'], rest: "" });
  });

  it("joins multi-line data as the SSE format says", () => {
    expect(parseEventStream("data: un\ndata: deux\n\n").data).toEqual(["un\ndeux"]);
  });
});
