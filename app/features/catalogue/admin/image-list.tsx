/**
 * The product form's images (docs/product.md §5, §9): thumbnails in their saved order, reordered by drag and
 * drop (pointer or keyboard, @dnd-kit) or by the arrow buttons, and removed one by one.
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import styles from "~/components/admin/admin-ui.module.css";
import { imageUrl } from "~/lib/images";

export type ImageItem =
  | { key: string; kind: "existing"; fileName: string }
  | { key: string; kind: "new"; file: File; preview: string };

const position = (items: ImageItem[], id: string | number) => items.findIndex((item) => item.key === id) + 1;

export function ImageList({
  items,
  onChange,
}: {
  items: ImageItem[];
  onChange: (items: ImageItem[]) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    onChange(arrayMove(items, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(position(items, active.id) - 1, position(items, over.id) - 1);
  };
  if (items.length === 0) return <p className={styles.muted}>Aucune image pour le moment.</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            "Pour déplacer une image, appuyez sur Espace ou Entrée, utilisez les flèches, puis Espace ou Entrée pour la poser, ou Échap pour annuler.",
        },
        announcements: {
          onDragStart: ({ active }) => `Image ${position(items, active.id)} saisie.`,
          onDragOver: ({ over }) => (over ? `Au-dessus de la place ${position(items, over.id)}.` : ""),
          onDragEnd: ({ over }) => (over ? `Image posée à la place ${position(items, over.id)}.` : ""),
          onDragCancel: () => "Déplacement annulé.",
        },
      }}
    >
      <SortableContext items={items.map((item) => item.key)} strategy={rectSortingStrategy}>
        <ol className={styles.imageGrid} aria-label="Images du produit, dans l'ordre d'affichage">
          {items.map((item, index) => (
            <SortableImage
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              onMove={(to) => move(index, to)}
              onRemove={() => onChange(items.filter((other) => other.key !== item.key))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableImage({
  item,
  index,
  count,
  onMove,
  onRemove,
}: {
  item: ImageItem;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.key });
  const n = index + 1;
  const src = item.kind === "existing" ? imageUrl("products", item.fileName, "thumb") : item.preview;
  const label = item.kind === "existing" ? `Vue ${n}` : `Vue ${n} (nouvelle : ${item.file.name})`;
  return (
    <li
      ref={setNodeRef}
      className={styles.imageItem}
      data-dragging={isDragging}
      data-testid="product-image"
      data-file={item.kind === "existing" ? item.fileName : item.file.name}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.dragHandle}
        aria-label={`Glisser pour déplacer l'image ${n}`}
        {...attributes}
        {...listeners}
      >
        <img src={src} alt={label} width={100} height={100} />
      </button>
      <span className={styles.imageIndex} aria-hidden="true">
        {n}
      </span>
      <div className={styles.imageTools}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={`Déplacer l'image ${n} vers la gauche`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          ←
        </button>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={`Déplacer l'image ${n} vers la droite`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          →
        </button>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.dangerText}`}
          aria-label={`Retirer l'image ${n}`}
          onClick={onRemove}
        >
          ✕
        </button>
      </div>
    </li>
  );
}
