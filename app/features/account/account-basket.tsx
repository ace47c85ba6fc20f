/**
 * The favourites and cart sections of /mon-compte (docs/product.md §2 "Account"): counts and totals, each
 * piece with its image, name and price; add to cart and remove for favourites; unit price ×
 * quantity, line total, minus/plus and remove for the cart; 'Contacter pour commander'.
 */
import { Link, useNavigate } from "react-router";
import buttons from "~/components/button.module.css";
import { AvailabilityNote } from "~/features/basket/availability-note";
import { AddToCartButton, ContactToOrderButton, RemoveFromBasket } from "~/features/basket/basket-buttons";
import {
  type BasketLists,
  displayable,
  isOrderable,
  useBasket,
  useBasketLists,
} from "~/features/basket/basket-context";
import type { BasketProduct } from "~/features/basket/basket-types";
import { QuantityStepper } from "~/features/basket/quantity-stepper";
import { formatLineTotal, formatPrice, formatTotal } from "~/lib/format";
import { imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import styles from "./account.module.css";

function Thumb({ item }: { item: BasketProduct }) {
  return (
    <img
      src={item.image ? imageUrl("products", item.image.fileName, "thumb") : PLACEHOLDER_IMAGE}
      alt=""
      width={100}
      height={100}
      loading="lazy"
      className={styles.thumb}
    />
  );
}

export function FavoritesSection({ rendered }: { rendered: BasketLists }) {
  const navigate = useNavigate();
  const favorites = displayable(useBasketLists(rendered).favorites);
  return (
    <>
      <p className={styles.summary}>
        {favorites.length} {favorites.length > 1 ? "favoris" : "favori"} · valeur totale{" "}
        <strong>{formatTotal(favorites.filter(isOrderable))}</strong>
      </p>
      {favorites.length === 0 ? (
        <p className={styles.empty}>Vous n'avez pas encore de favoris.</p>
      ) : (
        <ul className={styles.items}>
          {favorites.map((item) => {
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the name is a real link for keyboards; the row click is a shortcut.
              <li
                key={item.productId}
                className={styles.item}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("button, a")) return;
                  navigate(`/catalogue/produit/${item.slug}`);
                }}
              >
                <Thumb item={item} />
                <div>
                  <Link to={`/catalogue/produit/${item.slug}`} className={styles.itemName}>
                    {item.name}
                  </Link>
                  <p className={styles.itemPrice}>{formatPrice(item.priceCents)}</p>
                  <AvailabilityNote availability={item.availability} />
                </div>
                <div className={styles.itemActions}>
                  <AddToCartButton product={item} className={buttons.secondary} />
                  <RemoveFromBasket product={item} from="favorites" className={styles.linkButton}>
                    Retirer
                  </RemoveFromBasket>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export function CartSection({ rendered }: { rendered: BasketLists }) {
  const basket = useBasket();
  const cart = displayable(useBasketLists(rendered).cart);
  const quantity = cart.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <>
      <p className={styles.summary}>
        {cart.length} {cart.length > 1 ? "articles" : "article"} · {quantity}{" "}
        {quantity > 1 ? "pièces" : "pièce"}
      </p>
      {basket.notice ? (
        <p className={styles.error} role="status">
          {basket.notice}
        </p>
      ) : null}
      {cart.length === 0 ? (
        <p className={styles.empty}>Votre panier est vide.</p>
      ) : (
        <ul className={styles.items}>
          {cart.map((line) => (
            <li key={line.productId} className={styles.item}>
              <Thumb item={line} />
              <div>
                <Link to={`/catalogue/produit/${line.slug}`} className={styles.itemName}>
                  {line.name}
                </Link>
                <p className={styles.itemPrice}>
                  {formatPrice(line.priceCents)} × {line.quantity} ={" "}
                  <strong>{formatLineTotal(line.priceCents, line.quantity)}</strong>
                </p>
                <AvailabilityNote availability={line.availability} />
              </div>
              <div className={styles.itemActions}>
                <QuantityStepper line={line} />
                <RemoveFromBasket product={line} from="cart" className={styles.linkButton}>
                  Retirer
                </RemoveFromBasket>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.total}>
        Total : <strong>{formatTotal(cart.filter(isOrderable))}</strong>
      </p>
      <div className={styles.contactButton}>
        <ContactToOrderButton disabled={!cart.some(isOrderable)} from="panier" />
      </div>
    </>
  );
}
