/**
 * Form actions reach Better Auth through its own HTTP handler (not auth.api), so the forms get the
 * same rate limits, origin checks and cookies as any client of /api/auth.
 */
import { getAppContext } from "./context.server";

export async function callAuthEndpoint(
  request: Request,
  endpoint: string,
  body?: unknown,
): Promise<Response> {
  const { auth, env } = getAppContext();
  const headers = new Headers();
  for (const name of ["cookie", "origin", "referer", "user-agent", "x-forwarded-for"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("content-type", "application/json");
  return auth.handler(
    new Request(`${env.PUBLIC_URL}/api/auth${endpoint}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body ?? {}),
    }),
  );
}

/** The Set-Cookie headers of an auth response, to pass on with a redirect. */
export function forwardCookies(from: Response, to: Headers = new Headers()): Headers {
  for (const cookie of from.headers.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}
