// Filtering, sorting and grouping of table rows: pure, so it is unit-tested without a DOM.
import type { Annotation } from '../../core/annotations/annotation';
import { annotationStatus } from '../../core/annotations/annotation';
import type { TrajectoryRow } from '../../core/dataset/row';
import type { Filters, SortKey } from '../state/ui-store';

export type ViewItem = { type: 'group'; file: string; count: number } | { type: 'row'; row: TrajectoryRow };

export function statusById(annotations: readonly Annotation[]): Map<string, 'none' | 'partial' | 'done'> {
  const by = new Map<string, Annotation[]>();
  for (const a of annotations) by.set(a.trajectoryId, [...(by.get(a.trajectoryId) ?? []), a]);
  const out = new Map<string, 'none' | 'partial' | 'done'>();
  for (const [id, list] of by) out.set(id, annotationStatus(list));
  return out;
}

export function filterRows(
  rows: readonly TrajectoryRow[],
  f: Filters,
  status: Map<string, 'none' | 'partial' | 'done'>,
): TrajectoryRow[] {
  const terms = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((r) => {
    if (f.strategy && r.strategy !== f.strategy) return false;
    if (f.file && r.file !== f.file) return false;
    if (f.flag && !r.flags.includes(f.flag as TrajectoryRow['flags'][number])) return false;
    if (f.status && (status.get(r.id) ?? 'none') !== f.status) return false;
    if (terms.length) {
      const hay = `${r.question} ${r.answer} ${r.gold} ${r.id} ${r.system}`.toLowerCase();
      if (!terms.every((t) => hay.includes(t))) return false;
    }
    return true;
  });
}

function byFileAndLine(a: TrajectoryRow, b: TrajectoryRow): number {
  return a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.id.localeCompare(b.id);
}

export function sortRows(rows: TrajectoryRow[], sort: { key: SortKey; dir: 1 | -1 } | null): TrajectoryRow[] {
  // Unsorted means the order the records had in their files.
  if (!sort) return [...rows].sort(byFileAndLine);
  const { key, dir } = sort;
  return [...rows].sort((a, b) => {
    if (key === 'file') return byFileAndLine(a, b) * dir;
    const x = a[key];
    const y = b[key];
    // Missing metrics sort last in either direction.
    if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
    return String(x).localeCompare(String(y)) * dir;
  });
}

export function groupRows(rows: readonly TrajectoryRow[], byFile: boolean): ViewItem[] {
  if (!byFile) return rows.map((row) => ({ type: 'row', row }));
  const groups = new Map<string, TrajectoryRow[]>();
  for (const r of rows) groups.set(r.file, [...(groups.get(r.file) ?? []), r]);
  const out: ViewItem[] = [];
  for (const [file, list] of groups) {
    out.push({ type: 'group', file, count: list.length });
    for (const row of list) out.push({ type: 'row', row });
  }
  return out;
}
