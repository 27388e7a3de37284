// The first aligned row where the runs part ways, and how: a different query, different
// documents for the same query, a different decision (one run searches while another stops or
// answers, a different decision text, a plan step only one run has), or a different answer.
import { normalizeAnswer, normalizeText } from '../metrics/normalize';
import type { AlignedGroup, AlignedRow, Divergence, DivergenceKind, SideCell } from './types';

const quote = (s: string) => `“${s.length > 80 ? `${s.slice(0, 79)}…` : s}”`;
const run = (side: number) => `run ${side + 1}`;

/** The sides whose value differs from the first side's, or null when all agree. */
function differing<T>(values: readonly T[], eq: (a: T, b: T) => boolean): number[] | null {
  const first = values[0];
  if (first === undefined) return null;
  const out: number[] = [];
  values.forEach((v, i) => {
    if (i > 0 && !eq(v, first)) out.push(i);
  });
  return out.length > 0 ? out : null;
}

const same = (a: string, b: string) => a === b;
const queryKey = (c: SideCell | null) =>
  (c?.queries ?? [])
    .map((q) => normalizeText(q))
    .sort()
    .join('\u0001');
const searched = (c: SideCell | null) => (c?.queries.length ?? 0) > 0;

function docSet(row: AlignedRow, side: number): string {
  return row.docs
    .filter((d) => d.docs[side])
    .map((d) => d.key)
    .sort()
    .join('\u0001');
}

function documentsDetail(row: AlignedRow): string {
  const n = row.sides.length;
  const inAll = row.docs.filter((d) => d.shared === n).length;
  if (n === 2) {
    const only = (side: number) => row.docs.filter((d) => d.shared === 1 && d.docs[side]).length;
    return `same query; ${inAll} shared, ${only(0)} only in run 1, ${only(1)} only in run 2`;
  }
  return `same query; ${inAll} of ${row.docs.length} documents in every run`;
}

function rowDivergence(
  row: AlignedRow,
  group: AlignedGroup,
): { kind: DivergenceKind; sides: number[]; detail: string } | null {
  const cells = row.sides;
  if (row.group > 0) {
    const missing = differing(
      group.nodes.map((n) => n !== null),
      (a, b) => a === b,
    );
    if (missing) {
      const having = group.nodes.flatMap((n, i) => (n ? [i] : []));
      const text = group.nodes.find((n) => n)?.text ?? '';
      return {
        kind: 'decision',
        sides: missing,
        detail: `only ${having.map(run).join(', ')} plan${having.length === 1 ? 's' : ''} ${quote(text)}`,
      };
    }
  }
  if (row.kind === 'answer') {
    const answers = cells.map((c) => normalizeAnswer(c?.answer ?? ''));
    const sides = differing(answers, same);
    if (!sides) return null;
    const shown = cells.map((c, i) => `${c?.answer ? quote(c.answer) : 'no answer'} (${run(i)})`);
    return { kind: 'answer', sides, detail: shown.join(' vs ') };
  }
  const search = differing(cells.map(searched), (a, b) => a === b);
  if (search) {
    const yes = cells.flatMap((c, i) => (searched(c) ? [run(i)] : []));
    const no = cells.flatMap((c, i) => (searched(c) ? [] : [run(i)]));
    return {
      kind: 'decision',
      sides: search,
      detail: `${yes.join(', ')} searches; ${no.join(', ')} does not`,
    };
  }
  if (cells.every(searched)) {
    const q = differing(cells.map(queryKey), same);
    if (q) {
      const shown = cells.map((c, i) => `${quote((c?.queries ?? []).join(' | '))} (${run(i)})`);
      return { kind: 'query', sides: q, detail: shown.join(' vs ') };
    }
    const d = differing(
      cells.map((_, i) => docSet(row, i)),
      same,
    );
    if (d) return { kind: 'documents', sides: d, detail: documentsDetail(row) };
  }
  // Decision texts are compared only between runs that state one (a plan-less run has none).
  const stated = cells.flatMap((c, i) => (c && c.decisions.length > 0 ? [i] : []));
  if (stated.length >= 2) {
    const texts = stated.map((i) => (cells[i]?.decisions ?? []).map((d) => normalizeText(d)).join(' / '));
    const diff = differing(texts, same);
    if (diff) {
      const shown = stated.map((i, j) => `${run(i)} ${quote(texts[j] ?? '')}`);
      return {
        kind: 'decision',
        sides: diff.map((j) => stated[j] ?? j),
        detail: `decides ${shown.join(', ')}`,
      };
    }
  }
  return null;
}

export function firstDivergence(
  rows: readonly AlignedRow[],
  groups: readonly AlignedGroup[],
): Divergence | null {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const group = row ? groups[row.group] : undefined;
    if (!row || !group) continue;
    const d = rowDivergence(row, group);
    if (d) return { row: i, ...d };
  }
  return null;
}
