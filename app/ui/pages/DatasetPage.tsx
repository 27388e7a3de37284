import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import type { TrajectoryRow } from '../../core/dataset/row';
import { CompareButton, CompareSelectCell, compareTableKey } from '../components/compare/TableSelection';
import { useAllAnnotations, useRows } from '../data/queries';
import { isTyping } from '../keyboard';
import { navigate } from '../state/router';
import { type SortKey, useUi } from '../state/ui-store';
import { filterRows, groupRows, sortRows, statusById } from './dataset-view';

const COLUMNS: Array<{ key: SortKey | 'flags' | 'status'; title: string; cls: string }> = [
  { key: 'question', title: 'Question', cls: 'c-q' },
  { key: 'strategy', title: 'Strategy', cls: 'c-s' },
  { key: 'answer', title: 'Answer / gold', cls: 'c-a' },
  { key: 'em', title: 'EM', cls: 'c-n' },
  { key: 'f1', title: 'F1', cls: 'c-n' },
  { key: 'acc', title: 'Acc', cls: 'c-n' },
  { key: 'rc', title: 'RC', cls: 'c-n' },
  { key: 'queries', title: '#Q', cls: 'c-n' },
  { key: 'steps', title: 'Steps', cls: 'c-n' },
  { key: 'flags', title: 'Flags', cls: 'c-f' },
  { key: 'status', title: 'Labels', cls: 'c-l' },
];

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

  const status = useMemo(() => statusById(annotations.data ?? []), [annotations.data]);
  const all = rows.data ?? NO_ROWS;
  const filtered = useMemo(
    () => sortRows(filterRows(all, filters, status), sort),
    [all, filters, status, sort],
  );
  const items = useMemo(() => groupRows(filtered, groupByFile), [filtered, groupByFile]);
  const rowItemIndex = useMemo(() => items.flatMap((it, i) => (it.type === 'row' ? [i] : [])), [items]);
  const strategies = useMemo(() => [...new Set(all.map((r) => r.strategy))].sort(), [all]);
  const files = useMemo(() => [...new Set(all.map((r) => r.file))].sort(), [all]);
  const flags = useMemo(() => [...new Set(all.flatMap((r) => r.flags))].sort(), [all]);

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
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [filtered, current, setCursor]);

  const open = (r: TrajectoryRow) => navigate({ page: 'trajectory', id: r.id, step: null });

  return (
    <div className="dataset">
      <div className="toolbar">
        <input
          ref={searchRef}
          type="search"
          placeholder="Search questions, answers, ids…  ( / )"
          value={filters.text}
          onChange={(e) => setFilters({ text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape' || e.key === 'Enter') (e.target as HTMLInputElement).blur();
          }}
          aria-label="Search trajectories"
        />
        <select
          value={filters.strategy}
          onChange={(e) => setFilters({ strategy: e.target.value })}
          aria-label="Strategy"
        >
          <option value="">All strategies</option>
          {strategies.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <select
          value={filters.file}
          onChange={(e) => setFilters({ file: e.target.value })}
          aria-label="Source file"
        >
          <option value="">All files</option>
          {files.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <select value={filters.flag} onChange={(e) => setFilters({ flag: e.target.value })} aria-label="Flag">
          <option value="">Any flags</option>
          {flags.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <select
          value={filters.status}
          onChange={(e) => setFilters({ status: e.target.value as typeof filters.status })}
          aria-label="Annotation status"
        >
          <option value="">Any label status</option>
          <option value="none">Not labelled</option>
          <option value="partial">Step labels, no verdict</option>
          <option value="done">Verdict given</option>
        </select>
        <label className="check">
          <input type="checkbox" checked={groupByFile} onChange={(e) => setGroupByFile(e.target.checked)} />{' '}
          Group by file
        </label>
        <div className="spacer" />
        <CompareButton />
        <span className="muted" data-testid="row-count">
          {filtered.length === all.length
            ? `${all.length} trajectories`
            : `${filtered.length} of ${all.length} trajectories`}
        </span>
      </div>
      <div className="table" role="table" aria-label="Trajectories" aria-rowcount={filtered.length}>
        <div className="thead" role="row">
          <div className="th c-sel" role="columnheader" title="Select runs to compare (x)" />
          {COLUMNS.map((c) => {
            const sortable = c.key !== 'flags' && c.key !== 'status';
            const arrow = sort?.key === c.key ? (sort.dir === 1 ? ' ▲' : ' ▼') : '';
            return (
              <div key={c.key} className={`th ${c.cls}`} role="columnheader">
                {sortable ? (
                  <button type="button" className="sort" onClick={() => toggleSort(c.key as SortKey)}>
                    {c.title}
                    {arrow}
                  </button>
                ) : (
                  c.title
                )}
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
              <button
                type="button"
                className="link"
                onClick={() => setFilters({ text: '', strategy: '', file: '', flag: '', status: '' })}
              >
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
                  <div className="td c-n">{r.rc}</div>
                  <div className="td c-n">{r.queries}</div>
                  <div className="td c-n">{r.steps}</div>
                  <div className="td c-f">
                    {r.flags.map((f) => (
                      <span key={f} className={`flag flag-${f}`}>
                        {f}
                      </span>
                    ))}
                  </div>
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
    </div>
  );
}
