import { useCallback, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { RowHeights } from './row-heights';

/** A row to draw: its index and its top, from the list's top. */
export interface VirtualRow {
  index: number;
  start: number;
}

export interface VirtualRows {
  rows: VirtualRow[];
  total: number;
  /** Ref for a drawn row's element (carrying `data-index`): its height is measured while shown. */
  measure: (el: HTMLElement | null) => (() => void) | undefined;
  /** Scrolls the least that shows row i whole (its top when it is taller than the view). */
  scrollToIndex: (i: number) => void;
  /** Whether the scrolling element is known (a scroll asked for before is not done). */
  ready: boolean;
}

/** How long a scroll to a row is redone as the rows around it are measured (ms). */
const SETTLE_MS = 1000;

/**
 * Only the rows on screen (and `overscan` either side) of a list of `count` rows drawn inside
 * `scrollElement`, `margin` pixels below its top. Heights start at `estimate` and are measured
 * while drawn (RowHeights: O(log n) each, so neither a measurement nor a longer list walks every
 * row). When a row above the view changes height, the view is moved by as much, so what is on
 * screen stays put.
 */
export function useVirtualRows({
  count,
  estimate,
  overscan,
  margin,
  scrollElement,
}: {
  count: number;
  estimate: number;
  overscan: number;
  margin: number;
  scrollElement: HTMLElement | null;
}): VirtualRows {
  const heights = useRef<RowHeights>(null);
  heights.current ??= new RowHeights(count, estimate);
  const h = heights.current;
  h.resize(count);
  const [, remeasured] = useReducer((n: number) => n + 1, 0);
  const [view, setView] = useState({ top: 0, height: 0 });
  // Kept in refs for the observers, which outlive renders.
  const live = useRef({ scrollElement, margin, target: -1, until: 0 });
  live.current.scrollElement = scrollElement;
  live.current.margin = margin;

  useLayoutEffect(() => {
    const el = scrollElement;
    if (!el) return;
    const read = () =>
      setView((v) =>
        v.top === el.scrollTop && v.height === el.clientHeight
          ? v
          : { top: el.scrollTop, height: el.clientHeight },
      );
    read();
    // The user taking the scroll ends following a row scrolled to.
    const release = () => (live.current.target = -1);
    el.addEventListener('scroll', read, { passive: true });
    el.addEventListener('wheel', release, { passive: true });
    el.addEventListener('pointerdown', release, { passive: true });
    el.addEventListener('touchstart', release, { passive: true });
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      el.removeEventListener('wheel', release);
      el.removeEventListener('pointerdown', release);
      el.removeEventListener('touchstart', release);
      ro.disconnect();
    };
  }, [scrollElement]);

  /** Scrolls the least that shows row i whole; returns whether it scrolled. */
  const place = useCallback((i: number): boolean => {
    const { scrollElement: el, margin: m } = live.current;
    const rows = heights.current!;
    if (!el || i < 0 || i >= rows.count) return false;
    const top = rows.start(i) + m;
    const bottom = top + rows.size(i);
    const before = el.scrollTop;
    if (top < el.scrollTop || bottom - top > el.clientHeight) el.scrollTop = top;
    else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
    return el.scrollTop !== before;
  }, []);
  const scrollToIndex = useCallback(
    (i: number) => {
      // A row already in view is left as it is; one scrolled to is followed for a moment, as the
      // rows drawn around it are measured and move it.
      if (place(i)) Object.assign(live.current, { target: i, until: performance.now() + SETTLE_MS });
    },
    [place],
  );
  /** Scrolls to the row scrolled to last again, while it still settles; done once it stays. */
  const settle = useCallback(() => {
    const l = live.current;
    if (l.target < 0) return;
    if (performance.now() > l.until || !place(l.target)) l.target = -1;
  }, [place]);

  // The list moved down (the plan above it laid out): a row scrolled to is scrolled to again.
  useLayoutEffect(settle, [margin, settle]);

  const observer = useRef<ResizeObserver>(null);
  observer.current ??= new ResizeObserver((entries) => {
    const { scrollElement: el, margin: m } = live.current;
    const rows = heights.current!;
    let changed = false;
    let above = 0;
    for (const e of entries) {
      const node = e.target as HTMLElement;
      if (!node.isConnected) continue;
      const i = Number(node.dataset.index);
      if (!Number.isInteger(i)) continue;
      const size = e.borderBoxSize[0]?.blockSize ?? node.getBoundingClientRect().height;
      const top = rows.start(i);
      const delta = rows.set(i, size);
      if (delta === 0) continue;
      changed = true;
      if (el && top + m < el.scrollTop) above += delta;
    }
    if (!changed) return;
    if (el && above !== 0) el.scrollTop += above;
    settle();
    remeasured();
  });
  const measure = useCallback((el: HTMLElement | null) => {
    if (!el) return undefined;
    const ro = observer.current!;
    ro.observe(el, { box: 'border-box' });
    return () => ro.unobserve(el);
  }, []);

  const shown: VirtualRow[] = [];
  if (count > 0) {
    const first = Math.max(0, h.indexAt(view.top - margin) - overscan);
    const last = Math.min(count - 1, h.indexAt(view.top - margin + Math.max(view.height, 1)) + overscan);
    for (let i = first; i <= last; i++) shown.push({ index: i, start: h.start(i) });
  }
  return { rows: shown, total: h.total, measure, scrollToIndex, ready: scrollElement !== null };
}
