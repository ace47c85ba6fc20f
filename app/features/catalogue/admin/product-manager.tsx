/**
 * The product manager (docs/product.md §2 "Tools", §4 "Sale status"): grid or list (remembered in local
 * storage), status and category filters, the shop's search (docs/product.md §10.23), the add/edit modal, the sale toggle and
 * deletion with confirmation.
 */
import { useEffect, useId, useMemo, useState } from "react";
import { ConfirmDelete, RowActions } from "~/components/admin/admin-dialog";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher, usePendingIds } from "~/components/admin/use-admin-fetcher";
import buttons from "~/components/button.module.css";
import { Field } from "~/components/field";
import { formatPrice } from "~/lib/format";
import { imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import type { ManagedProduct, ReferenceLists } from "../product-types";
import { ProductForm } from "./product-form";

type ViewMode = "grid" | "list";
type StatusFilter = "all" | "for-sale" | "sold";
const VIEW_KEY = "nacre.admin.productView";
const ADMIN_SEARCH_AFTER_MS = 200;

/**
 * docs/product.md §4: 'Épuisé' for a non-unique piece with stock 0; the units held for orders
 * (§10.19) are named, so the seller sees why a piece cannot be bought.
 */
function stockText(product: ManagedProduct): string {
  const held = product.held ?? 0;
  if (product.isUnique) return held > 0 && !product.isSold ? "Pièce unique · réservée" : "Pièce unique";
  if (product.stock === 0) return "Épuisé";
  if (held > 0 && !product.isSold)
    return `Stock : ${product.stock} (dont ${held} réservé${held > 1 ? "s" : ""})`;
  return `Stock : ${product.stock}`;
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

export function ProductManager({
  products,
  references,
}: {
  products: ManagedProduct[];
  references: ReferenceLists;
}) {
  const id = useId();
  const [view, setView] = useState<ViewMode>("grid");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [category, setCategory] = useState("");
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<ManagedProduct | "new" | null>(null);
  const [deleting, setDeleting] = useState<ManagedProduct | null>(null);
  const toggle = useAdminFetcher();
  const deletingIds = usePendingIds("delete");
  const marking = usePendingIds("set-sold");

  // `?modifier=<id>` opens that piece's editor: the settings page's « Flux produits » links there
  // (docs/product.md §10.28). Read once, after hydration: the dialog opens in the browser only.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is read on arrival, not on every save.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get("modifier");
    const product = wanted ? products.find((candidate) => candidate.id === wanted) : undefined;
    if (product) setEditing(product);
  }, []);

  useEffect(() => {
    try {
      const saved = window.localStorage.getItem(VIEW_KEY);
      if (saved === "list" || saved === "grid") setView(saved);
    } catch (error) {
      console.warn("Lecture du mode d'affichage impossible", error);
    }
  }, []);

  function chooseView(mode: ViewMode) {
    setView(mode);
    try {
      window.localStorage.setItem(VIEW_KEY, mode);
    } catch (error) {
      console.warn("Enregistrement du mode d'affichage impossible", error);
    }
  }

  // The shop's search (name, description, categories, colours, materials, pearl types; typos and
  // plurals, ADR 019), asked of the server after a pause in the typing; until it answers, the
  // names that contain what was typed.
  const wanted = search.trim();
  const [matches, setMatches] = useState<{ query: string; ids: string[] } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/admin/produits?q=${encodeURIComponent(wanted)}`, {
          signal: controller.signal,
        });
        if (response.ok) setMatches((await response.json()) as { query: string; ids: string[] });
      } catch {
        // Aborted by the next keystroke, or offline: the names still filter.
      }
    }, ADMIN_SEARCH_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);

  const shown = useMemo(() => {
    const ranked = wanted && matches?.query === wanted ? matches.ids : null;
    const rank = ranked ? new Map(ranked.map((productId, index) => [productId, index])) : null;
    // The sale status the admin just set and the rows being deleted show at once.
    const current = products
      .filter((product) => !deletingIds.has(product.id))
      .map((product) => {
        const sold = marking.get(product.id)?.get("sold");
        return sold ? { ...product, isSold: sold === "true" } : product;
      });
    const found = current.filter(
      (product) =>
        (status === "all" || (status === "sold") === product.isSold) &&
        (!category || product.categories.includes(category)) &&
        (!wanted || (rank ? rank.has(product.id) : fold(product.name).includes(fold(wanted)))),
    );
    return rank ? found.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0)) : found;
  }, [products, status, category, wanted, matches, deletingIds, marking]);

  const categoryNames = useMemo(
    () => new Map(references.categories.map((item) => [item.id, item.name])),
    [references.categories],
  );

  return (
    <>
      <div className={styles.toolbar}>
        <Field
          id={`${id}-search`}
          className={styles.field}
          label="Rechercher un produit"
          type="search"
          value={search}
          onChange={(change) => setSearch(change.target.value)}
        />
        <div className={styles.field}>
          <label htmlFor={`${id}-status`}>Statut</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
          >
            <option value="all">Tous</option>
            <option value="for-sale">En vente</option>
            <option value="sold">Vendus</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-category`}>Catégorie</label>
          <select
            id={`${id}-category`}
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">Toutes</option>
            {references.categories.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={styles.viewSwitch}>
          <legend className="visually-hidden">Affichage</legend>
          <button type="button" aria-pressed={view === "grid"} onClick={() => chooseView("grid")}>
            Grille
          </button>
          <button type="button" aria-pressed={view === "list"} onClick={() => chooseView("list")}>
            Liste
          </button>
        </fieldset>
        <button type="button" className={buttons.primary} onClick={() => setEditing("new")}>
          Ajouter un produit
        </button>
      </div>

      {toggle.error ? (
        <p className={styles.error} role="alert">
          {toggle.error}
        </p>
      ) : null}
      <p className={styles.muted} aria-live="polite">
        {shown.length} produit{shown.length > 1 ? "s" : ""} affiché{shown.length > 1 ? "s" : ""}
      </p>

      {shown.length === 0 ? (
        <p className={styles.empty}>Aucun produit trouvé.</p>
      ) : (
        <ul className={view === "grid" ? styles.productGrid : styles.productList} data-view={view}>
          {shown.map((product) => {
            const headingId = `${id}-${product.id}`;
            const image = product.images[0];
            return (
              <li key={product.id}>
                <article className={styles.productCard} aria-labelledby={headingId}>
                  <img
                    className={styles.productThumb}
                    src={
                      image
                        ? imageUrl("products", image.fileName, view === "grid" ? 400 : "thumb")
                        : PLACEHOLDER_IMAGE
                    }
                    alt=""
                    width={view === "grid" ? 400 : 100}
                    height={view === "grid" ? 400 : 100}
                    loading="lazy"
                    decoding="async"
                  />
                  <div className={styles.productInfo}>
                    <h2 id={headingId} className={styles.productName}>
                      {product.name}
                    </h2>
                    <p className={styles.productMeta}>
                      <span>{formatPrice(product.priceCents)}</span>
                      <span data-out={!product.isUnique && product.stock === 0}>{stockText(product)}</span>
                      <span className={styles.badge} data-sold={product.isSold}>
                        {product.isSold ? "Vendu" : "En vente"}
                      </span>
                    </p>
                    <p className={styles.hint}>
                      {product.categories
                        .map((ref) => categoryNames.get(ref))
                        .filter(Boolean)
                        .join(", ") || "Sans catégorie"}
                    </p>
                  </div>
                  <RowActions
                    as="div"
                    className={styles.cardActions}
                    onEdit={() => setEditing(product)}
                    onDelete={() => setDeleting(product)}
                  >
                    <button
                      type="button"
                      className={styles.linkButton}
                      disabled={toggle.busy}
                      onClick={() =>
                        toggle.submit({ intent: "set-sold", id: product.id, sold: String(!product.isSold) })
                      }
                    >
                      {product.isSold ? "Remettre en vente" : "Marquer vendu"}
                    </button>
                  </RowActions>
                </article>
              </li>
            );
          })}
        </ul>
      )}

      {editing ? (
        <ProductForm
          product={editing === "new" ? null : editing}
          references={references}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDelete
          title="Supprimer le produit"
          message={
            <p>Supprimer « {deleting.name} » ? Ses images seront effacées ; cette action est définitive.</p>
          }
          fields={{ id: deleting.id }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
