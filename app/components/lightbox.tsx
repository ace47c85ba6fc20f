/**
 * The gallery's full-screen viewer: a native modal <dialog> (showModal() makes the page inert,
 * traps focus and, on close(), returns focus to the opener), navigation with wrap-around by
 * buttons, arrow keys and touch swipes, and a 2.5x zoom whose origin follows the pointer.
 * Rendered only while open.
 */
import {
  type CSSProperties,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useScrollLock } from "~/lib/use-scroll-lock";
import { CloseIcon } from "./icons";
import styles from "./lightbox.module.css";
import type { GalleryImage } from "./product-images";

interface LightboxProps {
  images: GalleryImage[];
  index: number;
  open: boolean;
  onClose: () => void;
  onIndexChange: (index: number) => void;
}

const ZOOM = 2.5;
/** Horizontal travel, in CSS pixels, from which a touch drag counts as a swipe. */
const SWIPE_MIN_DISTANCE = 48;
/** A click this soon after a swipe is the swipe's own trailing click, not a tap. */
const SWIPE_CLICK_GUARD_MS = 500;

interface Point {
  x: number;
  y: number;
}

/** One touch/pen contact followed from pointerdown: a swipe, or a pan while zoomed. */
interface Gesture {
  pointerId: number;
  start: Point;
  originAtStart: Point;
}

const wrap = (value: number, count: number) => ((value % count) + count) % count;
const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

