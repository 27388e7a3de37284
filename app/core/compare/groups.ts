// The sides a paired comparison can take, read off the stored rows: each imported file, each
// strategy inside a file that holds several, and each strategy of each batch and of the single
// live runs. Pure.
import type { TrajectoryRow } from '../table/row';

export interface RunGroup {
  /** Stable id: `file:<name>`, `file:<name>|<strategy>` or `live:<file>|<strategy>`. */
  id: string;
  label: string;
  kind: 'file' | 'file-strategy' | 'live';
  count: number;
}

type Member = Pick<TrajectoryRow, 'file' | 'strategy' | 'live'>;

/** The groups a row belongs to (a file's row is in the file and in its strategy within it). */
function groupsOf(r: Member): Array<Omit<RunGroup, 'count'>> {
  // Live runs: one group per strategy of each batch (its rows' file is "batch: <name>") and per
  // strategy of the single runs ("live runs").
  if (r.live)
    return [{ id: `live:${r.file}|${r.strategy}`, kind: 'live', label: `${r.file} · ${r.strategy}` }];
  const name = r.file || '(no file name)';
  return [
    { id: `file:${r.file}`, kind: 'file', label: name },
    { id: `file:${r.file}|${r.strategy}`, kind: 'file-strategy', label: `${name} · ${r.strategy}` },
  ];
}

export function runGroups(rows: readonly Member[]): RunGroup[] {
  const groups = new Map<string, RunGroup & { file: string }>();
  const strategiesPerFile = new Map<string, Set<string>>();
  for (const r of rows) {
    for (const g of groupsOf(r)) {
      const seen = groups.get(g.id);
      if (seen) seen.count += 1;
      else groups.set(g.id, { ...g, count: 1, file: r.file });
    }
    if (!r.live) strategiesPerFile.set(r.file, (strategiesPerFile.get(r.file) ?? new Set()).add(r.strategy));
  }
  // A file with one strategy needs no per-strategy group: it would be the file again.
  const out = [...groups.values()]
    .filter((g) => g.kind !== 'file-strategy' || (strategiesPerFile.get(g.file)?.size ?? 0) > 1)
    .map(({ file: _, ...g }) => g);
  const rank = { file: 0, 'file-strategy': 0, live: 1 } as const;
  return out.sort((a, b) => rank[a.kind] - rank[b.kind] || a.label.localeCompare(b.label));
}

/**
 * A group's rows in file order (by line; live runs, which have no line, by id), the order the
 * pairing's "first run of a question wins" rule reads.
 */
export function groupMembers<R extends Member & Pick<TrajectoryRow, 'line' | 'id'>>(
  rows: readonly R[],
  groupId: string,
): R[] {
  return rows
    .filter((r) => groupsOf(r).some((g) => g.id === groupId))
    .sort((a, b) => a.line - b.line || a.id.localeCompare(b.id));
}

/** A group's label short enough for the comparison's chart: no extension, ellipsis in the middle. */
export function strategyLabel(g: RunGroup, max = 28): string {
  const name = g.label.replace(/\.(jsonl?|txt)\b/i, '');
  if (name.length <= max) return name;
  const half = Math.floor((max - 1) / 2);
  return `${name.slice(0, half)}…${name.slice(name.length - (max - 1 - half))}`;
}

/**
 * Distinct strategy labels for groups entering the batch comparison: never a name in `reserved`
 * (the batch's own strategies) nor another group's, so no two runs merge by accident.
 */
export function strategyLabels(
  groups: readonly RunGroup[],
  reserved: readonly string[] = [],
): Map<string, string> {
  const used = new Set(reserved);
  const out = new Map<string, string>();
  for (const g of groups) {
    let label = strategyLabel(g);
    for (let n = 2; used.has(label); n++) label = `${strategyLabel(g)} #${n}`;
    used.add(label);
    out.set(g.id, label);
  }
  return out;
}
