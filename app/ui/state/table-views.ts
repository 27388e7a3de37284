// Saved table views: a name and the view's query string (core/table/view-url, the same string a
// table link carries), kept in localStorage so they are there on the next visit. Saving under a
// name that exists replaces that view.
import { create } from 'zustand';

export interface SavedView {
  name: string;
  /** The view's query (columns, filters, sort, grouping), as in `#/?<query>`. */
  query: string;
}

const KEY = 'hopscope.tableViews';

/** The views kept on this browser; entries that are not a name and a query are skipped. */
function load(): SavedView[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (v): v is SavedView =>
        typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.query === 'string',
    );
  } catch {
    return [];
  }
}

function keep(views: SavedView[]): SavedView[] {
  try {
    localStorage.setItem(KEY, JSON.stringify(views));
  } catch (e) {
    console.warn('saved views not kept for the next visit:', e);
  }
  return views;
}

interface TableViews {
  views: SavedView[];
  save(name: string, query: string): void;
  remove(name: string): void;
}

export const useTableViews = create<TableViews>((set) => ({
  views: load(),
  save: (name, query) =>
    set((s) => ({
      views: keep([...s.views.filter((v) => v.name !== name), { name, query }]),
    })),
  remove: (name) => set((s) => ({ views: keep(s.views.filter((v) => v.name !== name)) })),
}));
