/**
 * Categories (list and modal) and the three attribute lists (inline add and rename), spec §2
 * "Tools" and §7 "Reference data". Deleting asks first; for a category the question warns that
 * products may be affected (spec §5).
 */
import { type FormEvent, useId, useState } from "react";
import buttons from "~/components/button.module.css";
import { AdminDialog, ConfirmDialog } from "~/features/admin/admin-dialog";
import type { ReferenceKind } from "~/features/admin/admin-messages";
import { formOf } from "~/features/admin/admin-request";
import styles from "~/features/admin/admin-ui.module.css";
import { useAdminAction } from "~/features/admin/use-admin-action";
import { referenceName } from "./reference-schema";

export interface ReferenceItem {
  id: string;
  name: string;
  products: number;
}

const URL = "/api/admin/references";

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
  const id = useId();
  const [name, setName] = useState(item?.name ?? "");
  const { run, busy, error, setError } = useAdminAction();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkName(name);
    if (problem) return setError(problem);
    const answer = await run(
      URL,
      formOf(item ? { intent: "rename", kind, id: item.id, name } : { intent: "create", kind, name }),
    );
    if (answer.ok) onClose();
  }
  return (
    <AdminDialog title={title} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>Nom</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={80}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.formActions}>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className={buttons.primary} disabled={busy}>
            {item ? "Enregistrer" : "Ajouter"}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}

function useDeletion(kind: ReferenceKind) {
  const [target, setTarget] = useState<ReferenceItem | null>(null);
  const action = useAdminAction();
  const confirm = async () => {
    if (!target) return;
    const answer = await action.run(URL, formOf({ intent: "delete", kind, id: target.id }));
    if (answer.ok) setTarget(null);
  };
  const ask = (item: ReferenceItem) => {
    action.setError(null);
    setTarget(item);
  };
  return { target, ask, cancel: () => setTarget(null), confirm, busy: action.busy, error: action.error };
}

export function CategoryManager({ items }: { items: ReferenceItem[] }) {
  const [editing, setEditing] = useState<ReferenceItem | "new" | null>(null);
  const deletion = useDeletion("categories");
  return (
    <>
      <div className={styles.toolbar}>
        <button type="button" className={buttons.primary} onClick={() => setEditing("new")}>
          Ajouter une catégorie
        </button>
      </div>
      {items.length === 0 ? (
        <p className={styles.empty}>Aucune catégorie trouvée...</p>
      ) : (
        <ul className={styles.rows} aria-label="Catégories">
          {items.map((item) => (
            <li key={item.id} className={styles.row}>
              <span className={styles.rowName}>{item.name}</span>
              <span className={styles.hint}>{usedBy(item.products)}</span>
              <span className={styles.rowActions}>
                <button
                  type="button"
                  className={styles.linkButton}
                  aria-label={`Modifier ${item.name}`}
                  onClick={() => setEditing(item)}
                >
                  Modifier
                </button>
                <button
                  type="button"
                  className={`${styles.linkButton} ${styles.dangerText}`}
                  aria-label={`Supprimer ${item.name}`}
                  onClick={() => deletion.ask(item)}
                >
                  Supprimer
                </button>
              </span>
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
      {deletion.target ? (
        <ConfirmDialog
          title="Supprimer la catégorie"
          message={
            <>
              <p>Supprimer la catégorie « {deletion.target.name} » ?</p>
              <p className={styles.warning}>
                Attention : les produits associés ({usedBy(deletion.target.products).toLowerCase()})
                pourraient être affectés. Ils restent au catalogue, sans cette catégorie.
              </p>
            </>
          }
          busy={deletion.busy}
          error={deletion.error}
          onCancel={deletion.cancel}
          onConfirm={deletion.confirm}
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
  const add = useAdminAction();
  const rename = useAdminAction();
  const deletion = useDeletion(kind);

  async function submitAdd(event: FormEvent) {
    event.preventDefault();
    const problem = checkName(name);
    if (problem) return add.setError(problem);
    const answer = await add.run(URL, formOf({ intent: "create", kind, name }));
    if (answer.ok) setName("");
  }

  async function submitRename(event: FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    const problem = checkName(renaming.name);
    if (problem) return rename.setError(problem);
    const answer = await rename.run(
      URL,
      formOf({ intent: "rename", kind, id: renaming.id, name: renaming.name }),
    );
    if (answer.ok) setRenaming(null);
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
      {items.length === 0 ? <p className={styles.empty}>Aucune entrée pour le moment.</p> : null}
      <ul className={styles.rows}>
        {items.map((item) =>
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
              <span className={styles.rowActions}>
                <button
                  type="button"
                  className={styles.linkButton}
                  aria-label={`Renommer ${item.name}`}
                  onClick={() => {
                    rename.setError(null);
                    setRenaming({ id: item.id, name: item.name });
                  }}
                >
                  Renommer
                </button>
                <button
                  type="button"
                  className={`${styles.linkButton} ${styles.dangerText}`}
                  aria-label={`Supprimer ${item.name}`}
                  onClick={() => deletion.ask(item)}
                >
                  Supprimer
                </button>
              </span>
            </li>
          ),
        )}
      </ul>
      {deletion.target ? (
        <ConfirmDialog
          title={`Supprimer : ${deletion.target.name}`}
          message={
            <p>
              Supprimer « {deletion.target.name} » ? Les produits qui l'utilisent (
              {usedBy(deletion.target.products).toLowerCase()}) la perdront, sans être supprimés.
            </p>
          }
          busy={deletion.busy}
          error={deletion.error}
          onCancel={deletion.cancel}
          onConfirm={deletion.confirm}
        />
      ) : null}
    </section>
  );
}
