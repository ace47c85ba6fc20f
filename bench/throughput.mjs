// Shared by the benchmarks: closed-loop load from this process. `connections` clients each send a
// request, wait for the whole answer, and send the next, for `seconds`; several `bases` (instances
// of the shop on one database) take the requests in turn, as a round-robin load balancer would.

/** One measure: requests, req/s, p50/p95 latency and errors (non-2xx or failed requests). */
export async function closedLoop({ bases, pathname, connections = 16, seconds = 5, headers = {} }) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const base = bases[next++ % bases.length];
        const started = performance.now();
        try {
          const response = await fetch(base + pathname, { headers });
          await response.arrayBuffer();
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p = (q) => +latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50ms: p(0.5),
    p95ms: p(0.95),
    errors,
  };
}

/** `runs` measures after a short warm-up; the one with the median throughput is kept, all listed. */
export async function medianOfRuns(options, runs = 3) {
  await closedLoop({ ...options, connections: 4, seconds: 1 });
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await closedLoop(options));
  const sorted = [...all].sort((a, b) => a.perSecond - b.perSecond);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], runs: all.map((run) => run.perSecond) };
}
