import { useEffect } from "react";

/** Locks page scroll while `locked` (menus, sidebars, lightboxes); nested locks are counted. */
let lockCount = 0;

export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    lockCount += 1;
    document.body.classList.add("scroll-locked");
    return () => {
      lockCount -= 1;
      if (lockCount === 0) document.body.classList.remove("scroll-locked");
    };
  }, [locked]);
}
