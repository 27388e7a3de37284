// The dataset table's view of a trajectory: computed once at import so 10,000 rows load without
// reading every transcript.
import { type Flag, flagTrajectory } from '../metrics/flags';
import { trajectoryMetrics } from '../metrics/trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';

/** Bumped whenever the row's derivation changes, so stored rows are recomputed. */
export const ROW_VERSION = 2;

export interface TrajectoryRow {
  v: number;
  id: string;
  question: string;
  strategy: string;
  system: string;
  answer: string;
  gold: string;
  em: number | null;
  f1: number | null;
  acc: number | null;
  rc: number;
  queries: number;
  steps: number;
  flags: Flag['kind'][];
  hasPlan: boolean;
  file: string;
  format: string;
  line: number;
  dataset: string;
  live: boolean;
}

export function toRow(t: Trajectory): TrajectoryRow {
  const m = trajectoryMetrics(t);
  const flags = [...new Set(flagTrajectory(t, m).map((f) => f.kind))];
  return {
    v: ROW_VERSION,
    id: t.id,
    question: t.question.slice(0, 500),
    strategy: t.agent.strategy,
    system: t.source.system ?? '',
    answer: (t.answer?.text ?? '').slice(0, 300),
    gold: (t.gold?.answers ?? []).join(' | ').slice(0, 300),
    em: m.em,
    f1: m.f1,
    acc: m.acc,
    rc: m.rc,
    queries: m.queries,
    steps: m.steps,
    flags,
    hasPlan: (t.plan?.length ?? 0) > 0,
    file: t.source.file ?? (t.source.kind === 'live' ? 'live runs' : ''),
    format: t.source.format ?? '',
    line: t.source.line ?? 0,
    dataset: t.source.dataset ?? '',
    live: t.source.kind === 'live',
  };
}
