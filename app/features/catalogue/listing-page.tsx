/**
 * The catalogue and the gallery share one layout (docs/product.md §2): title, category tabs (a popup chooser
 * on mobile), the filter sidebar (a drawer on mobile, opened by 'Filtrer les créations'), the sort
 * selector, the result count and the grid, with 'Voir plus' paging.
 */
import { useCallback, useRef, useState } from "react";
import { Link, useLocation, useNavigation, useSubmit } from "react-router";
import buttons from "~/components/button.module.css";
import { CloseIcon } from "~/components/icons";
import { PageIntro } from "~/components/page-intro";
import { LOADING_TEXT } from "~/lib/messages";
import { useFocusTrap } from "~/lib/use-focus-trap";
import { useScrollLock } from "~/lib/use-scroll-lock";
import { FilterSidebar } from "./filter-sidebar";
import { InlineEditNotice, InlineEditorSlot, useInlineEditing } from "./inline-edit";
import inlineStyles from "./inline-edit.module.css";
import styles from "./listing.module.css";
import { useListingMemory } from "./listing-memory";
import {
  countLabel,
  DEFAULT_SORT,
  type ListingKind,
  type ListingQuery,
  PARAM,
  SORTS,
  toSearchParams,
} from "./listing-query";
import { type CardProduct, ProductCard, SoldCard } from "./product-card";
import type { ReferenceLists } from "./product-types";

const EMPTY_TEXT: Record<ListingKind, string> = {
  catalogue: "Aucun produit ne correspond à vos filtres.",
  gallery: "Aucune création ne correspond à vos filtres.",
};

interface ListingPageProps {
  kind: ListingKind;
  eyebrow: string;
  title: string;
  intro: string;
  references: ReferenceLists;
  query: ListingQuery;
  listing: { total: number; items: CardProduct[]; hasMore: boolean };
}

function categoryHref(kind: ListingKind, query: ListingQuery, categoryId: string | null): string {
  const params = toSearchParams(
    { ...query, filters: { ...query.filters, categories: categoryId ? [categoryId] : [] }, page: 1 },
    kind,
  );
  params.delete(PARAM.seed); // a new category is a new recomputation: reshuffle
  const search = params.toString();
  return search ? `?${search}` : "?";
}

