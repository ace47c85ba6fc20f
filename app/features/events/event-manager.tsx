/**
 * The event manager (docs/product.md §2 "Tools", §5, §7 "Events"): a table newest first, a modal with title,
 * start and optional end date, location, description and one image, and deletion with confirmation.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ConfirmDelete, DialogForm, RowActions } from "~/components/admin/admin-dialog";
import { formOf } from "~/components/admin/admin-request";
import styles from "~/components/admin/admin-ui.module.css";
import { usePendingIds } from "~/components/admin/use-admin-fetcher";
import { useAdminUpload } from "~/components/admin/use-admin-upload";
import buttons from "~/components/button.module.css";
import { Field } from "~/components/field";
import { compressIfLarge } from "~/lib/compress-image";
import { frenchTime, longDate } from "~/lib/dates";
import { parseForm } from "~/lib/form";
import {
  ACCEPTED_IMAGE_EXTENSIONS,
  ACCEPTED_IMAGE_INPUT,
  ACCEPTED_IMAGE_TYPES,
  imageUrl,
  NOT_AN_ACCEPTED_IMAGE,
} from "~/lib/images";
import type { AgendaEventView } from "./event-card";
import { eventFields } from "./event-schema";

/** The dashboard edits the events the agenda shows, field for field. */
export type ManagedEvent = AgendaEventView;

const URL_ = "/api/admin/evenements";

