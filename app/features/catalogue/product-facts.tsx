import styles from "./product-details.module.css";
import type { ProductDetails } from "./product-types";

export interface ProductFactsProps {
  product: Pick<ProductDetails, "categories" | "materials" | "pearlTypes" | "colors">;
}

/** docs/product.md §2: the lines for category, 'Matière', pearl and colour (only those the piece has). */
export function ProductFacts({ product }: ProductFactsProps) {
  const rows = [
    ["Catégorie", product.categories],
    ["Matière", product.materials],
    ["Perle", product.pearlTypes],
    ["Couleur", product.colors],
  ] as const;
  const shown = rows.filter(([, values]) => values.length > 0);
  if (shown.length === 0) return null;
  return (
    <dl className={styles.facts}>
      {shown.map(([label, values]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt>{label}</dt>
          <dd>{values.map((value) => value.name).join(", ")}</dd>
        </div>
      ))}
    </dl>
  );
}
