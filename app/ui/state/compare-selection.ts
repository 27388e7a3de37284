// Runs picked for comparison in the table (checkboxes, `x`), and where the compare view's Esc
// returns to. Its own small store, so the table's state stays as it is.
import { create } from 'zustand';
import { compareHash } from './router';

interface CompareSelection {
  /** Selected trajectory ids, in the order they were picked (the first is the baseline). */
  ids: string[];
  toggle(id: string): void;
  clear(): void;
  /** The hash the compare view was opened from. */
  returnTo: string | null;
}

export const useCompareSelection = create<CompareSelection>((set) => ({
  ids: [],
  toggle: (id) => set((s) => ({ ids: s.ids.includes(id) ? s.ids.filter((x) => x !== id) : [...s.ids, id] })),
  clear: () => set({ ids: [] }),
  returnTo: null,
}));

/** Opens the compare view of these runs, remembering the page to return to. */
export function openCompare(ids: readonly string[]): void {
  useCompareSelection.setState({ returnTo: location.hash || '#/' });
  location.hash = compareHash(ids);
}

/** Back to where the compare view was opened from (the table when it was a deep link). */
export function leaveCompare(): void {
  const back = useCompareSelection.getState().returnTo;
  location.hash = back && !back.startsWith('#/compare') ? back : '#/';
}
