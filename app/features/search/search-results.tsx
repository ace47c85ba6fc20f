/**
 * /recherche (docs/product.md §10.23): the field again, the count, the pieces for sale then the
 * sold ones of the gallery, each with its card; 'Voir plus de résultats' pages like the catalogue.
 * Nothing found: the categories and the whole catalogue to browse instead.
 */
import { Link, useNavigation } from "react-router";
import buttons from "~/components/button.module.css";
import { PageIntro } from "~/components/page-intro";
import { type CardProduct, ProductCard, SoldCard } from "~/features/catalogue/product-card";
import { LOADING_TEXT } from "~/lib/messages";
import { SearchBox } from "./search-box";
import styles from "./search-results.module.css";

export interface SearchResultsView {
  query: string;
  page: number;
  total: number;
  forSale: CardProduct[];
  sold: CardProduct[];
  soldTotal: number;
  hasMore: boolean;
  categories: { id: string; name: string }[];
  /** Why no search ran (too many from this client): said instead of the results. */
  refusal?: string;
}

export function resultsCountLabel(total: number): string {
  if (total === 0) return "Aucune pièce trouvée";
  return total === 1 ? "1 pièce trouvée" : `${total} pièces trouvées`;
}

function CardGrid({ products, sold }: { products: CardProduct[]; sold: boolean }) {
  const Card = sold ? SoldCard : ProductCard;
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <Card product={product} eager={index < 4} priority={index === 0 && !sold} />
        </li>
      ))}
    </ul>
  );
}

function Suggestions({ categories }: { categories: SearchResultsView["categories"] }) {
  return (
    <div className={styles.suggestions}>
      <p>Essayez un autre mot, vérifiez l'orthographe, ou parcourez nos créations :</p>
      <ul className={styles.categoryLinks} aria-label="Catégories">
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={`/catalogue?categorie=${encodeURIComponent(category.id)}`}
              className={styles.categoryLink}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
      <p className={styles.catalogueLink}>
        <Link to="/catalogue" className={buttons.primary}>
          Voir tout le catalogue
        </Link>
      </p>
    </div>
  );
}

export function SearchResults(props: SearchResultsView) {
  const { query, total, forSale, sold, soldTotal, hasMore, page } = props;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/recherche";
  const forSaleTotal = total - soldTotal;
  const next = `/recherche?q=${encodeURIComponent(query)}&page=${page + 1}`;

  return (
    <>
      <PageIntro eyebrow="Recherche" title={query ? <>Résultats pour « {query} »</> : "Rechercher une pièce"}>
        <p>Colliers, bracelets, bagues… sans accents ni pluriels, et même avec une faute de frappe.</p>
      </PageIntro>
      <div className={styles.page}>
        <div className={styles.field}>
          {/* A new query is a new box: it starts from the query the page shows. */}
          <SearchBox key={query} defaultValue={query} large />
        </div>

        {/* Announced when the results change; with none, the message below says it. */}
        <p className={styles.count} aria-live="polite">
          {loading ? LOADING_TEXT : query && total > 0 ? resultsCountLabel(total) : ""}
        </p>

        {props.refusal ? (
          <p className={styles.empty} role="alert">
            {props.refusal}
          </p>
        ) : null}
        {query && total === 0 && !props.refusal ? (
          <>
            <p className={styles.empty}>Aucune pièce ne correspond à « {query} ».</p>
            <Suggestions categories={props.categories} />
          </>
        ) : null}
        {!query ? <Suggestions categories={props.categories} /> : null}

        {forSale.length > 0 ? (
          <section aria-labelledby="resultats-disponibles" className={styles.section}>
            <h2 id="resultats-disponibles" className={styles.sectionTitle}>
              Disponibles <span className={styles.sectionCount}>({forSaleTotal})</span>
            </h2>
            <CardGrid products={forSale} sold={false} />
          </section>
        ) : null}
        {sold.length > 0 ? (
          <section aria-labelledby="resultats-vendus" className={styles.section}>
            <h2 id="resultats-vendus" className={styles.sectionTitle}>
              Déjà vendues, dans la galerie <span className={styles.sectionCount}>({soldTotal})</span>
            </h2>
            <p className={styles.sectionLead}>Elles peuvent inspirer une création sur mesure.</p>
            <CardGrid products={sold} sold />
          </section>
        ) : null}

        {hasMore ? (
          <div className={styles.more}>
            <Link to={next} className={buttons.secondary} preventScrollReset replace>
              Voir plus de résultats
            </Link>
          </div>
        ) : null}
      </div>
    </>
  );
}
