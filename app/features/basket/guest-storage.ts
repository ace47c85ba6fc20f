/**
 * The basket an earlier version of the shop kept in the browser's local storage (keys guestCart and
 * guestFavorites): read once, sent to the server, then removed (ADR 032). Unreadable or corrupt
 * storage is simply no basket.
 */
import { LEGACY_KEYS } from "./legacy-keys";

const [GUEST_CART_KEY, GUEST_FAVORITES_KEY] = LEGACY_KEYS;

export interface LegacyBasket {
  cart: { productId: string; quantity: number }[];
  favorites: string[];
}

/** One stored list; an unreadable one (corrupt JSON, storage refused) is no list. */
function readList(key: string): Record<string, unknown>[] {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is Record<string, unknown> =>
        Boolean(item) && typeof item === "object" && typeof item.id === "string" && item.id !== "",
    );
  } catch (error) {
    console.warn(`Ancien panier du navigateur illisible (${key}) : ignoré`, error);
    return [];
  }
}

/** The stored basket in the shape /api/panier imports, or null when there is none. */
export function readLegacyBasket(): LegacyBasket | null {
  const cart = readList(GUEST_CART_KEY).map((line) => {
    const quantity = Number(line.quantity);
    return {
      productId: String(line.id),
      quantity: Number.isInteger(quantity) && quantity > 0 ? Math.min(quantity, 99) : 1,
    };
  });
  const favorites = readList(GUEST_FAVORITES_KEY).map((item) => String(item.id));
  if (cart.length === 0 && favorites.length === 0) {
    clearLegacyBasket();
    return null;
  }
  return { cart: cart.slice(0, 200), favorites: favorites.slice(0, 500) };
}

export function clearLegacyBasket(): void {
  try {
    window.localStorage.removeItem(GUEST_CART_KEY);
    window.localStorage.removeItem(GUEST_FAVORITES_KEY);
  } catch {
    // Storage refused (private mode): nothing was kept there either.
  }
}
