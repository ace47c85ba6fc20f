/**
 * The heart and 'Ajouter au panier' buttons of cards and product pages. They sit outside the
 * card's link, so a click never follows it (docs/product.md §2).
 */
import buttons from "~/components/button.module.css";
import { BagIcon, HeartIcon } from "~/components/icons";
import styles from "./basket-buttons.module.css";
import { type BasketProduct, lineLimit, useBasket } from "./basket-context";

export function FavoriteButton({ product, className }: { product: BasketProduct; className?: string }) {
  const basket = useBasket();
  const active = basket.isFavorite(product.productId);
  return (
    <button
      type="button"
      className={`${styles.heart} ${className ?? ""}`}
      aria-pressed={active}
      aria-label={active ? `Retirer ${product.name} des favoris` : `Ajouter ${product.name} aux favoris`}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        basket.toggleFavorite(product);
      }}
    >
      <HeartIcon size={20} fill={active ? "currentColor" : "none"} />
    </button>
  );
}

export function AddToCartButton({ product, block = false }: { product: BasketProduct; block?: boolean }) {
  const basket = useBasket();
  const inCart = basket.cart.find((line) => line.productId === product.productId)?.quantity ?? 0;
  const available = lineLimit(product) - inCart;
  return (
    <button
      type="button"
      className={`${buttons.primary} ${block ? buttons.block : ""}`}
      disabled={available <= 0}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        basket.addToCart(product);
      }}
    >
      <BagIcon size={18} />
      {inCart > 0 && available <= 0 ? "Dans le panier" : "Ajouter au panier"}
    </button>
  );
}
