/**
 * The guest basket's cookie (ADR 032, docs/product.md §10.2): a visitor without an account keeps
 * a cart and favourites on the server, in a guest basket named by the httpOnly cookie
 * `nacre_panier`. Its value is a random 32-byte token; the database keeps only its SHA-256, so a
 * copy of the database names no visitor's cookie. The cookie is strictly necessary to the service
 * the visitor asks for (keeping a basket): no consent is asked (loi Informatique et Libertés,
 * art. 82). A basket lives 30 days after its last change, then the daily pass purges it.
 *
 * A read never creates a basket nor sets a cookie; the first write does, within a limit per client
 * address, so that nobody fills the database with baskets.
 */
import crypto from "node:crypto";
import { cookieValue } from "~/lib/cookies";
import { getAppContext, getDb } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import { newId } from "~/server/ids.server";
import { clientAddress, createRateLimiter } from "~/server/rate-limit.server";
import { getOptionalUser, signedInUserIdForRead } from "~/server/session.server";
import { adoptGuestBasket, type BasketOwner } from "./basket.server";

export const GUEST_BASKET_COOKIE = "nacre_panier";
/** Days a guest basket is kept after its last change (docs/product.md §10.2). */
export const GUEST_BASKET_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
/** A token as the shop makes them: 32 random bytes in base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** New guest baskets per client address and hour: plenty for a household behind one address. */
export const GUEST_BASKET_LIMIT = { scope: "panier-invite", max: 30, windowMs: 60 * 60_000 };
export const GUEST_BASKETS_TOO_MANY = "Trop de paniers créés depuis cette adresse, réessayez plus tard.";

function tokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The cookie's token when it has the shape of one; anything else names no basket. */
function tokenOf(cookieHeader: string | null | undefined): string | null {
  const token = cookieValue(cookieHeader, GUEST_BASKET_COOKIE) ?? "";
  return TOKEN.test(token) ? token : null;
}

export function hasGuestBasketCookie(request: Request): boolean {
  return cookieValue(request.headers.get("cookie"), GUEST_BASKET_COOKIE) !== null;
}

/** Secure whenever the visitor is on https: the request says so, or the shop's public address does (as the session's cookie). */
function secureAttribute(request: Request): string {
  const https =
    new URL(request.url).protocol === "https:" || getAppContext().env.PUBLIC_URL.startsWith("https://");
  return https ? "; Secure" : "";
}

/** The cookie naming a guest basket, for 30 more days: re-sent with every change. */
export function guestBasketCookie(request: Request, token: string): string {
  const maxAge = GUEST_BASKET_DAYS * 24 * 60 * 60;
  return `${GUEST_BASKET_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureAttribute(request)}`;
}

export function clearGuestBasketCookie(request: Request): string {
  return `${GUEST_BASKET_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureAttribute(request)}`;
}

/** Baskets last changed before this are past their 30 days: gone, or about to be purged. */
function keptSince(now: Date): string {
  return new Date(now.getTime() - GUEST_BASKET_DAYS * DAY_MS).toISOString();
}

/**
 * The guest basket a request's `Cookie` header names, if the token is one the shop made and still
 * keeps.
 */
export async function guestBasketOf(
  cookieHeader: string | null | undefined,
  db: DB = getDb(),
  now = new Date(),
): Promise<string | null> {
  const token = tokenOf(cookieHeader);
  if (!token) return null;
  const row = await db
    .selectFrom("guest_baskets")
    .select("id")
    .where("token_hash", "=", tokenHash(token))
    .where("updated_at", ">=", keptSince(now))
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Whose lists a request reads: the signed-in customer's, else the guest basket of a valid cookie,
 * else nobody's (null). Creates nothing.
 */
export async function basketOwnerOf(request: Request): Promise<BasketOwner | null> {
  const user = await getOptionalUser(request);
  if (user) return { userId: user.id };
  const guestBasketId = await guestBasketOf(request.headers.get("cookie"));
  return guestBasketId ? { guestBasketId } : null;
}

/**
 * basketOwnerOf for GET /api/panier alone: the session checked without Better Auth's request
 * machinery and never extended (session.server.ts, signedInUserIdForRead).
 */
export async function basketOwnerForRead(cookieHeader: string | undefined): Promise<BasketOwner | null> {
  const userId = await signedInUserIdForRead(cookieHeader);
  if (userId) return { userId };
  const guestBasketId = await guestBasketOf(cookieHeader);
  return guestBasketId ? { guestBasketId } : null;
}

export type BasketWriter =
  /** The lists to change, and the cookie to send with the answer (null for a customer). */
  | { kind: "owner"; owner: BasketOwner; setCookie: string | null }
  /** A guest without a basket, and the write needs none (removing, an empty import). */
  | { kind: "none" }
  /** This address made too many guest baskets in the hour. */
  | { kind: "too-many" };

/**
 * Whose lists a write changes. A guest without a valid cookie gets a new basket when `create`
 * (within GUEST_BASKET_LIMIT per address); a guest's cookie is sent again with every change, so
 * its 30 days count from the last one.
 */
export async function basketOwnerForWrite(
  request: Request,
  { create }: { create: boolean },
): Promise<BasketWriter> {
  const user = await getOptionalUser(request);
  if (user) return { kind: "owner", owner: { userId: user.id }, setCookie: null };
  const db = getDb();
  const token = tokenOf(request.headers.get("cookie"));
  const existing = await guestBasketOf(request.headers.get("cookie"), db);
  if (existing && token)
    return {
      kind: "owner",
      owner: { guestBasketId: existing },
      setCookie: guestBasketCookie(request, token),
    };
  if (!create) return { kind: "none" };
  if (!(await createRateLimiter(db, GUEST_BASKET_LIMIT).attempt(clientAddress(request))))
    return { kind: "too-many" };
  const fresh = crypto.randomBytes(32).toString("base64url");
  const now = new Date().toISOString();
  const id = newId();
  await db
    .insertInto("guest_baskets")
    .values({ id, token_hash: tokenHash(fresh), created_at: now, updated_at: now })
    .execute();
  return { kind: "owner", owner: { guestBasketId: id }, setCookie: guestBasketCookie(request, fresh) };
}

/**
 * The daily pass's share (docs/product.md §10.2, ADR 017): guest baskets left unchanged for 30
 * days are deleted, their lines with them (cascade). Returns how many went.
 */
export async function purgeGuestBaskets(db: DB, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("guest_baskets")
    .where("updated_at", "<", keptSince(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * After a sign-in or a sign-up (docs/product.md §10.2): the guest basket of the request's cookie
 * joins the account with the merge rules and is deleted, and `headers` clear the cookie.
 */
export async function mergeGuestBasketAtSignIn(
  request: Request,
  userId: string,
  headers: Headers,
): Promise<Headers> {
  const guestBasketId = await guestBasketOf(request.headers.get("cookie"));
  if (guestBasketId) await adoptGuestBasket(getDb(), guestBasketId, userId);
  if (hasGuestBasketCookie(request)) headers.append("Set-Cookie", clearGuestBasketCookie(request));
  return headers;
}
