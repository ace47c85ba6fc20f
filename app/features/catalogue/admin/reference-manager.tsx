/**
 * Categories (list and modal) and the three attribute lists (inline add and rename), docs/product.md §2
 * "Tools" and §7 "Reference data". Deleting asks first; for a category the question warns that
 * products may be affected (docs/product.md §5).
 */
import { type FormEvent, useId, useState } from "react";
import { ConfirmDelete, DialogForm, FormError, RowActions } from "~/components/admin/admin-dialog";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher, usePendingIds } from "~/components/admin/use-admin-fetcher";
import buttons from "~/components/button.module.css";
import { Field } from "~/components/field";
import type { ReferenceKind } from "~/features/catalogue/catalogue-messages";
import { referenceName } from "./reference-schema";

export interface ReferenceItem {
  id: string;
  name: string;
  products: number;
}

const usedBy = (count: number) => (count === 0 ? "Aucun produit" : `${count} produit${count > 1 ? "s" : ""}`);

function checkName(name: string): string | null {
  const result = referenceName.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Add a category, or rename one (`item`). */
function CategoryDialog({ item, onClose }: { item: ReferenceItem | null; onClose: () => void }) {
  const id = useId();
  const [name, setName] = useState(item?.name ?? "");
  const action = useAdminFetcher({ onSuccess: onClose });
  const [title, submitLabel] = item
    ? ["Modifier la catégorie", "Enregistrer"]
    : ["Ajouter une catégorie", "Ajouter"];
  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkName(name);
    if (problem) return action.setError(problem);
    const kind = "categories";
    action.submit(item ? { intent: "rename", kind, id: item.id, name } : { intent: "create", kind, name });
  }
  return (
    <DialogForm title={title} submitLabel={submitLabel} onClose={onClose} onSubmit={submit} status={action}>
      <Field
        id={`${id}-name`}
        className={styles.field}
        label="Nom"
        value={name}
        onChange={(change) => setName(change.target.value)}
        maxLength={80}
        required
      />
    </DialogForm>
  );
}

/** One category or attribute: its name, how many products use it, edit and delete. */
function ReferenceRow({
  item,
  editText,
  onEdit,
  onDelete,
}: {
  item: ReferenceItem;
  editText?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className={styles.row}>
      <span className={styles.rowName}>{item.name}</span>
      <span className={styles.hint}>{usedBy(item.products)}</span>
      <RowActions
        className={styles.rowActions}
        subject={item.name}
        editText={editText}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </li>
  );
}

/** The list without the rows being deleted: they go at once, and come back if the server refuses. */
function useShownItems(items: ReferenceItem[]) {
  const deleting = usePendingIds("delete");
  return items.filter((item) => !deleting.has(item.id));
}

export function CategoryManager({ items }: { items: ReferenceItem[] }) {
  // The dialog while open: a category to rename, or null for a new one.
  const [editing, setEditing] = useState<{ item: ReferenceItem | null } | null>(null);
  const [deleting, setDeleting] = useState<ReferenceItem | null>(null);
  const shown = useShownItems(items);
  return (
    <>
      <div className={styles.toolbar}>
        <button type="button" className={buttons.primary} onClick={() => setEditing({ item: null })}>
          Ajouter une catégorie
        </button>
      </div>
      {shown.length === 0 ? (
        <p className={styles.empty}>Aucune catégorie trouvée...</p>
      ) : (
        <ul className={styles.rows} aria-label="Catégories">
          {shown.map((item) => (
            <ReferenceRow
              key={item.id}
              item={item}
              onEdit={() => setEditing({ item })}
              onDelete={() => setDeleting(item)}
            />
          ))}
        </ul>
      )}
      {editing ? <CategoryDialog item={editing.item} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmDelete
          title="Supprimer la catégorie"
          message={
            <>
              <p>Supprimer la catégorie « {deleting.name} » ?</p>
              <p className={styles.warning}>
                Attention : les produits associés ({usedBy(deleting.products).toLowerCase()}) pourraient être
                affectés. Ils restent au catalogue, sans cette catégorie.
              </p>
            </>
          }
          fields={{ kind: "categories", id: deleting.id }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}

/** One attribute list (colours, materials or pearl types) with inline add and rename. */
export function AttributeList({
  kind,
  title,
  singular,
  items,
}: {
  kind: Exclude<ReferenceKind, "categories">;
  title: string;
  singular: string;
  items: ReferenceItem[];
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const add = useAdminFetcher({ onSuccess: () => setName("") });
  const rename = useAdminFetcher({ onSuccess: () => setRenaming(null) });
  const [deleting, setDeleting] = useState<ReferenceItem | null>(null);
  const shown = useShownItems(items);

  function submitAdd(event: FormEvent) {
    event.preventDefault();
    const problem = checkName(name);
    if (problem) return add.setError(problem);
    add.submit({ intent: "create", kind, name });
  }

  function submitRename(event: FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    const problem = checkName(renaming.name);
    if (problem) return rename.setError(problem);
    rename.submit({ intent: "rename", kind, id: renaming.id, name: renaming.name });
  }

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <form className={styles.inlineForm} onSubmit={submitAdd} noValidate>
        <label htmlFor={`${id}-new`} className="visually-hidden">
          Nouvelle entrée : {singular}
        </label>
        <input
          id={`${id}-new`}
          placeholder={`Nom (${singular})`}
          value={name}
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className={buttons.secondary} disabled={add.busy}>
          Ajouter<span className="visually-hidden"> : {singular}</span>
        </button>
      </form>
      <FormError error={add.error} />
      {shown.length === 0 ? <p className={styles.empty}>Aucune entrée pour le moment.</p> : null}
      <ul className={styles.rows}>
        {shown.map((item) =>
          renaming?.id === item.id ? (
            <li key={item.id} className={styles.row}>
              <form className={styles.inlineForm} onSubmit={submitRename} noValidate>
                <label htmlFor={`${id}-rename`} className="visually-hidden">
                  Nouveau nom pour {item.name}
                </label>
                <input
                  id={`${id}-rename`}
                  value={renaming.name}
                  maxLength={80}
                  // biome-ignore lint/a11y/noAutofocus: the field the admin just asked to edit.
                  autoFocus
                  onChange={(event) => setRenaming({ id: item.id, name: event.target.value })}
                />
                <button type="submit" className={buttons.secondary} disabled={rename.busy}>
                  Enregistrer
                </button>
                <button type="button" className={styles.linkButton} onClick={() => setRenaming(null)}>
                  Annuler
                </button>
              </form>
              <FormError error={rename.error} />
            </li>
          ) : (
            <ReferenceRow
              key={item.id}
              item={item}
              editText="Renommer"
              onEdit={() => {
                rename.setError(null);
                setRenaming({ id: item.id, name: item.name });
              }}
              onDelete={() => setDeleting(item)}
            />
          ),
        )}
      </ul>
      {deleting ? (
        <ConfirmDelete
          title={`Supprimer : ${deleting.name}`}
          message={
            <p>
              Supprimer « {deleting.name} » ? Les produits qui l'utilisent (
              {usedBy(deleting.products).toLowerCase()}) la perdront, sans être supprimés.
            </p>
          }
          fields={{ kind, id: deleting.id }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
