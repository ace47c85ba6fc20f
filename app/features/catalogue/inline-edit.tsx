/**
 * Admin inline editing on the shop pages (docs/product.md §4 "Admin inline edit"): an admin sees 'Modifier'
 * on each card of /catalogue and /galerie and on product and sold pages, and edits one product at
 * a time in place. This module is all that the shop pages carry: the editor itself (its fields,
 * drag and drop, compression) is a separate chunk, fetched only when an admin presses 'Modifier',
 * so visitors never download it.
 */
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { Toast } from "~/components/toast";
import { useAccount } from "~/lib/account";
import { LOADING_TEXT } from "~/lib/messages";
import styles from "./inline-edit.module.css";
import { NOTICE_STATE, type SavedProduct } from "./inline-edit-state";

const InlineProductEditor = lazy(() => import("./admin/inline-product-editor"));

export type { SavedProduct } from "./inline-edit-state";

/** From the visitor's endpoint: the page itself is the same for everyone (ADR 036). */
export function useIsAdmin(): boolean {
  return useAccount().account?.role === "admin";
}

/**
 * The page's editing state: which product is open (at most one), the confirmation shown after a
 * save, and where focus goes back when the editor closes (its 'Modifier' button).
 */
export function useInlineEditing() {
  const isAdmin = useIsAdmin();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ id: number; message: string } | null>(null);
  const returnFocusTo = useRef<string | null>(null);

  useEffect(() => {
    if (editingId !== null || !returnFocusTo.current) return;
    const button = document.querySelector<HTMLElement>(`[data-edit-product="${returnFocusTo.current}"]`);
    returnFocusTo.current = null;
    button?.focus();
  }, [editingId]);

  const showNotice = useCallback(
    (message: string) => setNotice((current) => ({ id: (current?.id ?? 0) + 1, message })),
    [],
  );

  // A confirmation brought by the navigation after a save that moved the product.
  useEffect(() => {
    const message = (location.state as Record<string, unknown> | null)?.[NOTICE_STATE];
    if (typeof message !== "string") return;
    showNotice(message);
    // Shown once: a reload of the page must not confirm the save again, so the entry is replaced
    // by the same address without the state (through the router, whose history entry it is).
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );
  }, [location, navigate, showNotice]);

  const start = useCallback((id: string) => setEditingId(id), []);
  const cancel = useCallback(() => {
    returnFocusTo.current = editingId;
    setEditingId(null);
  }, [editingId]);

  /**
   * docs/product.md §4: 'Sauvegarder' saves, reloads, leaves edit mode and confirms. A product page follows
   * its product when the name gave it a new address or the sale status moved it to the gallery.
   */
  const saved = useCallback(
    async (message: string, product: SavedProduct, currentPath?: string) => {
      const target = product.isSold ? `/galerie/vendu/${product.slug}` : `/catalogue/produit/${product.slug}`;
      if (currentPath && currentPath !== target) {
        // The page may change (product ↔ sold): the confirmation travels with the navigation.
        await navigate(target, { replace: true, state: { [NOTICE_STATE]: message } });
        setEditingId(null);
        return;
      }
      await revalidator.revalidate();
      returnFocusTo.current = editingId;
      setEditingId(null);
      showNotice(message);
    },
    [editingId, navigate, revalidator, showNotice],
  );

  return { isAdmin, editingId, start, cancel, saved, notice };
}

export type InlineEditing = ReturnType<typeof useInlineEditing>;

/** The 'Modifier' button: admins only, disabled while another product is being edited. */
export function EditButton({
  editing,
  productId,
  productName,
  className,
}: {
  editing: InlineEditing;
  productId: string;
  productName: string;
  className?: string;
}) {
  if (!editing.isAdmin) return null;
  return (
    <button
      type="button"
      className={`${styles.editButton} ${className ?? ""}`}
      data-edit-product={productId}
      aria-label={`Modifier « ${productName} »`}
      disabled={editing.editingId !== null && editing.editingId !== productId}
      onClick={() => editing.start(productId)}
    >
      Modifier
    </button>
  );
}

/** The editor in place of a card or of a product page's photos and details. */
export function InlineEditorSlot({
  editing,
  productId,
  withImages,
  currentPath,
}: {
  editing: InlineEditing;
  productId: string;
  /** Product and sold pages also manage the photos (docs/product.md §2). */
  withImages: boolean;
  /** Product and sold pages: the address to leave if the product moves. */
  currentPath?: string;
}) {
  return (
    <Suspense
      fallback={
        <p className={styles.loading} role="status">
          {LOADING_TEXT}
        </p>
      }
    >
      <InlineProductEditor
        productId={productId}
        withImages={withImages}
        onCancel={editing.cancel}
        onSaved={(message, product) => editing.saved(message, product, currentPath)}
      />
    </Suspense>
  );
}

/**
 * A product or sold page's photos and details, or, while the admin edits that product, the editor
 * with its photos in their place. After a save the page follows the product to its address.
 */
export function EditableProductDetails({
  editing,
  productId,
  children,
}: {
  editing: InlineEditing;
  productId: string;
  children: ReactNode;
}) {
  const location = useLocation();
  if (editing.editingId !== productId) return children;
  return (
    <InlineEditorSlot editing={editing} productId={productId} withImages currentPath={location.pathname} />
  );
}

/** The confirmation after a save ('Produit mis à jour avec succès !'). */
export function InlineEditNotice({ editing }: { editing: InlineEditing }) {
  const { notice } = editing;
  return notice ? <Toast key={notice.id} message={notice.message} /> : null;
}