/** An ISO instant as the browser's local "YYYY-MM-DDTHH:MM" for a datetime-local field. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : "");

function EventForm({ event, onClose }: { event: ManagedEvent | null; onClose: () => void }) {
  const id = useId();
  const { run, busy, progress, error, setError } = useAdminUpload();
  const [title, setTitle] = useState(event?.title ?? "");
  const [start, setStart] = useState(toLocalInput(event?.startDate));
  const [end, setEnd] = useState(toLocalInput(event?.endDate));
  const [location, setLocation] = useState(event?.location ?? "");
  const [description, setDescription] = useState(event?.description ?? "");
  const [image, setImage] = useState<{ file: File; preview: string } | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const imageRef = useRef(image);
  imageRef.current = image;
  useEffect(
    () => () => {
      if (imageRef.current) URL.revokeObjectURL(imageRef.current.preview);
    },
    [],
  );

  async function chooseFile(list: FileList | null) {
    const file = list?.[0];
    if (!file) return;
    if (
      !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) &&
      !ACCEPTED_IMAGE_EXTENSIONS.test(file.name)
    ) {
      if (fileInput.current) fileInput.current.value = "";
      setError(`« ${file.name} » ${NOT_AN_ACCEPTED_IMAGE}`);
      return;
    }
    setError(null);
    const ready = await compressIfLarge(file);
    if (image) URL.revokeObjectURL(image.preview);
    setImage({ file: ready, preview: URL.createObjectURL(ready) });
    setRemoveImage(false);
  }

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const fields = {
      ...(event ? { id: event.id } : {}),
      title,
      startDate: start ? fromLocalInput(start) : "",
      endDate: end ? fromLocalInput(end) : "",
      location,
      description,
      removeImage: String(removeImage),
    };
    const checked = parseForm(eventFields, fields);
    if (!checked.ok) {
      setError(checked.firstError);
      return;
    }
    const body = formOf({ intent: "save", ...fields });
    if (image) body.append("image", image.file, image.file.name);
    const answer = await run(URL_, body, { trackProgress: Boolean(image) });
    if (answer.ok) onClose();
  }

  const currentImage = image
    ? image.preview
    : event?.image && !removeImage
      ? imageUrl("events", event.image, 400)
      : null;

  return (
    <DialogForm
      title={event ? "Modifier l'événement" : "Ajouter un événement"}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={event ? "Enregistrer" : "Ajouter l'événement"}
      status={{ busy, error }}
      wide
    >
      <Field
        id={`${id}-title`}
        className={styles.field}
        label="Titre"
        value={title}
        onChange={(change) => setTitle(change.target.value)}
        maxLength={200}
        required
      />
      <div className={styles.fieldRow}>
        <Field
          id={`${id}-start`}
          className={styles.field}
          label="Date de début"
          type="datetime-local"
          required
          value={start}
          onChange={(change) => setStart(change.target.value)}
        />
        <Field
          id={`${id}-end`}
          className={styles.field}
          label="Date de fin (facultative)"
          type="datetime-local"
          min={start || undefined}
          value={end}
          onChange={(change) => setEnd(change.target.value)}
        />
      </div>
      <Field
        id={`${id}-location`}
        className={styles.field}
        label="Lieu"
        value={location}
        onChange={(change) => setLocation(change.target.value)}
        maxLength={200}
      />
      <Field id={`${id}-description`} className={styles.field} label="Description">
        {(control) => (
          <textarea
            {...control}
            rows={5}
            value={description}
            onChange={(change) => setDescription(change.target.value)}
          />
        )}
      </Field>
      <fieldset className={styles.choices}>
        <legend>Image</legend>
        {currentImage ? (
          <div className={styles.eventImage}>
            <img
              src={currentImage}
              alt={`Illustration : ${title || "nouvel événement"}`}
              width={200}
              height={133}
            />
            <button
              type="button"
              className={`${styles.linkButton} ${styles.dangerText}`}
              onClick={() => {
                if (image) URL.revokeObjectURL(image.preview);
                setImage(null);
                setRemoveImage(true);
              }}
            >
              Retirer l'image
            </button>
          </div>
        ) : (
          <p className={styles.muted}>Aucune image.</p>
        )}
        <label htmlFor={`${id}-image`} className={styles.fileLabel}>
          {currentImage ? "Remplacer l'image" : "Choisir une image"} (PNG, JPG, GIF, WebP)
        </label>
        <input
          ref={fileInput}
          id={`${id}-image`}
          type="file"
          accept={ACCEPTED_IMAGE_INPUT}
          onChange={(e) => chooseFile(e.target.files)}
        />
      </fieldset>
      {progress !== null ? (
        <div className={styles.progress}>
          <label htmlFor={`${id}-progress`}>Envoi de l'image : {progress} %</label>
          <progress id={`${id}-progress`} max={100} value={progress} />
        </div>
      ) : null}
    </DialogForm>
  );
}

export function EventManager({ events }: { events: ManagedEvent[] }) {
  const [editing, setEditing] = useState<ManagedEvent | "new" | null>(null);
  const [deleting, setDeleting] = useState<ManagedEvent | null>(null);
  const deletingIds = usePendingIds("delete");
  const shown = events.filter((event) => !deletingIds.has(event.id));
  return (
    <>
      <div className={styles.toolbar}>
        <button type="button" className={buttons.primary} onClick={() => setEditing("new")}>
          Ajouter un événement
        </button>
      </div>
      {shown.length === 0 ? (
        <p className={styles.empty}>Aucun événement à afficher.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Événements, du plus récent au plus ancien</caption>
            <thead>
              <tr>
                <th scope="col">Titre</th>
                <th scope="col">Début</th>
                <th scope="col">Fin</th>
                <th scope="col">Lieu</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((event) => (
                <tr key={event.id}>
                  <th scope="row">{event.title}</th>
                  <td>
                    {longDate(event.startDate)} à {frenchTime(event.startDate)}
                  </td>
                  <td>{event.endDate ? `${longDate(event.endDate)} à ${frenchTime(event.endDate)}` : "—"}</td>
                  <td>{event.location || "—"}</td>
                  <td className={styles.rowActions}>
                    <RowActions
                      subject={event.title}
                      onEdit={() => setEditing(event)}
                      onDelete={() => setDeleting(event)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <EventForm event={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDelete
          title="Supprimer l'événement"
          message={<p>Supprimer « {deleting.title} » ? Il disparaîtra de l'agenda.</p>}
          fields={{ id: deleting.id }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
