// Aligns N ≥ 2 runs of one question for the side-by-side view: rows by plan node (when every run
// has a plan), then hop, then the documents of each hop by identity; marks the first divergence,
// and summarizes each run (metric deltas, sufficiency point, evidence coverage).
import { isRetrievalStep, stepQueries } from '../metrics/trajectory-metrics';
import type { Step, Trajectory } from '../schema/trajectory';
import { trajectoryView } from '../view/trajectory-view';
import { firstDivergence } from './divergence';
import { type DocIdentityMode, docIdentity, docIdentityMode } from './doc-identity';
import { matchPlans } from './plan-match';
import { type Placed, placeSteps } from './place-steps';
import { evidenceCoverage, metricDeltas, sufficiencyPoint } from './run-summary';
import type { AlignedDoc, AlignedGroup, AlignedRow, Alignment, RunSummary, SideCell } from './types';

const NO_DELTAS = { em: null, f1: null, acc: null, rc: null, steps: null };

function buildGroups(runs: readonly Trajectory[]): AlignedGroup[] {
  const outside: AlignedGroup = { key: 'run', nodes: runs.map(() => null), label: '' };
  if (!runs.every((t) => (t.plan?.length ?? 0) > 0)) return [outside];
  const matched = matchPlans(runs.map((t) => t.plan ?? []));
  return [
    outside,
    ...matched.map((g, i) => ({ key: `n${i + 1}`, nodes: g.nodes, label: `sub-question ${i + 1}` })),
  ];
}

function cellOf(steps: readonly Step[]): SideCell {
  const cell: SideCell = {
    steps: [...steps],
    hop: null,
    planNode: null,
    queries: [],
    docs: [],
    decisions: [],
    answer: null,
  };
  for (const s of steps) {
    if (cell.hop === null && s.hop !== undefined) cell.hop = s.hop;
    if (cell.planNode === null && s.planNode !== undefined) cell.planNode = s.planNode;
    if (s.kind === 'search') cell.queries.push(...stepQueries(s));
    if (isRetrievalStep(s)) cell.docs.push(...s.docs);
    if (s.kind === 'decision' && s.decision) cell.decisions.push(s.decision);
    if ((s.kind === 'answer' || s.kind === 'sub_answer') && s.text !== undefined) cell.answer = s.text;
  }
  return cell;
}

function alignDocs(cells: ReadonlyArray<SideCell | null>, mode: DocIdentityMode): AlignedDoc[] {
  const byKey = new Map<string, AlignedDoc>();
  cells.forEach((c, side) => {
    for (const d of c?.docs ?? []) {
      const key = docIdentity(d, mode);
      let a = byKey.get(key);
      if (!a) {
        a = { key, docs: cells.map(() => null), shared: 0, elsewhere: cells.map(() => null) };
        byKey.set(key, a);
      }
      if (a.docs[side]) continue;
      a.docs[side] = d;
      a.shared += 1;
    }
  });
  return [...byKey.values()];
}

/** Points each missing document slot at the row where that side first retrieved the document. */
function linkElsewhere(rows: readonly AlignedRow[]): void {
  const first = new Map<string, number>();
  rows.forEach((r, ri) =>
    r.docs.forEach((d) =>
      d.docs.forEach((doc, side) => {
        const k = `${side}\u0000${d.key}`;
        if (doc && !first.has(k)) first.set(k, ri);
      }),
    ),
  );
  for (const r of rows)
    for (const d of r.docs)
      d.elsewhere = d.docs.map((doc, side) => (doc ? null : (first.get(`${side}\u0000${d.key}`) ?? null)));
}

function rowLabel(group: AlignedGroup, slot: number | 'answer'): string {
  const part = slot === 'answer' ? 'answer' : slot === 0 ? 'before searching' : `hop ${slot}`;
  return group.label ? `${group.label} · ${part}` : part;
}

export function alignRuns(runs: readonly Trajectory[]): Alignment {
  if (runs.length < 2) throw new Error(`a comparison needs at least two runs, got ${runs.length}`);
  const groups = buildGroups(runs);
  const mode = docIdentityMode(runs);
  const placed: Placed[][] = runs.map((t, side) => {
    if (groups.length === 1) return placeSteps(t.steps);
    const groupOf = new Map<string, number>();
    groups.forEach((g, gi) => {
      const n = g.nodes[side];
      if (n) groupOf.set(n.id, gi);
    });
    return placeSteps(t.steps, groupOf);
  });

  // Slots per group, in row order: hops ascending, then the group's answer.
  const slots = groups.map(() => new Set<number | 'answer'>());
  for (const side of placed) for (const p of side) slots[p.group]?.add(p.slot);
  const order = (gi: number, withHops: boolean, withAnswer: boolean) => {
    const s = slots[gi] ?? new Set();
    const hops = withHops ? [...s].filter((x): x is number => x !== 'answer').sort((a, b) => a - b) : [];
    return [...hops, ...(withAnswer && s.has('answer') ? ['answer' as const] : [])].map((slot) => ({
      gi,
      slot,
    }));
  };
  // The run's own hops (outside any plan node) first, then each sub-question, the final answer last.
  const rowSlots = [
    ...order(0, true, false),
    ...groups.slice(1).flatMap((_, i) => order(i + 1, true, true)),
    ...order(0, false, true),
  ];

  const rowOf = runs.map(() => new Map<string, number>());
  const rows: AlignedRow[] = rowSlots.map(({ gi, slot }, ri) => {
    const group = groups[gi] as AlignedGroup;
    const sides = placed.map((side, si) => {
      const steps = side.filter((p) => p.group === gi && p.slot === slot).map((p) => p.step);
      for (const s of steps) rowOf[si]?.set(s.id, ri);
      return steps.length > 0 ? cellOf(steps) : null;
    });
    return {
      key: `${group.key}|${slot === 'answer' ? 'answer' : `h${slot}`}`,
      group: gi,
      kind: slot === 'answer' ? 'answer' : 'hop',
      hop: slot === 'answer' ? null : slot,
      label: rowLabel(group, slot),
      sides,
      docs: alignDocs(sides, mode),
    };
  });

  linkElsewhere(rows);
  // Each run's numbers are its trajectory view's (the caller joined the question sets' gold).
  const metrics = runs.map((t) => trajectoryView(t).metrics);
  const base = metrics[0];
  const summaries: RunSummary[] = runs.map((t, i) => {
    const m = metrics[i] ?? trajectoryView(t).metrics;
    return {
      trajectory: t,
      metrics: m,
      deltas: i === 0 || !base ? NO_DELTAS : metricDeltas(m, base),
      sufficiency: sufficiencyPoint(t, (id) => rowOf[i]?.get(id) ?? -1),
      coverage: evidenceCoverage(m),
    };
  });
  return { runs: summaries, groups, rows, divergence: firstDivergence(rows, groups), docIdentity: mode };
}
