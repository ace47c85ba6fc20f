/**
 * How long the server's event loop has been kept from answering, as the server itself measures it
 * (docs/security.md "Bodies limited before they are read"). A request that keeps the loop busy
 * (a body parsed in one go, say) delays every other visitor by as much; the health check reports the
 * longest such delay since it was last asked, so a monitor polling /healthz — or a test sending a
 * hostile body meanwhile — reads the product's own figure, whatever the client's machine is doing.
 *
 * A timer every 10 ms notes how late it fires. Not Node's monitorEventLoopDelay: its histogram
 * forgets, when reset, the delay under way, so a stall spanning a reading would go unseen.
 */

/** A delay shorter than this is invisible to a visitor anyway. */
const INTERVAL_MS = 10;

let monitor: ReturnType<typeof startMonitor> | undefined;

/** The process's one monitor (the loop is the process's, whichever app asks). */
export function eventLoopDelay() {
  monitor ??= startMonitor();
  return monitor;
}

function startMonitor() {
  let lastTick = performance.now();
  let longestMs = 0;
  setInterval(() => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - lastTick - INTERVAL_MS);
    lastTick = now;
  }, INTERVAL_MS).unref();
  return {
    /**
     * The longest delay (ms beyond the interval) since the previous reading, the one under way
     * included, as a Server-Timing entry; then starts a new window.
     */
    readAndReset(): string {
      const now = performance.now();
      const longest = Math.max(0, longestMs, now - lastTick - INTERVAL_MS);
      longestMs = 0;
      return `boucle;dur=${longest.toFixed(1)}`;
    },
  };
}
