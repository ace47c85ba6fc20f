/**
 * A small in-memory fixed-window rate limiter for the forms Better Auth does not cover (contact,
 * later chat). One process serves the shop, so memory is the right store; keys expire with
 * their window.
 */
export interface RateLimiter {
  /** True when this attempt is allowed (and counts it). */
  attempt(key: string, now?: number): boolean;
}

export function createRateLimiter(options: { max: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    attempt(key, now = Date.now()) {
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || now - current.start >= options.windowMs) {
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.max;
    },
  };
}

/** The client address, as the HTTP layer recorded it (app/server/http-app.server.ts). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "inconnu";
}
