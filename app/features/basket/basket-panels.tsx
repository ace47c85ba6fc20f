/**
 * docs/product.md §2 "Sidebars": 'Vos Favoris' (image, name, price, total) and 'Votre Panier' (100x100
 * thumbnail, name, unit price, minus/plus, line total, remove, total), each with its empty state
 * and the 'Contacter pour commander' button: it closes the sidebar, then goes to /contact after
 * 300 ms.
 */
import { Link, useNavigate } from "react-router";
import buttons from "~/components/button.module.css";
import { CloseIcon } from "~/components/icons";
import { SidePanel } from "~/components/side-panel";
import { formatLineTotal, formatPrice, formatTotal } from "~/lib/format";
import { imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import { AvailabilityNote } from "./availability-note";
import { displayable, isOrderable, useBasket } from "./basket-context";
import styles from "./basket-panels.module.css";
import type { BasketProduct } from "./basket-types";
import { QuantityStepper } from "./quantity-stepper";

export const CONTACT_NAVIGATION_DELAY_MS = 300;

export type OpenPanel = "favorites" | "cart" | null;

function Thumb({ item, onNavigate }: { item: BasketProduct; onNavigate: () => void }) {
  return (
    <Link
      to={`/catalogue/produit/${item.slug}`}
      className={styles.thumb}
      tabIndex={-1}
      aria-hidden="true"
      onClick={onNavigate}
    >
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

/** Goes to /contact with the order prefilled from the cart or the favourites (docs/product.md §10.3). */
export function ContactToOrderButton({
  disabled,
  onClose,
  from,
}: {
  disabled: boolean;
  onClose?: () => void;
  from: "panier" | "favoris";
}) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={`${buttons.primary} ${buttons.block}`}
      disabled={disabled}
      onClick={() => {
        onClose?.();
        setTimeout(() => navigate(`/contact?commande=${from}`), CONTACT_NAVIGATION_DELAY_MS);
      }}
    >
      Contacter pour commander
    </button>
  );
}

export function BasketPanels({ open, onClose }: { open: OpenPanel; onClose: () => void }) {
  const basket = useBasket();
  const favorites = displayable(basket.favorites);
  const cart = displayable(basket.cart);
  // Unavailable pieces stay listed but count neither in totals nor in an order.
  const orderableFavorites = favorites.filter(isOrderable);
  const orderableCart = cart.filter(isOrderable);
  return (
    <>
      <SidePanel
        open={open === "favorites"}
        title="Vos Favoris"
        onClose={onClose}
        footer={
          <>
            <p className={styles.total}>
              <span>Total</span> <strong>{formatTotal(orderableFavorites)}</strong>
            </p>
            <ContactToOrderButton
              disabled={orderableFavorites.length === 0}
              onClose={onClose}
              from="favoris"
            />
          </>
        }
      >
        {favorites.length === 0 ? (
          <p className={styles.empty}>Votre liste de favoris est vide.</p>
        ) : (
          <ul className={styles.list}>
            {favorites.map((item) => (
              <li key={item.productId} className={styles.item}>
                <Thumb item={item} onNavigate={onClose} />
                <div className={styles.details}>
                  <Link to={`/catalogue/produit/${item.slug}`} className={styles.name} onClick={onClose}>
                    {item.name}
                  </Link>
                  <p className={styles.price}>{formatPrice(item.priceCents)}</p>
                  <AvailabilityNote availability={item.availability} />
                </div>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`Retirer ${item.name} des favoris`}
                  onClick={() => basket.removeFavorite(item.productId)}
                >
                  <CloseIcon size={18} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </SidePanel>

      <SidePanel
        open={open === "cart"}
        title="Votre Panier"
        onClose={onClose}
        footer={
          <>
            <p className={styles.total}>
              <span>Total</span> <strong data-testid="cart-total">{formatTotal(orderableCart)}</strong>
            </p>
            <ContactToOrderButton disabled={orderableCart.length === 0} onClose={onClose} from="panier" />
          </>
        }
      >
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
                <Thumb item={line} onNavigate={onClose} />
                <div className={styles.details}>
                  <Link to={`/catalogue/produit/${line.slug}`} className={styles.name} onClick={onClose}>
                    {line.name}
                  </Link>
                  <p className={styles.price}>Prix unitaire : {formatPrice(line.priceCents)}</p>
                  <QuantityStepper line={line} />
                  <p className={styles.lineTotal}>{formatLineTotal(line.priceCents, line.quantity)}</p>
                  <AvailabilityNote availability={line.availability} />
                </div>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`Retirer ${line.name} du panier`}
                  onClick={() => basket.removeFromCart(line.productId)}
                >
                  <CloseIcon size={18} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </SidePanel>
    </>
  );
}
