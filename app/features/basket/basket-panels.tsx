/**
 * What the sidebars list (docs/product.md §2 "Sidebars"): 'Vos Favoris' (image, name, price, total)
 * and 'Votre Panier' (100x100 thumbnail, name, unit price, minus/plus, line total, remove, total),
 * each with its empty state and the 'Contacter pour commander' button: it closes the sidebar, then
 * goes to /contact after 300 ms. Loaded once the page is idle, into the dialogs of basket-dialogs.tsx.
 */
import { Link } from "react-router";
import { CloseIcon } from "~/components/icons";
import { sidePanelParts } from "~/components/side-panel";
import { formatLineTotal, formatPrice, formatTotal } from "~/lib/format";
import { imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import { AvailabilityNote } from "./availability-note";
import { ContactToOrderButton, RemoveFromBasket } from "./basket-buttons";
import { displayable, isOrderable, useBasket } from "./basket-context";
import styles from "./basket-panels.module.css";
import type { BasketProduct } from "./basket-types";
import { QuantityStepper } from "./quantity-stepper";

function Thumb({ item }: { item: BasketProduct }) {
  return (
    <Link to={`/catalogue/produit/${item.slug}`} className={styles.thumb} tabIndex={-1} aria-hidden="true">
      <img
        src={item.image ? imageUrl("products", item.image.fileName, "thumb") : PLACEHOLDER_IMAGE}
        alt=""
        width={100}
        height={100}
        loading="lazy"
      />
    </Link>
  );
}

export function FavoritesPanel() {
  const basket = useBasket();
  const favorites = displayable(basket.favorites);
  // Unavailable pieces stay listed but count neither in totals nor in an order.
  const orderable = favorites.filter(isOrderable);
  return (
    <>
      <div className={sidePanelParts.body}>
        {favorites.length === 0 ? (
          <p className={styles.empty}>Votre liste de favoris est vide.</p>
        ) : (
          <ul className={styles.list}>
            {favorites.map((item) => (
              <li key={item.productId} className={styles.item}>
                <Thumb item={item} />
                <div className={styles.details}>
                  <Link to={`/catalogue/produit/${item.slug}`} className={styles.name}>
                    {item.name}
                  </Link>
                  <p className={styles.price}>{formatPrice(item.priceCents)}</p>
                  <AvailabilityNote availability={item.availability} />
                </div>
                <RemoveFromBasket product={item} from="favorites" className={styles.remove}>
                  <CloseIcon size={18} />
                </RemoveFromBasket>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={sidePanelParts.footer}>
        <p className={styles.total}>
          <span>Total</span> <strong>{formatTotal(orderable)}</strong>
        </p>
        <ContactToOrderButton disabled={orderable.length === 0} from="favoris" />
      </div>
    </>
  );
}

export function CartPanel() {
  const basket = useBasket();
  const cart = displayable(basket.cart);
  const orderable = cart.filter(isOrderable);
  return (
    <>
      <div className={sidePanelParts.body}>
        {basket.notice ? (
          <p className={styles.notice} role="status">
            {basket.notice}
          </p>
        ) : null}
        {cart.length === 0 ? (
          <p className={styles.empty}>Votre panier est vide.</p>
        ) : (
          <ul className={styles.list}>
            {cart.map((line) => (
              <li key={line.productId} className={styles.item}>
                <Thumb item={line} />
                <div className={styles.details}>
                  <Link to={`/catalogue/produit/${line.slug}`} className={styles.name}>
                    {line.name}
                  </Link>
                  <p className={styles.price}>Prix unitaire : {formatPrice(line.priceCents)}</p>
                  <QuantityStepper line={line} />
                  <p className={styles.lineTotal}>{formatLineTotal(line.priceCents, line.quantity)}</p>
                  <AvailabilityNote availability={line.availability} />
                </div>
                <RemoveFromBasket product={line} from="cart" className={styles.remove}>
                  <CloseIcon size={18} />
                </RemoveFromBasket>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={sidePanelParts.footer}>
        <p className={styles.total}>
          <span>Total</span> <strong data-testid="cart-total">{formatTotal(orderable)}</strong>
        </p>
        <ContactToOrderButton disabled={orderable.length === 0} from="panier" />
      </div>
    </>
  );
}
