import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import type { TrajectoryRow } from '../../core/dataset/row';
import { CompareButton, CompareSelectCell, compareTableKey } from '../components/compare/TableSelection';
import { plural } from '../../core/plural';
import { AggregatesBar } from '../components/table/AggregatesBar';
import { CsvExport } from '../components/charts/ExportButtons';
import { tableCsv } from '../../core/dataset/table-csv';
import { stamp } from '../data/download';
import { DemoBanner } from '../components/table/DemoBanner';
import { FlagCell, FlagPopover } from '../components/table/FlagCell';
import { TableFilters } from '../components/table/TableFilters';
import { useFlagPopover } from '../components/table/use-flag-popover';
import { useAllAnnotations, useRows } from '../data/queries';
import { isTyping } from '../keyboard';
import { navigate } from '../state/router';
import { useUi } from '../state/ui-store';
import { COLUMNS, isSortable } from './dataset-columns';
import { filterRows, groupRows, isNearMiss, NO_FILTERS, sortRows, statusById } from './dataset-view';

const NO_ROWS: TrajectoryRow[] = [];

function fmt(v: number | null): string {
  return v === null ? '–' : v.toFixed(2).replace(/\.00$/, '');
}

export function DatasetPage() {
  const rows = useRows();
  const annotations = useAllAnnotations();
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
  } = useUi();
  const searchRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const flagPop = useFlagPopover();
  const pinFlags = flagPop.pin;

  const status = useMemo(() => statusById(annotations.data ?? []), [annotations.data]);
  const all = rows.data ?? NO_ROWS;
  const filtered = useMemo(
    () => sortRows(filterRows(all, filters, status), sort),
    [all, filters, status, sort],
  );
  const items = useMemo(() => groupRows(filtered, groupByFile), [filtered, groupByFile]);
  const rowItemIndex = useMemo(() => items.flatMap((it, i) => (it.type === 'row' ? [i] : [])), [items]);

  useEffect(() => setVisibleIds(filtered.map((r) => r.id)), [filtered, setVisibleIds]);

  const virt = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 44,
    overscan: 12,
  });

  const current = Math.min(cursor, Math.max(0, filtered.length - 1));
  useEffect(() => {
    const idx = rowItemIndex[current];
    if (idx !== undefined) virt.scrollToIndex(idx, { align: 'auto' });
  }, [current, rowItemIndex, virt]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '/' && !isTyping(e)) {
        e.preventDefault();
        searchRef.current?.focus();
        return;
      }
      if (isTyping(e) || useUi.getState().helpOpen || useUi.getState().importOpen) return;
      // Keys inside the flag popover or on a flag cell belong to them.
      if ((e.target as HTMLElement | null)?.closest?.('.flag-popover, .flag-cell')) return;
      const n = filtered.length;
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
        const r = filtered[current];
        if (r) navigate({ page: 'trajectory', id: r.id, step: null });
      } else if (!e.ctrlKey && !e.metaKey && compareTableKey(e.key, filtered[current]?.id)) {
        e.preventDefault();
      } else if (e.key === 'f' && !e.ctrlKey && !e.metaKey) {
        // The selected row's flags with their evidence, focused for the keyboard.
        const r = filtered[current];
        if (r && pinFlags(r)) e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [filtered, current, setCursor, pinFlags]);

  const open = (r: TrajectoryRow) => navigate({ page: 'trajectory', id: r.id, step: null });

  return (
    <div className="dataset">
      <div className="toolbar">
        <input
          ref={searchRef}
          type="search"
          placeholder="Search all text, queries, ids, file:line…  ( / )"
          value={filters.text}
          onChange={(e) => setFilters({ text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape' || e.key === 'Enter') (e.target as HTMLInputElement).blur();
          }}
          aria-label="Search trajectories"
        />
        <TableFilters rows={all} />
        <label className="check">
          <input type="checkbox" checked={groupByFile} onChange={(e) => setGroupByFile(e.target.checked)} />{' '}
          Group by file
        </label>
        <div className="spacer" />
        <CsvExport name={`hopscope-table-${stamp()}`} table={() => tableCsv(filtered)} label="Table CSV" />
        <CompareButton />
        <span className="muted" data-testid="row-count">
          {filtered.length === all.length
            ? plural(all.length, 'trajectory')
            : `${filtered.length} of ${plural(all.length, 'trajectory')}`}
        </span>
      </div>
      <DemoBanner rows={all} />
      {all.length > 0 && <AggregatesBar rows={filtered} total={all.length} />}
      <div className="table" role="table" aria-label="Trajectories" aria-rowcount={filtered.length}>
        <div className="thead" role="row">
          <div className="th c-sel" role="columnheader" title="Select runs to compare (x)" />
          {COLUMNS.map((c) => {
            const arrow = sort?.key === c.key ? (sort.dir === 1 ? ' ▲' : ' ▼') : '';
            const helpId = `col-help-${c.key}`;
            return (
              <div
                key={c.key}
                className={`th ${c.cls}`}
                role="columnheader"
                title={c.help}
                aria-describedby={helpId}
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
              </div>
            );
          })}
        </div>
        <div className="tbody" ref={scrollRef}>
          {rows.isLoading && <div className="empty">Loading…</div>}
          {!rows.isLoading && all.length === 0 && (
            <div className="empty">No trajectories yet. Import a file (i) or wait for the demo set.</div>
          )}
          {all.length > 0 && filtered.length === 0 && (
            <div className="empty">
              No trajectory matches these filters.{' '}
              <button type="button" className="link" onClick={() => setFilters(NO_FILTERS)}>
                Clear filters
              </button>
            </div>
          )}
          <div style={{ height: virt.getTotalSize(), position: 'relative' }}>
            {virt.getVirtualItems().map((vi) => {
              const it = items[vi.index];
              if (!it) return null;
              const style = { transform: `translateY(${vi.start}px)`, height: vi.size } as const;
              if (it.type === 'group')
                return (
                  <div key={`g:${it.file}`} className="group-row" style={style}>
                    {it.file || '(no file)'} <span className="muted">· {it.count}</span>
                  </div>
                );
              const r = it.row;
              const selected = rowItemIndex[current] === vi.index;
              const st = status.get(r.id) ?? 'none';
              return (
                <div
                  key={r.id}
                  role="row"
                  className={`tr${selected ? ' selected' : ''}`}
                  style={style}
                  data-testid="trajectory-row"
                  data-row-id={r.id}
                  onClick={() => {
                    setCursor(filtered.indexOf(r));
                    open(r);
                  }}
                >
                  <CompareSelectCell id={r.id} />
                  <div className="td c-q" title={r.question}>
                    {r.question}
                    <div className="sub">{r.file ? `${r.file}${r.line ? `:${r.line}` : ''}` : r.id}</div>
                  </div>
                  <div className="td c-s">
                    {r.strategy}
                    {r.system && r.system !== r.strategy && <div className="sub">{r.system}</div>}
                  </div>
                  <div className="td c-a" title={`answer: ${r.answer}\ngold: ${r.gold}`}>
                    {r.answer || <span className="muted">no answer</span>}
                    <div className="sub">gold: {r.gold || '–'}</div>
                  </div>
                  <div className={`td c-n ${r.em === 1 ? 'good' : r.em === 0 ? 'bad' : ''}`}>{fmt(r.em)}</div>
                  <div className="td c-n">{fmt(r.f1)}</div>
                  <div className="td c-n">{fmt(r.acc)}</div>
                  <div
                    className={`td c-n ${r.judge === 1 ? 'good' : r.judge === 0 ? 'bad' : ''}`}
                    data-col="judge"
                  >
                    {fmt(r.judge)}
                  </div>
                  <div className="td c-n" data-col="recall">
                    {fmt(r.recall)}
                  </div>
                  <div className="td c-n c-wide" data-col="answerInDocs">
                    {fmt(r.answerInDocs)}
                  </div>
                  <div className="td c-n">{r.rc}</div>
                  <div className="td c-n">{r.queries}</div>
                  <div className="td c-n">{r.steps}</div>
                  <div className="td c-n" data-col="nearMiss">
                    {isNearMiss(r) ? <span className="flag flag-near-miss">near</span> : ''}
                  </div>
                  <FlagCell row={r} onShow={flagPop.show} onHide={flagPop.hide} />
                  <div className="td c-l">
                    <span className={`status status-${st}`}>
                      {st === 'none' ? '–' : st === 'partial' ? 'steps' : 'verdict'}
                    </span>
                  </div>
                </div>
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
