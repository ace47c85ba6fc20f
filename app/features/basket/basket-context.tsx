/**
 * Favourites and cart for everyone (docs/product.md §4 "Cart", "Favourites"): signed-in customers' lists live
 * on the server (/api/panier, /api/favoris) with optimistic updates restored on failure; guests'
 * live in local storage under the same rules, shared across tabs. One provider, at the root.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Availability, BasketProduct } from "./basket-types";
import {
  GUEST_CART_KEY,
  GUEST_FAVORITES_KEY,
  readGuestList,
  type StoredCartLine,
  type StoredProduct,
  writeGuestList,
} from "./guest-storage";

/**
 * docs/product.md §2: items lacking a name are not shown (sidebars, account, header counts); a piece
 * on request (no price) is, as « Prix sur demande », and can be ordered (§10.19).
 */
export function displayable<T extends BasketProduct>(items: readonly T[]): T[] {
  return items.filter((item) => item.name);
}

/** Sold, out-of-stock or deleted pieces stay listed but cannot be ordered. */
export function isOrderable(product: Pick<BasketProduct, "availability">): boolean {
  return product.availability === undefined || product.availability === "available";
}

export interface BasketLine extends BasketProduct {
  quantity: number;
}

interface BasketValue {
  signedIn: boolean;
  /** False until a guest's lists were read from local storage (on the server, and before hydration). */
  ready: boolean;
  favorites: BasketProduct[];
  cart: BasketLine[];
  /** True while a request to the server is under way. */
  loading: boolean;
  /** The last refusal, in French (e.g. stock reached), for a polite notice. */
  notice: string | null;
  clearNotice(): void;
  isFavorite(productId: string): boolean;
  toggleFavorite(product: BasketProduct): void;
  removeFavorite(productId: string): void;
  addToCart(product: BasketProduct): void;
  changeQuantity(productId: string, delta: number): void;
  removeFromCart(productId: string): void;
  /** After an order: its pieces leave a guest's cart (a customer's server cart already lost them). */
  forgetOrdered(productIds: readonly string[]): void;
}

const BasketContext = createContext<BasketValue | null>(null);

/** docs/product.md §5: "Hooks for cart and favourites must be used inside their provider." */
export function useBasket(): BasketValue {
  const value = useContext(BasketContext);
  if (!value) throw new Error("useBasket doit être utilisé dans un BasketProvider.");
  return value;
}

/** How many a cart line may hold: 1 for a unique piece, else the stock. */
export function lineLimit(product: Pick<BasketProduct, "stock" | "isUnique" | "availability">): number {
  if (!isOrderable(product)) return 0;
  return product.isUnique ? Math.min(1, product.stock) : product.stock;
}

const STOCK_NOTICE = "Cette création n'est plus disponible dans cette quantité.";

function toStored(product: BasketProduct): StoredProduct {
  return {
    id: product.productId,
    slug: product.slug,
    name: product.name,
    price: product.priceCents,
    image: product.image?.fileName ?? null,
    stock: product.stock,
    isUnique: product.isUnique,
  };
}

function fromStored(item: StoredProduct): BasketProduct {
  return {
    productId: item.id,
    slug: item.slug,
    name: item.name,
    priceCents: item.price,
    image: item.image ? { fileName: item.image } : null,
    stock: Number.isFinite(item.stock) ? item.stock : 1,
    isUnique: Boolean(item.isUnique),
  };
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(typeof payload.error === "string" ? payload.error : `HTTP ${response.status}`);
  return payload;
}

interface BasketProviderProps {
  signedIn: boolean;
  serverFavorites: BasketProduct[];
  serverCart: BasketLine[];
  children: ReactNode;
}

