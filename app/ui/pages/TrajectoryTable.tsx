import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import type { Annotation } from '../../core/annotations/annotation';
import type { TrajectoryRow } from '../../core/table/row';
import type { UnsureJudgement } from '../../core/table/unsure-judge';
import { CompareButton, compareTableKey } from '../components/compare/TableSelection';
import { plural } from '../../core/plural';
import { AggregatesBar } from '../components/table/AggregatesBar';
import { FlagPopover } from '../components/table/FlagCell';
import { TableRow } from '../components/table/TableRow';
import { TableFilters } from '../components/table/TableFilters';
import { useFlagPopover } from '../components/table/use-flag-popover';
import type { UseTableSource } from '../../core/table/source';
import { CsvExport } from '../components/charts/ExportButtons';
import { stamp } from '../data/export/download';
import { isTyping } from '../keyboard';
import { navigate } from '../state/router';
import { useUi } from '../state/ui-store';
import { tablePick } from '../state/ui-picks';
import { useShallow } from 'zustand/react/shallow';
import { columnSpecs, isSortable } from './table-columns';
import { NO_FILTERS, statusById } from '../../core/table/query';
import { ColumnChooser } from '../components/table/ColumnChooser';
import { ColumnResizer } from '../components/table/ColumnResizer';
import { RangeFilters } from '../components/table/RangeFilters';
import { useOpenWhenCurrent } from '../components/table/use-open-when-current';

const NO_ITEMS = new Int32Array(0);

