/**
 * The health check's measure of the event loop (docs/security.md "Bodies limited before they are
 * read"): a loop held by synchronous work shows as a delay of about that long, a delay under way
 * counts when read, and each reading starts a new window.
 */
import { describe, expect, it } from "vitest";
import { eventLoopDelay } from "./event-loop-delay.server";

const delayOf = (timing: string) => Number(/^boucle;dur=([0-9.]+)$/.exec(timing)?.[1]);
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("eventLoopDelay", () => {
  it("reports a loop held 150 ms, then a quiet window", async () => {
    const loop = eventLoopDelay();
    await tick(30);
    loop.readAndReset();
    const until = performance.now() + 150;
    while (performance.now() < until) {
      // the loop held, as a body parsed in one go would hold it
    }
    await tick(30);
    expect(delayOf(loop.readAndReset())).toBeGreaterThanOrEqual(120);
    await tick(50);
    expect(delayOf(loop.readAndReset())).toBeLessThan(120);
  });

  it("counts a delay still under way when it is read", async () => {
    const loop = eventLoopDelay();
    await tick(30);
    loop.readAndReset();
    const until = performance.now() + 150;
    while (performance.now() < until) {
      // held, and read before the loop runs its timers again
    }
    expect(delayOf(loop.readAndReset())).toBeGreaterThanOrEqual(120);
  });
});