export function Lightbox({ images, index, open, onClose, onIndexChange }: LightboxProps) {
  const count = images.length;
  const image = images[index];
  // Zoom belongs to one image: navigating (from here or from the parent) un-zooms by itself.
  const [zoomedIndex, setZoomedIndex] = useState<number | null>(null);
  const zoomed = zoomedIndex === index;
  // When the user has pinch-zoomed the page, one-finger drags must pan it, not swipe.
  const [pinched, setPinched] = useState(false);

  const stageRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLButtonElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const origin = useRef<Point>({ x: 50, y: 50 });
  const gesture = useRef<Gesture | null>(null);
  const activePointers = useRef(new Set<number>());
  const lastSwipeAt = useRef(Number.NEGATIVE_INFINITY);
  const pressStartedOnBackdrop = useRef(false);

  useScrollLock(open);

  // showModal() once the node is in the document; close() in the ref cleanup, which React runs
  // before removing the node: a dialog removed while still open would not restore focus.
  const dialogRef = useCallback((dialog: HTMLDialogElement | null) => {
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  useEffect(() => {
    const viewport = window.visualViewport;
    if (!open || !viewport) return;
    const update = () => setPinched(viewport.scale > 1.01);
    update();
    viewport.addEventListener("resize", update);
    return () => viewport.removeEventListener("resize", update);
  }, [open]);

  // Warm the cache for the neighbours, so navigating shows them at once.
  useEffect(() => {
    if (!open || count < 2) return;
    for (const step of [1, -1]) {
      const neighbour = images[wrap(index + step, count)];
      if (neighbour) new Image().src = neighbour.zoomSrc;
    }
  }, [open, images, index, count]);

  if (!open || !image) return null;

  const go = (step: number) => {
    if (count > 1) onIndexChange(wrap(index + step, count));
  };

  const setOrigin = (point: Point) => {
    origin.current = { x: clampPercent(point.x), y: clampPercent(point.y) };
    // Straight to the DOM: pointermove fires every frame, a React render each time is wasted work.
    imageRef.current?.style.setProperty("transform-origin", `${origin.current.x}% ${origin.current.y}%`);
  };

  /** Pointer position as a percentage of the (untransformed) frame. */
  const pointInFrame = (clientX: number, clientY: number): Point | null => {
    const frame = frameRef.current;
    if (!frame) return null;
    const rect = frame.getBoundingClientRect();
    return { x: ((clientX - rect.left) / rect.width) * 100, y: ((clientY - rect.top) / rect.height) * 100 };
  };

  const toggleZoom = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.timeStamp - lastSwipeAt.current < SWIPE_CLICK_GUARD_MS) return;
    if (zoomed) {
      setZoomedIndex(null);
      return;
    }
    // detail 0: activated from the keyboard (Enter/Space), there is no pointer to zoom towards.
    const point = event.detail === 0 ? null : pointInFrame(event.clientX, event.clientY);
    setOrigin(point ?? { x: 50, y: 50 });
    setZoomedIndex(index);
  };

  const onStagePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
    if (event.pointerType === "mouse") return;
    activePointers.current.add(event.pointerId);
    // A second finger means a pinch, which the browser handles natively: drop the gesture.
    gesture.current =
      activePointers.current.size === 1
        ? {
            pointerId: event.pointerId,
            start: { x: event.clientX, y: event.clientY },
            originAtStart: origin.current,
          }
        : null;
  };

  const onStagePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!zoomed) return;
    if (event.pointerType === "mouse") {
      // A mouse zooms like a magnifier: the origin follows the cursor over the picture.
      if (frameRef.current?.contains(event.target as Node)) {
        const point = pointInFrame(event.clientX, event.clientY);
        if (point) setOrigin(point);
      }
      return;
    }
    // A finger drags the picture. Moving the origin by d shifts the scaled picture by (1 - ZOOM)·d,
    // so to follow the finger the origin moves by -delta / (ZOOM - 1).
    const current = gesture.current;
    const frame = frameRef.current;
    if (!current || current.pointerId !== event.pointerId || !frame) return;
    const dx = ((event.clientX - current.start.x) / frame.offsetWidth) * 100;
    const dy = ((event.clientY - current.start.y) / frame.offsetHeight) * 100;
    setOrigin({
      x: current.originAtStart.x - dx / (ZOOM - 1),
      y: current.originAtStart.y - dy / (ZOOM - 1),
    });
  };

  const onStagePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    activePointers.current.delete(event.pointerId);
    const current = gesture.current;
    gesture.current = null;
    if (!current || current.pointerId !== event.pointerId || zoomed || pinched) return;
    const dx = event.clientX - current.start.x;
    const dy = event.clientY - current.start.y;
    if (Math.abs(dx) >= SWIPE_MIN_DISTANCE && Math.abs(dx) > Math.abs(dy) * 1.5) {
      lastSwipeAt.current = event.timeStamp;
      go(dx < 0 ? 1 : -1);
    }
  };

  const onStagePointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    activePointers.current.delete(event.pointerId);
    gesture.current = null;
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-label="Image agrandie"
      onCancel={(event) => {
        // Escape: React owns the open state, so the parent closes (and unmounts) the dialog.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
          event.preventDefault();
          go(event.key === "ArrowLeft" ? -1 : 1);
        }
      }}
      onClick={(event) => {
        // A click on the dark area around the picture closes, as in most lightboxes; a press that
        // started on the picture and ended outside it does not.
        const onBackdrop = event.target === event.currentTarget || event.target === stageRef.current;
        if (onBackdrop && pressStartedOnBackdrop.current) onClose();
      }}
    >
      {/* First in the DOM so it receives the initial focus. */}
      <div className={styles.bar}>
        <button type="button" className={styles.control} aria-label="Fermer" onClick={onClose}>
          <CloseIcon size={24} />
        </button>
        {count > 1 ? (
          <p className={styles.counter} aria-live="polite">
            <span aria-hidden="true">
              {index + 1} / {count}
            </span>
            <span className="visually-hidden">
              Image {index + 1} sur {count} : {image.alt}
            </span>
          </p>
        ) : null}
      </div>

      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${styles.control} ${styles.nav} ${styles.previous}`}
            aria-label="Image précédente"
            onClick={() => go(-1)}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className={`${styles.control} ${styles.nav} ${styles.next}`}
            aria-label="Image suivante"
            onClick={() => go(1)}
          >
            <Chevron direction="right" />
          </button>
        </>
      ) : null}

      <div
        ref={stageRef}
        className={styles.stage}
        data-pinched={pinched || undefined}
        onPointerDown={onStagePointerDown}
        onPointerMove={onStagePointerMove}
        onPointerUp={onStagePointerUp}
        onPointerCancel={onStagePointerCancel}
      >
        <button
          ref={frameRef}
          type="button"
          className={styles.frame}
          style={{ "--ratio": image.width / image.height } as CSSProperties}
          aria-label="Zoomer sur l'image"
          aria-pressed={zoomed}
          onClick={toggleZoom}
        >
          <img
            // A new element per image: the fade-in replays and no stale zoom origin carries over.
            key={`${index}-${image.zoomSrc}`}
            ref={imageRef}
            className={styles.image}
            src={image.zoomSrc}
            width={image.width}
            height={image.height}
            alt={image.alt}
            draggable={false}
          />
        </button>
      </div>
    </dialog>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg
      width={28}
      height={28}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={direction === "left" ? "M14.5 5.5 8 12l6.5 6.5" : "M9.5 5.5 16 12l-6.5 6.5"} />
    </svg>
  );
}
