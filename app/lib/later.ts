/**
 * Work a page starts with but need not do inside the task that hydrates it. React runs every
 * component's effects of the first render in one task; each start-up effect that also reads the
 * browser's storage, registers a worker or asks for data made that task one of the longest of the
 * page's start (bench/README.md "Start-up effects in tasks of their own"). Each is given a task of
 * its own instead, so none holds the main thread long (ADR 009).
 */

/** Runs `task` just after the browser's next paint; returns a function that cancels it. */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `task` in a task of its own as soon as the current one ends: a message the page sends
 * itself, which no timer clamps, throttles or (in tests) freezes; returns a function that cancels it.
 */
export function inNextTask(task: () => void): () => void {
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) task();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}

/**
 * Runs `task` when the browser has nothing else to do, at the latest after `timeoutMs` (Safari has
 * no requestIdleCallback: a timer stands in); returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 5000): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, Math.min(timeoutMs, 2000));
  return () => clearTimeout(timer);
}
