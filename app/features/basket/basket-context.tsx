/**
 * Favourites and cart, as the page shows them (docs/product.md §4 "Cart", "Favourites", ADR 032):
 * the lists live on the server for every visitor, guest or customer; this is only the optimistic
 * layer over them. The root hands the server's lists (from the visitor's endpoint, reloaded by
 * React Router after every write); each change is a form posted to /api/panier by a fetcher
 * (`BasketForm`), shown at once from the form it sends, then replaced by the server's lists. A
 * refusal (stock reached, piece sold meanwhile) comes back as a notice and the lists as they are.
 */
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useFetcher, useFetchers } from "react-router";
import { afterNextPaint, whenIdle } from "~/lib/later";
import type { BasketProduct } from "./basket-types";
import { LEGACY_KEYS } from "./legacy-keys";

export const BASKET_ACTION = "/api/panier";

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

/** The server's lists, as the visitor's endpoint and /api/panier give them. */
export interface BasketLists {
  cart: BasketLine[];
  favorites: BasketProduct[];
}

/** How many a cart line may hold: 1 for a unique piece, else the stock. */
export function lineLimit(product: Pick<BasketProduct, "stock" | "isUnique" | "availability">): number {
  if (!isOrderable(product)) return 0;
  return product.isUnique ? Math.min(1, product.stock) : product.stock;
}

export const STOCK_NOTICE = "Cette création n'est plus disponible dans cette quantité.";

interface BasketValue {
  /** False until the server's lists are known (before the visitor's endpoint answered). */
  ready: boolean;
  favorites: BasketProduct[];
  cart: BasketLine[];
  /** The last refusal, in French (e.g. stock reached), for a polite notice. */
  notice: string | null;
  showNotice(message: string): void;
  clearNotice(): void;
  isFavorite(productId: string): boolean;
  /** The piece a form is about to add: shown in the lists before the server answers. */
  remember(product: BasketProduct): void;
}

const BasketContext = createContext<BasketValue | null>(null);

/**
 * The lists a page rendered on the server for its visitor (their account, the order form) stand
 * until the page has the visitor's own, so that they show without JavaScript too.
 */
export function useBasketLists(rendered: BasketLists): BasketLists {
  const basket = useBasket();
  return basket.ready ? basket : rendered;
}

/** docs/product.md §5: "Hooks for cart and favourites must be used inside their provider." */
export function useBasket(): BasketValue {
  const value = useContext(BasketContext);
  if (!value) throw new Error("useBasket doit être utilisé dans un BasketProvider.");
  return value;
}

type Change =
  | { intent: "add"; productId: string }
  | { intent: "change"; productId: string; delta: number }
  | { intent: "remove"; productId: string }
  | { intent: "favorite"; productId: string }
  | { intent: "unfavorite"; productId: string };

function changeOf(form: FormData): Change | null {
  const intent = form.get("intent");
  const productId = String(form.get("productId") ?? "");
  if (!productId) return null;
  if (intent === "change") return { intent, productId, delta: Number(form.get("delta")) || 0 };
  if (intent === "add" || intent === "remove" || intent === "favorite" || intent === "unfavorite")
    return { intent, productId };
  return null;
}

/** The lists as they will be once `change` is done, for the pieces the page knows. */
function applied(lists: BasketLists, change: Change, known: Map<string, BasketProduct>): BasketLists {
  const { cart, favorites } = lists;
  const line = cart.find((item) => item.productId === change.productId);
  switch (change.intent) {
    case "add": {
      if (line)
        return {
          cart: cart.map((item) => (item === line ? { ...item, quantity: item.quantity + 1 } : item)),
          favorites,
        };
      const product = known.get(change.productId);
      return product ? { cart: [...cart, { ...product, quantity: 1 }], favorites } : lists;
    }
    case "change": {
      if (!line) return lists;
      const quantity = line.quantity + change.delta;
      return {
        cart:
          quantity > 0
            ? cart.map((item) => (item === line ? { ...item, quantity } : item))
            : cart.filter((item) => item !== line),
        favorites,
      };
    }
    case "remove":
      return { cart: cart.filter((item) => item !== line), favorites };
    case "favorite": {
      if (favorites.some((item) => item.productId === change.productId))
        return { cart, favorites: favorites.filter((item) => item.productId !== change.productId) };
      const product = known.get(change.productId);
      return product ? { cart, favorites: [product, ...favorites] } : lists;
    }
    case "unfavorite":
      return { cart, favorites: favorites.filter((item) => item.productId !== change.productId) };
  }
}

/** The server's lists with the changes still on their way, in the order they were sent. */
export function withPendingChanges(
  lists: BasketLists,
  forms: readonly FormData[],
  known: Map<string, BasketProduct>,
): BasketLists {
  let result = lists;
  for (const form of forms) {
    const change = changeOf(form);
    if (change) result = applied(result, change, known);
  }
  return result;
}

