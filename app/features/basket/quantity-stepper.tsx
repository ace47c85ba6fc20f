import { BasketForm, type BasketLine, lineLimit, STOCK_NOTICE } from "./basket-context";
import styles from "./quantity-stepper.module.css";

/** Minus / quantity / plus for a cart line (docs/product.md §4: delta ≤ 0 removes, never above the stock). */
export function QuantityStepper({ line }: { line: BasketLine }) {
  return (
    <div className={styles.stepper}>
      <BasketForm intent="change" product={line} delta={-1} className={styles.form}>
        <button type="submit" aria-label={`Retirer un exemplaire de ${line.name}`}>
          −
        </button>
      </BasketForm>
      <span>
        <span className="visually-hidden">Quantité : </span>
        {line.quantity}
      </span>
      <BasketForm
        intent="change"
        product={line}
        delta={1}
        className={styles.form}
        refusal={() => (line.quantity >= lineLimit(line) ? STOCK_NOTICE : null)}
      >
        <button
          type="submit"
          aria-label={`Ajouter un exemplaire de ${line.name}`}
          disabled={line.quantity >= lineLimit(line)}
        >
          +
        </button>
      </BasketForm>
    </div>
  );
}