/** The cursor's row position for an item index (rowItems ascends): binary search. */
function rowOfItem(rowItems: Int32Array, item: number): number {
  let lo = 0;
  let hi = rowItems.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = rowItems[mid]!;
    if (v === item) return mid;
    if (v < item) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The trajectory table: filters, sort, grouping, aggregates and a virtualized list. In the app the
 * rows stay in the table worker, which filters, sorts and aggregates them, and only the rows on
 * screen come to the page (TrajectoriesPage); the HTML report computes the view over its inline rows.
 */
export function TrajectoryTable({
  useSource,
  annotations,
  banner,
  underAggregates,
  views,
  compare = true,
  judged,
}: {
  /** Where the view comes from (a hook): the table worker, or rows in memory (the report). */
  useSource: UseTableSource;
  annotations: readonly Annotation[];
  /** Shown above the aggregates (the app's demo banner), given the row count and live runs. */
  banner?: (total: number, anyLive: boolean) => ReactNode;
  /** Shown under the aggregates, given the ids the filter keeps (the app's LLM judge bar). */
  underAggregates?: (ids: readonly string[], total: number) => ReactNode;
  /** The saved views menu (the app keeps views; the report has none). */
  views?: ReactNode;
  /** Selecting rows for the compare view (the app has it; the report, read-only, does not). */
  compare?: boolean;
  /** The model judge on the unsure verdicts, by trajectory id (the app's; the report has none). */
  judged?: ReadonlyMap<string, UnsureJudgement>;
}) {
  const {
    filters,
    setFilters,
    sort,
    toggleSort,
    groupByFile,
    setGroupByFile,
    cursor,
    setCursor,
    setVisibleIds,
    layout,
  } = useUi(useShallow(tablePick));
  const searchRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const { specs, width: rowWidth } = useMemo(() => columnSpecs(layout, compare), [layout, compare]);
  const flagPop = useFlagPopover();
  const pinFlags = flagPop.pin;

  const status = useMemo(() => statusById(annotations), [annotations]);
  const query = useMemo(
    () => ({
      filters,
      sort,
      groupByFile,
      status: Object.fromEntries(
        [...status].filter((e): e is [string, 'partial' | 'done'] => e[1] !== 'none'),
      ),
      ...(judged ? { judged: Object.fromEntries([...judged].map(([id, j]) => [id, j.mark])) } : {}),
    }),
    [filters, sort, groupByFile, status, judged],
  );
  const { loading, pending, stale, view, useWindow, csv } = useSource(query);
  const total = view?.total ?? 0;
  const count = view?.count ?? 0;
  const rowItems = view?.rowItems ?? NO_ITEMS;

  useEffect(() => setVisibleIds(view?.ids ?? []), [view, setVisibleIds]);

  const virt = useVirtualizer({
    count: view?.itemCount ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 44,
    overscan: 12,
  });
  const shown = virt.getVirtualItems();
  // Row ids drawn in this render: one trajectory is one row, even mid-refresh.
  const drawn = new Set<string>();
  // Only the rows on screen are fetched from the worker.
  const itemAt = useWindow(shown[0]?.index ?? 0, (shown.at(-1)?.index ?? -1) + 1);

  const current = Math.min(cursor, Math.max(0, count - 1));
  // Keep the cursor's row in view when the cursor moves or the filter, sort or grouping changes;
  // not when the same view is refreshed with more rows (an import adding rows forced a layout of
  // the list for every batch, the longest stall of a big import).
  const rowItemsRef = useRef(rowItems);
  rowItemsRef.current = rowItems;
  useEffect(() => {
    const idx = rowItemsRef.current[current];
    if (idx !== undefined) virt.scrollToIndex(idx, { align: 'auto' });
  }, [current, virt]);
  const scrolledFor = useRef<unknown>(null);
  useEffect(() => {
    if (!view || stale || scrolledFor.current === query) return;
    scrolledFor.current = query;
    const idx = view.rowItems[current];
    if (idx !== undefined) virt.scrollToIndex(idx, { align: 'auto' });
  }, [view, stale, query, current, virt]);

  const mountedAt = useRef(performance.now());
  // Enter opens the cursor's row of the current query's view, waiting for it if need be.
  const openCursor = useOpenWhenCurrent({ ready: !!view && !stale, filters, sort, groupByFile }, () => {
    const id = view?.ids[current];
    if (id) navigate({ page: 'trajectory', id, step: null });
  });

  useEffect(() => {
    const rowAt = (i: number): TrajectoryRow | undefined => {
      const it = itemAt(rowItems[i] ?? -1);
      return it?.type === 'row' ? it.row : undefined;
    };
    const onKey = (e: KeyboardEvent) => {
      // A key pressed before the table was on screen is not for it: the Enter on a Training plot
      // point that opened this table reaches its window listener, added during that same key's
      // dispatch, and would open the first row once the view came.
      if (e.timeStamp < mountedAt.current) return;
      if (e.key !== 'Enter' && e.key !== 'o') openCursor.cancel();
      if (e.key === '/' && !isTyping(e)) {
        e.preventDefault();
        searchRef.current?.focus();
        return;
      }
      if (isTyping(e) || useUi.getState().helpOpen || useUi.getState().importOpen) return;
      // Keys inside the flag popover or on a flag cell belong to them.
      if ((e.target as HTMLElement | null)?.closest?.('.flag-popover, .flag-cell')) return;
      const n = count;
      const currentId = view?.ids[current];
      if (e.key === 'j' || e.key === 'ArrowDown') {
        e.preventDefault();
        setCursor(Math.min(n - 1, current + 1));
      } else if (e.key === 'k' || e.key === 'ArrowUp') {
        e.preventDefault();
        setCursor(Math.max(0, current - 1));
      } else if (e.key === 'Home' || e.key === 'End') {
        e.preventDefault();
        setCursor(e.key === 'Home' ? 0 : Math.max(0, n - 1));
      } else if (e.key === 'PageDown' || e.key === 'PageUp') {
        e.preventDefault();
        const page = 20;
        setCursor(Math.max(0, Math.min(n - 1, current + (e.key === 'PageDown' ? page : -page))));
      } else if (e.key === 'Enter' || e.key === 'o') {
        openCursor.request();
      } else if (compare && !e.ctrlKey && !e.metaKey && compareTableKey(e.key, currentId)) {
        e.preventDefault();
      } else if (e.key === 'f' && !e.ctrlKey && !e.metaKey) {
        // The selected row's flags with their evidence, focused for the keyboard. (The cursor's
        // row is on screen, so it has been fetched.)
        const r = rowAt(current);
        if (r && pinFlags(r)) e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [view, count, rowItems, itemAt, current, setCursor, pinFlags, compare, openCursor]);

  // Stable across renders (rows are memoized); reads the latest row positions.
  const activate = useCallback(
    (index: number, r: TrajectoryRow) => {
      setCursor(Math.max(0, rowOfItem(rowItemsRef.current, index)));
      navigate({ page: 'trajectory', id: r.id, step: null });
    },
    [setCursor],
  );

  return (
    <div className="dataset">
      <div className="toolbar">
        <input
          ref={searchRef}
          type="search"
          placeholder="Search text, queries, ids, file:line…  ( / )"
          value={filters.text}
          onChange={(e) => setFilters({ text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape' || e.key === 'Enter') (e.target as HTMLInputElement).blur();
          }}
          aria-label="Search trajectories"
        />
        <TableFilters facets={view?.facets} />
        <RangeFilters />
        <label className="check">
          <input type="checkbox" checked={groupByFile} onChange={(e) => setGroupByFile(e.target.checked)} />{' '}
          Group by file
        </label>
        <ColumnChooser />
        {views}
      </div>
      {banner?.(total, view?.facets.anyLive ?? false)}
      {total > 0 && view && <AggregatesBar groups={view.aggregates} total={total} layout={layout} />}
      {/* One line: what the table acts on (its count), the actions over those rows, its exports. */}
      <div className="table-actions">
        <span className="muted" data-testid="row-count">
          {count === total ? plural(total, 'trajectory') : `${count} of ${plural(total, 'trajectory')}`}
        </span>
        {total > 0 && view && underAggregates?.(view.ids, total)}
        <div className="spacer" />
        <CsvExport name={`hopscope-table-${stamp()}`} table={csv} label="Table CSV" />
        {compare && <CompareButton />}
      </div>
      <div className="table" role="table" aria-label="Trajectories" aria-rowcount={count} aria-busy={pending}>
        <div className="thead" role="row" ref={headRef}>
          <div className="thead-cells" style={{ minWidth: rowWidth }}>
            {compare && (
              <div
                className={`th c-sel${specs[0]?.pinned ? ' pinned' : ''}`}
                role="columnheader"
                title="Select runs to compare (x)"
              />
            )}
            {specs.map(({ col: c, style, pinned, width }) => {
              const arrow = sort?.key === c.key ? (sort.dir === 1 ? ' ▲' : ' ▼') : '';
              const helpId = `col-help-${c.key}`;
              return (
                <div
                  key={c.key}
                  className={`th ${c.cls}${pinned ? ' pinned' : ''}`}
                  style={style}
                  role="columnheader"
                  title={c.help}
                  aria-describedby={helpId}
                  data-col={c.key}
                  aria-sort={sort?.key === c.key ? (sort.dir === 1 ? 'ascending' : 'descending') : undefined}
                >
                  {isSortable(c) ? (
                    <button
                      type="button"
                      className="sort"
                      onClick={() => toggleSort(c.key)}
                      aria-describedby={helpId}
                    >
                      {c.title}
                      {arrow}
                    </button>
                  ) : (
                    c.title
                  )}
                  <span id={helpId} className="visually-hidden">
                    {c.help}
                  </span>
                  <ColumnResizer column={c.key} title={c.title} width={width} />
                </div>
              );
            })}
          </div>
        </div>
        <div
          className="tbody"
          ref={scrollRef}
          onScroll={(e) => {
            // The header scrolls sideways with the rows (pinned cells stay in both).
            if (headRef.current) headRef.current.scrollLeft = e.currentTarget.scrollLeft;
          }}
        >
          {loading && <div className="empty">Loading…</div>}
          {!loading && view && total === 0 && (
            <div className="empty">No trajectories yet. Import a file (i) or wait for the demo set.</div>
          )}
          {total > 0 && count === 0 && (
            <div className="empty">
              No trajectory matches these filters.{' '}
              <button
                type="button"
                className="link"
                onClick={() => setFilters({ ...NO_FILTERS, collections: filters.collections })}
              >
                Clear filters
              </button>
            </div>
          )}
          <div style={{ height: virt.getTotalSize(), position: 'relative', minWidth: rowWidth }}>
            {shown.map((vi) => {
              const it = itemAt(vi.index);
              const style = { transform: `translateY(${vi.start}px)`, height: vi.size } as const;
              // Not fetched from the table worker yet (or, while a refreshed page is on its way, a
              // row its previous page also shows elsewhere): a placeholder of the same height.
              if (!it || (it.type === 'row' && drawn.has(it.row.id)))
                return <div key={`p:${vi.index}`} className="tr placeholder" style={style} />;
              if (it.type === 'group')
                return (
                  <div key={`g:${it.file}`} className="group-row" style={style}>
                    {it.file || '(no file)'} <span className="muted">· {it.count}</span>
                  </div>
                );
              const r = it.row;
              drawn.add(r.id);
              return (
                <TableRow
                  key={r.id}
                  row={r}
                  index={vi.index}
                  start={vi.start}
                  size={vi.size}
                  selected={rowItems[current] === vi.index}
                  status={status.get(r.id) ?? 'none'}
                  judged={judged?.get(r.id)}
                  compare={compare}
                  columns={specs}
                  width={rowWidth}
                  onActivate={activate}
                  onShowFlags={flagPop.show}
                  onHideFlags={flagPop.hide}
                />
              );
            })}
          </div>
        </div>
      </div>
      {flagPop.pop && (
        <FlagPopover
          row={flagPop.pop.row}
          anchor={flagPop.pop.anchor}
          pinned={flagPop.pop.pinned}
          onKeep={flagPop.keep}
          onClose={flagPop.close}
          onOpenStep={(step) =>
            navigate({
              page: 'trajectory',
              id: flagPop.pop!.row.id,
              step: step === undefined ? null : String(step),
            })
          }
        />
      )}
    </div>
  );
}