const EMPTY: BasketLists = { cart: [], favorites: [] };

export function BasketProvider({ lists, children }: { lists: BasketLists | null; children: ReactNode }) {
  const [notice, setNotice] = useState<string | null>(null);
  const known = useRef(new Map<string, BasketProduct>());
  const fetchers = useFetchers();
  const pending = fetchers.filter(
    (fetcher) => fetcher.formAction === BASKET_ACTION && fetcher.formData !== undefined,
  );
  const pendingKey = pending.map((fetcher) => fetcher.key).join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pending forms are named by their keys.
  const shown = useMemo(
    () =>
      withPendingChanges(
        lists ?? EMPTY,
        pending.flatMap((fetcher) => (fetcher.formData ? [fetcher.formData] : [])),
        known.current,
      ),
    [lists, pendingKey],
  );

  useLegacyBasketImport();

  const showNotice = useCallback((message: string) => setNotice(message), []);
  const clearNotice = useCallback(() => setNotice(null), []);
  const remember = useCallback((product: BasketProduct) => {
    known.current.set(product.productId, product);
  }, []);
  const value = useMemo<BasketValue>(
    () => ({
      ready: lists !== null,
      favorites: shown.favorites,
      cart: shown.cart,
      notice,
      showNotice,
      clearNotice,
      isFavorite: (productId) => shown.favorites.some((item) => item.productId === productId),
      remember,
    }),
    [lists, shown, notice, showNotice, clearNotice, remember],
  );
  return <BasketContext.Provider value={value}>{children}</BasketContext.Provider>;
}

/**
 * A basket that an earlier version of the shop kept in this browser's local storage is sent to the
 * server once, merged like a basket at sign-in, then removed from the browser (ADR 032).
 */
function useLegacyBasketImport() {
  const fetcher = useFetcher<{ ok?: boolean }>({ key: "panier-ancien" });
  const { submit } = fetcher;
  useEffect(
    () =>
      // The first reading of local storage waits on the browser's storage (2–13 ms measured on
      // every page): done when the page is idle, not in the task that hydrates it (app/lib/later.ts).
      whenIdle(() => {
        // The reading code comes only to the few browsers that still hold such a basket.
        if (!hasLegacyBasket()) return;
        void import("./guest-storage").then(({ readLegacyBasket }) => {
          const legacy = readLegacyBasket();
          if (!legacy) return;
          submit(
            { intent: "import", ...legacy },
            {
              method: "post",
              action: BASKET_ACTION,
              encType: "application/json",
              defaultShouldRevalidate: false,
            },
          );
        });
      }),
    [submit],
  );
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok)
      void import("./guest-storage").then((storage) => storage.clearLegacyBasket());
  }, [fetcher.state, fetcher.data]);
}

function hasLegacyBasket(): boolean {
  try {
    return LEGACY_KEYS.some((key) => window.localStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

/**
 * One change to the basket as a form: posted by a fetcher when the page runs (shown at once), and
 * as a plain form otherwise — the server then answers with the page the visitor came from and a
 * short message (docs/product.md §4). `refusal` may stop it before it leaves (e.g. the stock is
 * reached: the server would refuse it too).
 */
export function BasketForm({
  intent,
  product,
  delta,
  refusal,
  className,
  children,
}: {
  intent: Change["intent"];
  product: BasketProduct;
  delta?: number;
  refusal?: () => string | null;
  className?: string;
  children: ReactNode;
}) {
  const basket = useBasket();
  const fetcher = useFetcher<{ error?: string }>();
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const { showNotice } = basket;
  useEffect(() => {
    if (error) showNotice(error);
  }, [error, showNotice]);
  const { submit } = fetcher;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The fetcher sends the form once the browser has painted the tap (bench/inp.mjs): its
    // submission runs React Router's and React's work for every form on the page, which would
    // otherwise all come before that paint. The change shows a frame later.
    event.preventDefault();
    const refused = refusal?.();
    if (refused) {
      showNotice(refused);
      return;
    }
    basket.remember(product);
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    afterNextPaint(() =>
      submit(form, { method: "post", action: BASKET_ACTION, defaultShouldRevalidate: false }),
    );
  };
  return (
    // Sent by `onSubmit` once the page runs, a plain form post before. No page's loader gives the
    // lists: only the visitor's endpoint is asked again after a write (its `shouldRevalidate`), not
    // the page, whose reload a quick next write would only abort. `data-discover`, as React Router's
    // own forms have it: the router learns the action's route while the page loads, not in a round
    // trip (`/__manifest`) between the tap and the write.
    <form method="post" action={BASKET_ACTION} className={className} onSubmit={onSubmit} data-discover="true">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={product.productId} />
      {delta === undefined ? null : <input type="hidden" name="delta" value={delta} />}
      {children}
    </form>
  );
}
