/**
 * The guest basket in local storage (docs/product.md §3: guestCart, guestFavorites). Read failures (private
 * mode, corrupt JSON) are logged and ignored: the basket is then simply empty.
 */
export const GUEST_CART_KEY = "guestCart";
export const GUEST_FAVORITES_KEY = "guestFavorites";

export interface StoredProduct {
  id: string;
  slug: string;
  name: string;
  price: number | null;
  image: string | null;
  stock: number;
  isUnique: boolean;
}

export interface StoredCartLine extends StoredProduct {
  quantity: number;
}

function isStoredProduct(value: unknown): value is StoredProduct {
  if (!value || typeof value !== "object") return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === "string" &&
    item.id !== "" &&
    typeof item.slug === "string" &&
    typeof item.name === "string"
  );
}

export function readGuestList<T extends StoredProduct>(key: string): T[] {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isStoredProduct).map((item) => {
      const line = item as T & { quantity?: unknown };
      if ("quantity" in line) {
        const quantity = Number(line.quantity);
        return { ...line, quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1 };
      }
      return line;
    });
  } catch (error) {
    console.warn(`Lecture du stockage local impossible (${key})`, error);
    return [];
  }
}

export function writeGuestList(key: string, items: readonly StoredProduct[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(items));
  } catch (error) {
    console.warn(`Écriture du stockage local impossible (${key})`, error);
  }
}
