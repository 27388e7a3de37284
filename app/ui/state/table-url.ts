// The table's view in the URL: a table link (`#/?<view>`) sets columns, filters and sort when it is
// opened, and every change to them rewrites the link in place (replaceState, no history entry),
// so a reload keeps the view and a copied link reproduces it. A bare `#/` keeps the view in hand.
import { useEffect, useRef } from 'react';
import { splitSql, tableHash } from '../../core/sql/sql-url';
import { decodeView, encodeView } from '../../core/table/view-url';
import { tableQuery, useHash } from './router';
import { useUi } from './ui-store';

/** The view's query string (no '?'), '' for the default view. */
export function useTableViewQuery(): string {
  const filters = useUi((s) => s.filters);
  const sort = useUi((s) => s.sort);
  const groupByFile = useUi((s) => s.groupByFile);
  const layout = useUi((s) => s.layout);
  return encodeView({ filters, sort, groupByFile, layout });
}

/** Applies a table view query; a query without columns keeps the columns in hand. */
export function applyViewQuery(query: string): string[] {
  const { view, ignored } = decodeView(query);
  const ui = useUi.getState();
  const hasCols = new URLSearchParams(query).has('cols');
  ui.applyView(hasCols ? view : { ...view, layout: ui.layout });
  return ignored;
}

export function useTableUrl(): void {
  const hash = useHash();
  const encoded = useTableViewQuery();
  const written = useRef<string | null>(null);
  useEffect(() => {
    const query = tableQuery(hash);
    if (query === null) return;
    // A SQL query beside the view (`sql=`) is the SQL box's (useSqlUrl); it stays in the link.
    const { view: q, sql } = splitSql(query);
    if (q !== '' && q !== written.current) {
      // A link opened (typed, pasted, reloaded, a Training plot's point): its view.
      written.current = q;
      const ignored = applyViewQuery(q);
      if (ignored.length) useUi.getState().setToast(`Table link: could not read ${ignored.join(', ')}`);
      return;
    }
    written.current = encoded;
    const want = tableHash(encoded, sql);
    if (location.hash !== want) history.replaceState(history.state, '', want);
  }, [hash, encoded]);
}
