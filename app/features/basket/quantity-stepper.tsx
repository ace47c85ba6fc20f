import { type BasketLine, lineLimit, useBasket } from "./basket-context";
import styles from "./quantity-stepper.module.css";

/** Minus / quantity / plus for a cart line (docs/product.md §4: delta ≤ 0 removes, never above the stock). */
export function QuantityStepper({ line }: { line: BasketLine }) {
  const basket = useBasket();
  return (
    <div className={styles.stepper}>
      <button
        type="button"
        aria-label={`Retirer un exemplaire de ${line.name}`}
        onClick={() => basket.changeQuantity(line.productId, -1)}
      >
        −
      </button>
      <span>
        <span className="visually-hidden">Quantité : </span>
        {line.quantity}
      </span>
      <button
        type="button"
        aria-label={`Ajouter un exemplaire de ${line.name}`}
        disabled={line.quantity >= lineLimit(line)}
        onClick={() => basket.changeQuantity(line.productId, 1)}
      >
        +
      </button>
    </div>
  );
}