export function BasketProvider({ signedIn, serverFavorites, serverCart, children }: BasketProviderProps) {
  const [favorites, setFavorites] = useState<BasketProduct[]>(signedIn ? serverFavorites : []);
  const [cart, setCart] = useState<BasketLine[]>(signedIn ? serverCart : []);
  const [pending, setPending] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [ready, setReady] = useState(signedIn);
  const cartRef = useRef(cart);
  cartRef.current = cart;
  const favoritesRef = useRef(favorites);
  favoritesRef.current = favorites;

  // Lists reload whenever the user changes (or the server data is revalidated); a guest's come
  // from local storage, and a guest who signs in had them merged on the server: clear them.
  useEffect(() => {
    if (signedIn) {
      setFavorites(serverFavorites);
      setCart(serverCart);
      writeGuestList(GUEST_CART_KEY, []);
      writeGuestList(GUEST_FAVORITES_KEY, []);
      setReady(true);
      return;
    }
    // Stored pieces may have been sold or deleted since: ask the shop, then mark them.
    const refreshAvailability = async (items: BasketProduct[]) => {
      const ids = [...new Set(items.map((item) => item.productId))];
      if (ids.length === 0) return;
      try {
        const query = new URLSearchParams(ids.map((id) => ["id", id]));
        const response = await fetch(`/api/disponibilite?${query}`);
        if (!response.ok) return;
        const { availability } = (await response.json()) as {
          availability: Record<string, { availability: Availability; stock: number; isUnique: boolean }>;
        };
        const update = <T extends BasketProduct>(item: T): T => {
          const known = availability[item.productId];
          return known
            ? { ...item, availability: known.availability, stock: known.stock, isUnique: known.isUnique }
            : item;
        };
        setFavorites((current) => current.map(update));
        setCart((current) => current.map(update));
      } catch (error) {
        console.warn("Disponibilité des pièces inconnue pour le moment", error);
      }
    };
    const load = () => {
      const storedFavorites = readGuestList(GUEST_FAVORITES_KEY).map(fromStored);
      const storedCart = readGuestList<StoredCartLine>(GUEST_CART_KEY).map((line) => ({
        ...fromStored(line),
        quantity: line.quantity,
      }));
      setFavorites(storedFavorites);
      setCart(storedCart);
      setReady(true);
      void refreshAvailability([...storedFavorites, ...storedCart]);
    };
    load();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === GUEST_CART_KEY || event.key === GUEST_FAVORITES_KEY) load();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [signedIn, serverFavorites, serverCart]);

  const saveGuestCart = useCallback((lines: BasketLine[]) => {
    setCart(lines);
    writeGuestList(
      GUEST_CART_KEY,
      lines.map((line) => ({ ...toStored(line), quantity: line.quantity })),
    );
  }, []);
  const saveGuestFavorites = useCallback((items: BasketProduct[]) => {
    setFavorites(items);
    writeGuestList(GUEST_FAVORITES_KEY, items.map(toStored));
  }, []);

  /** Optimistic server call: show the change now, take the server's list, or restore on failure. */
  const sync = useCallback(
    async <T,>(
      url: string,
      body: unknown,
      apply: {
        optimistic: T;
        previous: T;
        set: (value: T) => void;
        fromServer: (payload: Record<string, unknown>) => T;
      },
    ) => {
      apply.set(apply.optimistic);
      setPending((n) => n + 1);
      try {
        const payload = await post(url, body);
        apply.set(apply.fromServer(payload));
      } catch (error) {
        console.error("Panier / favoris : échec de la mise à jour", error);
        apply.set(apply.previous);
        if (error instanceof Error && !error.message.startsWith("HTTP")) setNotice(error.message);
      } finally {
        setPending((n) => n - 1);
      }
    },
    [],
  );

  const value = useMemo<BasketValue>(() => {
    const isFavorite = (productId: string) => favorites.some((item) => item.productId === productId);

    function toggleFavorite(product: BasketProduct) {
      if (!product.productId) return; // docs/product.md §5: ignored without an id
      const previous = favoritesRef.current;
      const present = previous.some((item) => item.productId === product.productId);
      const next = present
        ? previous.filter((item) => item.productId !== product.productId)
        : [product, ...previous];
      if (!signedIn) return saveGuestFavorites(next);
      void sync(
        "/api/favoris",
        { intent: "toggle", productId: product.productId },
        {
          optimistic: next,
          previous,
          set: setFavorites,
          fromServer: (payload) => (payload.favorites as BasketProduct[]) ?? next,
        },
      );
    }

    function removeFavorite(productId: string) {
      const previous = favoritesRef.current;
      const next = previous.filter((item) => item.productId !== productId);
      if (!signedIn) return saveGuestFavorites(next);
      void sync(
        "/api/favoris",
        { intent: "remove", productId },
        {
          optimistic: next,
          previous,
          set: setFavorites,
          fromServer: (p) => (p.favorites as BasketProduct[]) ?? next,
        },
      );
    }

    function addToCart(product: BasketProduct) {
      if (!product.productId) return; // docs/product.md §5: ignored without an id
      const previous = cartRef.current;
      const line = previous.find((item) => item.productId === product.productId);
      const limit = lineLimit(product);
      if ((line?.quantity ?? 0) + 1 > limit) {
        setNotice(STOCK_NOTICE);
        return;
      }
      const next = line
        ? previous.map((item) =>
            item.productId === product.productId ? { ...item, quantity: item.quantity + 1 } : item,
          )
        : [...previous, { ...product, quantity: 1 }];
      if (!signedIn) return saveGuestCart(next);
      void sync(
        "/api/panier",
        { intent: "add", productId: product.productId },
        { optimistic: next, previous, set: setCart, fromServer: (p) => (p.cart as BasketLine[]) ?? next },
      );
    }

    function changeQuantity(productId: string, delta: number) {
      const previous = cartRef.current;
      const line = previous.find((item) => item.productId === productId);
      if (!line) return;
      const wanted = line.quantity + delta;
      if (wanted > lineLimit(line)) {
        setNotice(STOCK_NOTICE);
        return;
      }
      const next =
        wanted > 0
          ? previous.map((item) => (item.productId === productId ? { ...item, quantity: wanted } : item))
          : previous.filter((item) => item.productId !== productId);
      if (!signedIn) return saveGuestCart(next);
      void sync(
        "/api/panier",
        { intent: "change", productId, delta },
        { optimistic: next, previous, set: setCart, fromServer: (p) => (p.cart as BasketLine[]) ?? next },
      );
    }

    function removeFromCart(productId: string) {
      const previous = cartRef.current;
      const next = previous.filter((item) => item.productId !== productId);
      if (!signedIn) return saveGuestCart(next);
      void sync(
        "/api/panier",
        { intent: "remove", productId },
        { optimistic: next, previous, set: setCart, fromServer: (p) => (p.cart as BasketLine[]) ?? next },
      );
    }

    // Straight from local storage, not from the state: it may run before the lists were loaded.
    function forgetOrdered(productIds: readonly string[]) {
      if (signedIn) return;
      const ordered = new Set(productIds);
      writeGuestList(
        GUEST_CART_KEY,
        readGuestList<StoredCartLine>(GUEST_CART_KEY).filter((line) => !ordered.has(line.id)),
      );
      setCart((current) => current.filter((line) => !ordered.has(line.productId)));
    }

    return {
      signedIn,
      ready,
      favorites,
      cart,
      loading: pending > 0,
      notice,
      clearNotice: () => setNotice(null),
      isFavorite,
      toggleFavorite,
      removeFavorite,
      addToCart,
      changeQuantity,
      removeFromCart,
      forgetOrdered,
    };
  }, [signedIn, ready, favorites, cart, pending, notice, sync, saveGuestCart, saveGuestFavorites]);

  return <BasketContext.Provider value={value}>{children}</BasketContext.Provider>;
}

/** What the login and signup forms send so the server can merge the guest basket. */
export function guestBasketPayload(): string {
  const cart = readGuestList<StoredCartLine>(GUEST_CART_KEY).map((line) => ({
    productId: line.id,
    quantity: line.quantity,
  }));
  const favorites = readGuestList(GUEST_FAVORITES_KEY).map((item) => item.id);
  return JSON.stringify({ cart, favorites });
}
