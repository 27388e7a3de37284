// UI-only state (zustand). Data lives in IndexedDB behind react-query.
import { create } from 'zustand';
import { type ColumnLayout, DEFAULT_LAYOUT, normalizeLayout } from '../../core/table/columns';
import { type Filters, NO_FILTERS, type SortKey } from '../../core/table/query';
import type { TableViewState } from '../../core/table/view-url';
import { type NameCopy, saveAnnotatorName } from '../../services/labels/annotator-name';
import { trackAnnotatorWrite } from './annotator-write';
import { keepChoice, readChoice } from './collection-choice';

export interface UiState {
  /** The name new labels are signed with (in use at once, so a key pressed after Enter counts). */
  annotator: string;
  /** When it was set (ms; 0: before the times were kept), to pick the newer copy at start. */
  annotatorSetAt: number;
  /** True until IndexedDB has the name on disk: the badge confirms it only then. */
  annotatorSaving: boolean;
  /** Sets the name the user typed: both copies, with the time; durable before it is confirmed. */
  setAnnotator(name: string): void;
  /** Takes the name restored at start (already in IndexedDB); only localStorage is written. */
  restoreAnnotator(copy: NameCopy): void;
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
const ANNOTATOR_SET_AT_KEY = 'hopscope.annotator-set-at';
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

/** The localStorage copy of the name, or null when it holds none (a name without a time: 0). */
export function localAnnotator(): NameCopy | null {
  const name = localStorage.getItem(ANNOTATOR_KEY);
  if (name === null) return null;
  const at = Number(localStorage.getItem(ANNOTATOR_SET_AT_KEY));
  return { name, setAt: Number.isFinite(at) ? at : 0 };
}

function writeLocal(copy: NameCopy): void {
  localStorage.setItem(ANNOTATOR_KEY, copy.name);
  localStorage.setItem(ANNOTATOR_SET_AT_KEY, String(copy.setAt));
}

const initial = localAnnotator();

export const useUi = create<UiState>((set, get) => ({
  annotator: initial?.name ?? '',
  annotatorSetAt: initial?.setAt ?? 0,
  annotatorSaving: false,
  setAnnotator(name) {
    // Later than any copy this page knows of, even if the clock went back.
    const setAt = Math.max(Date.now(), get().annotatorSetAt + 1);
    writeLocal({ name, setAt });
    set({ annotator: name, annotatorSetAt: setAt, annotatorSaving: true });
    // localStorage reaches disk lazily (a browser killed in the next seconds keeps the older name
    // there); IndexedDB commits it durably, and is the copy that wins at start.
    trackAnnotatorWrite(
      saveAnnotatorName(name, setAt).then(
        () => {
          if (get().annotatorSetAt === setAt) set({ annotatorSaving: false });
        },
        (e: unknown) => {
          console.warn('annotator name kept in localStorage only:', e);
          if (get().annotatorSetAt !== setAt) return;
          set({
            annotatorSaving: false,
            toast: `Your name "${name}" could not be saved to the database (${e instanceof Error ? e.message : String(e)}); it is kept in this browser's localStorage only.`,
          });
        },
      ),
    );
  },
  restoreAnnotator(copy) {
    writeLocal(copy);
    set({ annotator: copy.name, annotatorSetAt: copy.setAt, annotatorSaving: false });
  },
  helpOpen: false,
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  importOpen: false,
  setImportOpen: (importOpen) => set({ importOpen }),
  // The collections chosen last time (collection-choice): every page scoped the same from the start.
  filters: { ...NO_FILTERS, collections: readChoice() },
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

// Every change of the chosen collections (the chooser, a table link, a saved view) is kept.
useUi.subscribe((s, prev) => {
  if (s.filters.collections !== prev.filters.collections) keepChoice(s.filters.collections);
});
