// UI-only state (zustand). Data lives in IndexedDB behind react-query.
import { create } from 'zustand';
import { type Filters, NO_FILTERS, type SortKey } from '../../core/table/query';
import { saveAnnotatorName } from '../../services/labels/annotator-name';

interface UiState {
  annotator: string;
  setAnnotator(name: string): void;
  helpOpen: boolean;
  setHelpOpen(open: boolean): void;
  importOpen: boolean;
  setImportOpen(open: boolean): void;
  filters: Filters;
  setFilters(f: Partial<Filters>): void;
  sort: { key: SortKey; dir: 1 | -1 } | null;
  toggleSort(key: SortKey): void;
  groupByFile: boolean;
  setGroupByFile(v: boolean): void;
  /** Row ids in the order the table shows them, for next/previous trajectory. */
  visibleIds: string[];
  setVisibleIds(ids: string[]): void;
  cursor: number;
  setCursor(i: number): void;
  toast: string | null;
  setToast(t: string | null): void;
}

const ANNOTATOR_KEY = 'hopscope.annotator';

/** Whether localStorage holds a name the user set (else it is restored from the labels). */
export function annotatorSaved(): boolean {
  return localStorage.getItem(ANNOTATOR_KEY) !== null;
}

export const useUi = create<UiState>((set) => ({
  annotator: localStorage.getItem(ANNOTATOR_KEY) ?? '',
  setAnnotator(name) {
    localStorage.setItem(ANNOTATOR_KEY, name);
    // Also written to IndexedDB at once, durably: localStorage reaches disk lazily, and a browser
    // killed right after would lose the author of the next labels. Not awaited before the name
    // shows, so a label key pressed right after Enter is not lost.
    saveAnnotatorName(name).catch((e: unknown) =>
      console.warn('annotator name kept in localStorage only:', e),
    );
    set({ annotator: name });
  },
  helpOpen: false,
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  importOpen: false,
  setImportOpen: (importOpen) => set({ importOpen }),
  filters: NO_FILTERS,
  setFilters: (f) => set((s) => ({ filters: { ...s.filters, ...f }, cursor: 0 })),
  sort: null,
  toggleSort: (key) =>
    set((s) => ({
      sort: s.sort?.key !== key ? { key, dir: 1 } : s.sort.dir === 1 ? { key, dir: -1 } : null,
    })),
  groupByFile: false,
  setGroupByFile: (groupByFile) => set({ groupByFile }),
  visibleIds: [],
  setVisibleIds: (visibleIds) => set({ visibleIds }),
  cursor: 0,
  setCursor: (cursor) => set({ cursor }),
  toast: null,
  setToast: (toast) => set({ toast }),
}));
