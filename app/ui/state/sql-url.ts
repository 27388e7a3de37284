// The SQL box's query lives in the table's link (`#/?…&sql=…`, core/sql/sql-url): running a query
// writes it there, and a link that carries one runs it. Whether the box is open is UI state.
import { create } from 'zustand';
import { splitSql, tableHash } from '../../core/sql/sql-url';
import { tableQuery, useHash } from './router';

/** The query in the link; null when it has none (or the page is not the table). */
export function useSqlInUrl(): string | null {
  const q = tableQuery(useHash());
  return q === null ? null : splitSql(q).sql;
}

/** Puts `sql` in the table link in place (null removes it); the view's part stays as it is. */
export function setSqlInUrl(sql: string | null): void {
  const q = tableQuery(location.hash) ?? '';
  const want = tableHash(splitSql(q).view, sql);
  if (location.hash === want) return;
  history.replaceState(history.state, '', want);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export const useSqlBox = create<{ open: boolean; setOpen(open: boolean): void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
