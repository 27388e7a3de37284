// Enter (or o) on the table opens the cursor's row of the view that matches the filters, sort and
// grouping the user has set. The table worker answers a query asynchronously: until its view is on
// screen the table still shows the previous query's rows, and an Enter typed right after a search
// opened the previous view's first row. An Enter pressed in that gap waits for the view instead.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Filters, TableQuery } from '../../../core/table/query';
import { useUi } from '../../state/ui-store';

export interface ShownView {
  /** A view is on screen and it was computed for the query this render asked for. */
  ready: boolean;
  /** What this render asked the table for (compared with the store's, which may be newer). */
  filters: Filters;
  sort: TableQuery['sort'];
  groupByFile: boolean;
}

/**
 * `request()` opens the cursor's row (`open`) now when the view on screen is the current query's,
 * else as soon as it is; `cancel()` drops a waiting request (another key came first).
 */
export function useOpenWhenCurrent(shown: ShownView, open: () => void) {
  const latest = useRef({ shown, open });
  latest.current = { shown, open };
  const waiting = useRef(false);

  const upToDate = useCallback(() => {
    const s = latest.current.shown;
    const ui = useUi.getState();
    // The store changes before the table renders the change: compare with what was rendered.
    return s.ready && ui.filters === s.filters && ui.sort === s.sort && ui.groupByFile === s.groupByFile;
  }, []);

  useEffect(() => {
    if (waiting.current && upToDate()) {
      waiting.current = false;
      latest.current.open();
    }
  });

  const request = useCallback(() => {
    if (upToDate()) latest.current.open();
    else waiting.current = true;
  }, [upToDate]);
  const cancel = useCallback(() => {
    waiting.current = false;
  }, []);
  return useMemo(() => ({ request, cancel }), [request, cancel]);
}
