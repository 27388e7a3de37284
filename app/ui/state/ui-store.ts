// UI-only state (zustand). Data lives in IndexedDB behind react-query.
import { create } from 'zustand';
import { type ColumnLayout, DEFAULT_LAYOUT, normalizeLayout } from '../../core/table/columns';
import { type Filters, NO_FILTERS, type SortKey } from '../../core/table/query';
import type { TableViewState } from '../../core/table/view-url';
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
  /** The table's columns: shown, pinned, widths (kept in localStorage for the next visit). */
  layout: ColumnLayout;
  setLayout(l: ColumnLayout): void;
  /** A whole table view at once (a link, a saved view). */
  applyView(v: TableViewState): void;
  /** Row ids in the order the table shows them, for next/previous trajectory. */
  visibleIds: string[];
  setVisibleIds(ids: string[]): void;
  cursor: number;
  setCursor(i: number): void;
  toast: string | null;
  setToast(t: string | null): void;
}

const ANNOTATOR_KEY = 'hopscope.annotator';
const LAYOUT_KEY = 'hopscope.tableColumns';

/** The columns last chosen on this browser; the default when none or unreadable. */
function savedLayout(): ColumnLayout {
  try {
    const raw = localStorage.getItem(LAYOUT_KEY);
    return raw ? normalizeLayout(JSON.parse(raw) as ColumnLayout) : DEFAULT_LAYOUT;
  } catch {
    return DEFAULT_LAYOUT;
  }
}

function keepLayout(l: ColumnLayout): ColumnLayout {
  const n = normalizeLayout(l);
  try {
    localStorage.setItem(LAYOUT_KEY, JSON.stringify(n));
  } catch (e) {
    console.warn('column layout not kept for the next visit:', e);
  }
  return n;
}

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
  layout: savedLayout(),
  setLayout: (l) => set({ layout: keepLayout(l) }),
  applyView: (v) =>
    set({
      filters: v.filters,
      sort: v.sort,
      groupByFile: v.groupByFile,
      layout: keepLayout(v.layout),
      cursor: 0,
    }),
  visibleIds: [],
  setVisibleIds: (visibleIds) => set({ visibleIds }),
  cursor: 0,
  setCursor: (cursor) => set({ cursor }),
  toast: null,
  setToast: (toast) => set({ toast }),
}));