function CategoryChooser(props: { kind: ListingKind; query: ListingQuery; references: ReferenceLists }) {
  const { kind, query, references } = props;
  const [open, setOpen] = useState(false);
  const popupRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useFocusTrap(popupRef, open, close);
  const active = query.filters.categories.length === 1 ? query.filters.categories[0] : null;
  const activeName = references.categories.find((c) => c.id === active)?.name ?? "Toutes";
  const tabs = [{ id: null, name: "Toutes" }, ...references.categories];
  const isCurrent = (id: string | null) =>
    id === null ? query.filters.categories.length === 0 : id === active;

  return (
    <>
      <nav className={styles.tabs} aria-label="Catégories">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.id ?? "toutes"}>
              <Link
                to={categoryHref(kind, query, tab.id)}
                preventScrollReset
                replace
                aria-current={isCurrent(tab.id) ? "page" : undefined}
                className={styles.tab}
              >
                {tab.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.chooser}>
        <button
          type="button"
          className={styles.chooserButton}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          Catégorie : <strong>{activeName}</strong>
        </button>
        {open ? (
          <>
            <div className={styles.popupOverlay} aria-hidden="true" onClick={close} />
            <div
              ref={popupRef}
              className={styles.popup}
              role="dialog"
              aria-modal="true"
              aria-label="Choisir une catégorie"
            >
              <div className={styles.popupHead}>
                <p>Choisir une catégorie</p>
                <button type="button" className={styles.iconButton} aria-label="Fermer" onClick={close}>
                  <CloseIcon size={20} />
                </button>
              </div>
              <ul>
                {tabs.map((tab) => (
                  <li key={tab.id ?? "toutes"}>
                    <Link
                      to={categoryHref(kind, query, tab.id)}
                      preventScrollReset
                      replace
                      aria-current={isCurrent(tab.id) ? "page" : undefined}
                      className={styles.popupOption}
                      onClick={close}
                    >
                      {tab.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </>
        ) : null}
      </div>
    </>
  );
}

export function ListingPage(props: ListingPageProps) {
  const { kind, query, listing, references } = props;
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useListingMemory(kind);
  useScrollLock(drawerOpen);
  useFocusTrap(drawerRef, drawerOpen, closeDrawer);

  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const formId = `filtres-${kind}`;
  const nextPage = toSearchParams({ ...query, page: query.page + 1 }, kind).toString();
  const Card = kind === "catalogue" ? ProductCard : SoldCard;
  const editing = useInlineEditing();

  return (
    <>
      <PageIntro eyebrow={props.eyebrow} title={props.title}>
        <p>{props.intro}</p>
      </PageIntro>
      <div className={styles.layout}>
        <CategoryChooser kind={kind} query={query} references={references} />

        <div className={styles.toolbar}>
          <button
            type="button"
            className={`${buttons.secondary} ${styles.filterButton}`}
            aria-expanded={drawerOpen}
            aria-controls="panneau-filtres"
            onClick={() => setDrawerOpen(true)}
          >
            Filtrer les créations
          </button>
          <p className={styles.count} aria-live="polite">
            {loading ? LOADING_TEXT : countLabel(listing.total)}
          </p>
          <label className={styles.sort}>
            <span>Trier</span>
            <select
              name={PARAM.sort}
              form={formId}
              defaultValue={query.sort}
              key={`${query.sort}-${location.search}`}
              onChange={(event) => {
                const form = document.getElementById(formId);
                if (form instanceof HTMLFormElement) {
                  const data = new FormData(form);
                  data.set(PARAM.sort, event.currentTarget.value);
                  if (event.currentTarget.value === DEFAULT_SORT[kind]) data.delete(PARAM.sort);
                  submit(data, { method: "get", replace: true, preventScrollReset: true });
                }
              }}
            >
              {SORTS[kind].map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>

        <div className={styles.overlay} data-open={drawerOpen} aria-hidden="true" onClick={closeDrawer} />
        <aside
          id="panneau-filtres"
          ref={drawerRef}
          className={styles.sidebar}
          data-open={drawerOpen}
          aria-label="Filtres"
        >
          <div className={styles.drawerHead}>
            <p>Filtrer les créations</p>
            <button
              type="button"
              className={styles.iconButton}
              aria-label="Fermer les filtres"
              onClick={closeDrawer}
            >
              <CloseIcon size={20} />
            </button>
          </div>
          <FilterSidebar
            key={location.search}
            formId={formId}
            kind={kind}
            references={references}
            filters={query.filters}
            onApplied={closeDrawer}
          />
        </aside>

        <section className={styles.results} aria-busy={loading} aria-label="Créations">
          <h2 className="visually-hidden">Créations</h2>
          {loading && listing.items.length === 0 ? <p className={styles.loading}>{LOADING_TEXT}</p> : null}
          {!loading && listing.items.length === 0 ? <p className={styles.empty}>{EMPTY_TEXT[kind]}</p> : null}
          <ul className={styles.grid} data-loading={loading}>
            {listing.items.map((product, index) =>
              editing.editingId === product.id ? (
                <li key={product.id} className={inlineStyles.editingItem}>
                  <InlineEditorSlot editing={editing} productId={product.id} withImages={false} />
                </li>
              ) : (
                <li key={product.id}>
                  <Card product={product} eager={index < 4} priority={index === 0} editing={editing} />
                </li>
              ),
            )}
          </ul>
          {listing.hasMore ? (
            <div className={styles.more}>
              <Link to={`?${nextPage}`} className={buttons.secondary} preventScrollReset replace>
                Voir plus de créations
              </Link>
            </div>
          ) : null}
        </section>
      </div>
      <InlineEditNotice editing={editing} />
    </>
  );
}
