/**
 * Categories (list and modal) and the three attribute lists (inline add and rename), spec §2
 * "Tools" and §7 "Reference data". Deleting asks first; for a category the question warns that
 * products may be affected (spec §5).
 */
import { type FormEvent, useId, useState } from "react";
import buttons from "~/components/button.module.css";
import { ConfirmDelete, DialogForm, RowActions } from "~/features/admin/admin-dialog";
import type { ReferenceKind } from "~/features/admin/admin-messages";
import styles from "~/features/admin/admin-ui.module.css";
import { TextField } from "~/features/admin/text-field";
import { useAdminFetcher, usePendingIds } from "~/features/admin/use-admin-fetcher";
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

function NameDialog({
  kind,
  item,
  title,
  onClose,
}: {
  kind: ReferenceKind;
  item: ReferenceItem | null;
  title: string;
  onClose: () => void;
}) {
  const [name, setName] = useState(item?.name ?? "");
  const { submit: post, busy, error, setError } = useAdminFetcher({ onSuccess: onClose });
  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkName(name);
    if (problem) return setError(problem);
    post(item ? { intent: "rename", kind, id: item.id, name } : { intent: "create", kind, name });
  }
  return (
    <DialogForm
      title={title}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={item ? "Enregistrer" : "Ajouter"}
      busy={busy}
      error={error}
    >
      <TextField label="Nom" value={name} onValue={setName} maxLength={80} required />
    </DialogForm>
  );
}

/** The list without the rows being deleted: they go at once, and come back if the server refuses. */
function useShownItems(items: ReferenceItem[]) {
  const deleting = usePendingIds("delete");
  return items.filter((item) => !deleting.has(item.id));
}

export function CategoryManager({ items }: { items: ReferenceItem[] }) {
  const [editing, setEditing] = useState<ReferenceItem | "new" | null>(null);
  const [deleting, setDeleting] = useState<ReferenceItem | null>(null);
  const shown = useShownItems(items);
  return (
    <>
      <div className={styles.toolbar}>
        <button type="button" className={buttons.primary} onClick={() => setEditing("new")}>
          Ajouter une catégorie
        </button>
      </div>
      {shown.length === 0 ? (
        <p className={styles.empty}>Aucune catégorie trouvée...</p>
      ) : (
        <ul className={styles.rows} aria-label="Catégories">
          {shown.map((item) => (
            <li key={item.id} className={styles.row}>
              <span className={styles.rowName}>{item.name}</span>
              <span className={styles.hint}>{usedBy(item.products)}</span>
              <RowActions
                className={styles.rowActions}
                subject={item.name}
                onEdit={() => setEditing(item)}
                onDelete={() => setDeleting(item)}
              />
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <NameDialog
          kind="categories"
          item={editing === "new" ? null : editing}
          title={editing === "new" ? "Ajouter une catégorie" : "Modifier la catégorie"}
          onClose={() => setEditing(null)}
        />
      ) : null}
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
      {add.error ? (
        <p className={styles.error} role="alert">
          {add.error}
        </p>
      ) : null}
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
              {rename.error ? (
                <p className={styles.error} role="alert">
                  {rename.error}
                </p>
              ) : null}
            </li>
          ) : (
            <li key={item.id} className={styles.row}>
              <span className={styles.rowName}>{item.name}</span>
              <span className={styles.hint}>{usedBy(item.products)}</span>
              <RowActions
                className={styles.rowActions}
                subject={item.name}
                editText="Renommer"
                onEdit={() => {
                  rename.setError(null);
                  setRenaming({ id: item.id, name: item.name });
                }}
                onDelete={() => setDeleting(item)}
              />
            </li>
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
