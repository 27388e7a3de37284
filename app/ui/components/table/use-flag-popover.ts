// State of the table's flag popover: shown while the pointer or focus is on a flag cell, pinned
// when opened on purpose (click, or `f` on the selected row) until Esc or a click elsewhere.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrajectoryRow } from '../../../core/table/row';

export interface FlagPop {
  row: TrajectoryRow;
  anchor: DOMRect;
  pinned: boolean;
}

/** The flag cell of a row, if the row is rendered (the table is virtualized). */
export function flagCellOf(rowId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(rowId)}"] .flag-cell`);
}

export function useFlagPopover() {
  const [pop, setPop] = useState<FlagPop | null>(null);
  const popRef = useRef<FlagPop | null>(null);
  useEffect(() => {
    popRef.current = pop;
  }, [pop]);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Set while focus goes back to the cell after Esc, so that focus does not reopen the popover.
  const returning = useRef(false);

  const keep = useCallback(() => clearTimeout(hideTimer.current), []);
  const show = useCallback((row: TrajectoryRow, anchor: HTMLElement, pinned: boolean) => {
    if (returning.current) return;
    clearTimeout(hideTimer.current);
    setPop((p) => ({
      row,
      anchor: anchor.getBoundingClientRect(),
      pinned: pinned || (p?.pinned === true && p.row.id === row.id),
    }));
  }, []);
  // A short delay lets the pointer cross from the cell into the popover; a pinned one stays.
  const hide = useCallback(() => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setPop((p) => (p?.pinned ? p : null)), 150);
  }, []);
  const close = useCallback(() => {
    const p = popRef.current;
    setPop(null);
    // Back to the cell that opened it, so the keyboard user stays in place.
    if (p?.pinned) {
      returning.current = true;
      flagCellOf(p.row.id)?.focus();
      returning.current = false;
    }
  }, []);
  /** Opens the row's flags pinned (the `f` key); false when the row has no flag cell on screen. */
  const pin = useCallback((row: TrajectoryRow): boolean => {
    const cell = flagCellOf(row.id);
    if (!cell) return false;
    setPop({ row, anchor: cell.getBoundingClientRect(), pinned: true });
    return true;
  }, []);
  return { pop, show, hide, keep, close, pin };
}
