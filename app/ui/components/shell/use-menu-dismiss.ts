// Popover menus (Export ▾, the table's Columns, Ranges and Views) close on a click outside them and
// on Escape, and give focus back to the button that opened them, so a keyboard user stays in
// place and a menu left open never covers the table.
import { type RefObject, type SyntheticEvent, useEffect, useMemo, useRef, useState } from 'react';

/** While `open`: Escape or a pointer press outside `root` calls `close`; focus goes to `button`. */
export function useMenuDismiss(
  open: boolean,
  close: () => void,
  root: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const back = () => button.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // This Escape is the menu's: the page's own (the trajectory page goes back to the table)
      // does not run as well.
      e.preventDefault();
      e.stopImmediatePropagation();
      closeRef.current();
      back();
    };
    const onDown = (e: PointerEvent) => {
      const menu = root.current;
      if (!menu || menu.contains(e.target as Node)) return;
      const hadFocus = menu.contains(document.activeElement);
      closeRef.current();
      // Focus that was in the menu goes back to its button, unless the click put it elsewhere
      // (the search box, another control): it lands once the press's own events have run.
      if (hadFocus)
        setTimeout(() => {
          const a = document.activeElement;
          if (!a || a === document.body || (menu.contains(a) && a !== button.current)) back();
        });
    };
    // Capture: before the page's own key handlers, and before a click elsewhere acts.
    window.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onDown, true);
    };
  }, [open, root, button]);
}

/** The same for a `<details>` menu: spread the result on the element. */
export function useDetailsMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  // The summary is the button that opens it.
  const summary = useMemo(
    () => ({
      get current() {
        return ref.current?.querySelector<HTMLElement>(':scope > summary') ?? null;
      },
    }),
    [],
  );
  useMenuDismiss(
    open,
    () => {
      if (ref.current) ref.current.open = false;
    },
    ref,
    summary,
  );
  return {
    ref,
    onToggle: (e: SyntheticEvent<HTMLDetailsElement>) => setOpen(e.currentTarget.open),
  };
}
