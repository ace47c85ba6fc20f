/**
 * Spec §2 "Sidebars": 'Vos Favoris' and 'Votre Panier' with their items, empty states, totals and
 * the 'Contacter pour commander' button (closes the sidebar, then goes to /contact after 300 ms).
 */
import { Link, useNavigate } from "react-router";
import buttons from "~/components/button.module.css";
import { SidePanel } from "~/components/side-panel";
import { formatPrice, sumCents } from "~/lib/format";
import { imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import styles from "./basket-panels.module.css";

export const CONTACT_NAVIGATION_DELAY_MS = 300;

export interface PanelProduct {
  productId: string;
  slug: string;
  name: string;
  priceCents: number | null;
  image: { fileName: string } | null;
}

export interface PanelCartLine extends PanelProduct {
  quantity: number;
}

export type OpenPanel = "favorites" | "cart" | null;

/** Spec §2: items lacking a name or a price are not shown. */
function displayable<T extends PanelProduct>(items: readonly T[]): T[] {
  return items.filter((item) => item.name && item.priceCents !== null);
}

function Thumb({ item }: { item: PanelProduct }) {
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

function ContactButton({ disabled, onClose }: { disabled: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={`${buttons.primary} ${buttons.block}`}
      disabled={disabled}
      onClick={() => {
        onClose();
        setTimeout(() => navigate("/contact"), CONTACT_NAVIGATION_DELAY_MS);
      }}
    >
      Contacter pour commander
    </button>
  );
}

interface BasketPanelsProps {
  open: OpenPanel;
  onClose: () => void;
  favorites: readonly PanelProduct[];
  cart: readonly PanelCartLine[];
}

export function BasketPanels({ open, onClose, favorites, cart }: BasketPanelsProps) {
  const shownFavorites = displayable(favorites);
  const shownCart = displayable(cart);
  return (
    <>
      <SidePanel
        open={open === "favorites"}
        title="Vos Favoris"
        onClose={onClose}
        footer={
          <>
            <p className={styles.total}>
              <span>Total</span> <strong>{formatPrice(sumCents(shownFavorites))}</strong>
            </p>
            <ContactButton disabled={shownFavorites.length === 0} onClose={onClose} />
          </>
        }
      >
        {shownFavorites.length === 0 ? (
          <p className={styles.empty}>Votre liste de favoris est vide.</p>
        ) : (
          <ul className={styles.list}>
            {shownFavorites.map((item) => (
              <li key={item.productId} className={styles.item}>
                <Thumb item={item} />
                <div>
                  <Link to={`/catalogue/produit/${item.slug}`} className={styles.name} onClick={onClose}>
                    {item.name}
                  </Link>
                  <p className={styles.price}>{formatPrice(item.priceCents)}</p>
                </div>
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
              <span>Total</span> <strong>{formatPrice(sumCents(shownCart))}</strong>
            </p>
            <ContactButton disabled={shownCart.length === 0} onClose={onClose} />
          </>
        }
      >
        {shownCart.length === 0 ? (
          <p className={styles.empty}>Votre panier est vide.</p>
        ) : (
          <ul className={styles.list}>
            {shownCart.map((line) => (
              <li key={line.productId} className={styles.item}>
                <Thumb item={line} />
                <div>
                  <Link to={`/catalogue/produit/${line.slug}`} className={styles.name} onClick={onClose}>
                    {line.name}
                  </Link>
                  <p className={styles.price}>
                    {formatPrice(line.priceCents)} × {line.quantity} ={" "}
                    <strong>{formatPrice((line.priceCents ?? 0) * line.quantity)}</strong>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </SidePanel>
    </>
  );
}
