/**
 * The heart and 'Ajouter au panier' buttons of cards and product pages. They sit outside the
 * card's link, so a click never follows it (docs/product.md §2). A signed-in customer's button is a real form
 * posting to the basket API, so it works before the page is hydrated or without JavaScript; once
 * hydrated, the basket context sends it instead (optimistic, restored on failure). A guest's basket
 * lives in local storage, so theirs stays a plain button.
 */
import type { ReactNode } from "react";
import buttons from "~/components/button.module.css";
import { BagIcon, HeartIcon } from "~/components/icons";
import styles from "./basket-buttons.module.css";
import { lineLimit, useBasket } from "./basket-context";
import type { BasketProduct } from "./basket-types";

function BasketForm(props: {
  action: "/api/panier" | "/api/favoris";
  intent: string;
  productId: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={props.action}
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="productId" value={props.productId} />
      {props.children}
    </form>
  );
}

export function FavoriteButton({ product, className }: { product: BasketProduct; className?: string }) {
  const basket = useBasket();
  const active = basket.isFavorite(product.productId);
  const button = (
    <button
      type={basket.signedIn ? "submit" : "button"}
      className={`${styles.heart} ${className ?? ""}`}
      aria-pressed={active}
      aria-label={active ? `Retirer ${product.name} des favoris` : `Ajouter ${product.name} aux favoris`}
      onClick={(event) => {
        event.stopPropagation();
        if (basket.signedIn) return;
        event.preventDefault();
        basket.toggleFavorite(product);
      }}
    >
      <HeartIcon size={20} fill={active ? "currentColor" : "none"} />
    </button>
  );
  if (!basket.signedIn) return button;
  return (
    <BasketForm
      action="/api/favoris"
      intent="toggle"
      productId={product.productId}
      onSubmit={() => basket.toggleFavorite(product)}
    >
      {button}
    </BasketForm>
  );
}

export function AddToCartButton({ product, block = false }: { product: BasketProduct; block?: boolean }) {
  const basket = useBasket();
  const inCart = basket.cart.find((line) => line.productId === product.productId)?.quantity ?? 0;
  const available = lineLimit(product) - inCart;
  const button = (
    <button
      type={basket.signedIn ? "submit" : "button"}
      className={`${buttons.primary} ${block ? buttons.block : ""}`}
      disabled={available <= 0}
      onClick={(event) => {
        event.stopPropagation();
        if (basket.signedIn) return;
        event.preventDefault();
        basket.addToCart(product);
      }}
    >
      <BagIcon size={18} />
      {inCart > 0 && available <= 0
        ? "Dans le panier"
        : product.availability === "reserved"
          ? "Réservée"
          : "Ajouter au panier"}
    </button>
  );
  if (!basket.signedIn) return button;
  return (
    <BasketForm
      action="/api/panier"
      intent="add"
      productId={product.productId}
      onSubmit={() => basket.addToCart(product)}
    >
      {button}
    </BasketForm>
  );
}
