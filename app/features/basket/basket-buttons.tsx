/**
 * The heart and 'Ajouter au panier' buttons of cards and product pages. They sit outside the
 * card's link, so a click never follows it (docs/product.md §2). Each is a form posted to
 * /api/panier (ADR 032): by a fetcher once the page runs (the lists change at once), as a plain
 * form before that or without JavaScript (the server answers with the same page and a message).
 */
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import buttons from "~/components/button.module.css";
import { BagIcon, HeartIcon } from "~/components/icons";
import styles from "./basket-buttons.module.css";
import { BasketForm, lineLimit, STOCK_NOTICE, useBasket } from "./basket-context";
import type { BasketProduct } from "./basket-types";
import { closeBasketPanels } from "./panel-ids";

export function FavoriteButton({ product, className }: { product: BasketProduct; className?: string }) {
  const basket = useBasket();
  const active = basket.isFavorite(product.productId);
  return (
    <BasketForm intent="favorite" product={product} className={styles.form}>
      <button
        type="submit"
        className={`${styles.heart} ${className ?? ""}`}
        aria-pressed={active}
        aria-label={active ? `Retirer ${product.name} des favoris` : `Ajouter ${product.name} aux favoris`}
        onClick={(event) => event.stopPropagation()}
      >
        <HeartIcon size={20} fill={active ? "currentColor" : "none"} />
      </button>
    </BasketForm>
  );
}

/** How many more of `product` the cart may take. */
export function useRoomInCart(product: BasketProduct): { inCart: number; room: number } {
  const basket = useBasket();
  const inCart = basket.cart.find((line) => line.productId === product.productId)?.quantity ?? 0;
  return { inCart, room: lineLimit(product) - inCart };
}

export function AddToCartButton({
  product,
  block = false,
  label = "Ajouter au panier",
  className,
}: {
  product: BasketProduct;
  block?: boolean;
  label?: string;
  className?: string;
}) {
  const { inCart, room } = useRoomInCart(product);
  return (
    <BasketForm
      intent="add"
      product={product}
      className={styles.form}
      refusal={() => (room <= 0 ? STOCK_NOTICE : null)}
    >
      <button
        type="submit"
        className={className ?? `${buttons.primary} ${block ? buttons.block : ""}`}
        disabled={room <= 0}
        onClick={(event) => event.stopPropagation()}
      >
        {className ? null : <BagIcon size={18} />}
        {inCart > 0 && room <= 0
          ? "Dans le panier"
          : product.availability === "reserved"
            ? "Réservée"
            : label}
      </button>
    </BasketForm>
  );
}

/** The remove button of a cart line or a favourite. */
export function RemoveFromBasket({
  product,
  from,
  className,
  children,
}: {
  product: BasketProduct;
  from: "cart" | "favorites";
  className?: string;
  children: ReactNode;
}) {
  return (
    <BasketForm intent={from === "cart" ? "remove" : "unfavorite"} product={product} className={styles.form}>
      <button
        type="submit"
        className={className}
        aria-label={
          from === "cart" ? `Retirer ${product.name} du panier` : `Retirer ${product.name} des favoris`
        }
      >
        {children}
      </button>
    </BasketForm>
  );
}

/** 'Contacter pour commander' waits for the sidebar to close (docs/product.md §2 "Sidebars"). */
export const CONTACT_NAVIGATION_DELAY_MS = 300;

/** Goes to /contact with the order prefilled from the cart or the favourites (docs/product.md §10.3). */
export function ContactToOrderButton({ disabled, from }: { disabled: boolean; from: "panier" | "favoris" }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={`${buttons.primary} ${buttons.block}`}
      disabled={disabled}
      onClick={() => {
        closeBasketPanels();
        setTimeout(() => navigate(`/contact?commande=${from}`), CONTACT_NAVIGATION_DELAY_MS);
      }}
    >
      Contacter pour commander
    </button>
  );
}
