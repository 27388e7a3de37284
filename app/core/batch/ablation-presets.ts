// The papers' inference-time ablations as batch presets: one strategy, a few labelled arms, each
// arm the strategy with its switches set. Every arm sets every switch of its preset, so a switch
// left off on the Live run tab cannot leak into the "full" arm. Pure.
// - APEX-Searcher v1 §4.4 / v2 §3.4, Table 2: the full method against "w/o Plan" (no planning
//   module; the execution loop works on the whole question). The RL and SFT rows are training
//   ablations, not inference switches.
// - ExSearch §5.2, Table 3: full against "w/o thinking" (retrieve-then-generate), "w/o search"
//   (iterative self-ask without retrieval) and "w/o recording" (no facts extracted), in the
//   table's order; "w/o w" is a training ablation. Every arm also pins `rank` off: Table 3 ablates the main method (think → search →
//   record, §2.1), not ExSearch-Zoo's rank action (appendix E.2), whatever the Live run tab says.
import type { Trajectory } from '../schema/trajectory';
import type { CsvCell } from '../table/to-csv';
import { type Summary, summarize } from './aggregate';
import { SUMMARY_COLUMNS, summaryCells } from './summary-table';
import { variantKey } from './sweep-grid';

export interface AblationArm {
  /** The paper's name for the arm, e.g. `w/o thinking`. */
  label: string;
  params: Record<string, boolean>;
}

export interface AblationSpec {
  /** The preset it came from (ABLATION_PRESETS). */
  preset: string;
  strategy: string;
  arms: AblationArm[];
}

export interface AblationPreset {
  id: string;
  label: string;
  /** The table it reproduces, by paper and section. */
  source: string;
  spec: AblationSpec;
}

export const ABLATION_PRESETS: readonly AblationPreset[] = [
  {
    id: 'apex-plan',
    label: 'APEX-Searcher: full vs w/o planning',
    source: 'APEX-Searcher v1 §4.4 / v2 §3.4, Table 2 (w/o Plan)',
    spec: {
      preset: 'apex-plan',
      strategy: 'apex',
      arms: [
        { label: 'full', params: { planning: true } },
        { label: 'w/o Plan', params: { planning: false } },
      ],
    },
  },
  {
    id: 'exsearch-actions',
    label: 'ExSearch: full vs w/o thinking vs w/o search vs w/o recording',
    source: 'ExSearch §5.2, Table 3 (w/o thinking, w/o search, w/o recording)',
    spec: {
      preset: 'exsearch-actions',
      strategy: 'exsearch',
      arms: [
        { label: 'full', params: { thinking: true, search: true, recording: true, rank: false } },
        { label: 'w/o thinking', params: { thinking: false, search: true, recording: true, rank: false } },
        { label: 'w/o search', params: { thinking: true, search: false, recording: true, rank: false } },
        { label: 'w/o recording', params: { thinking: true, search: true, recording: false, rank: false } },
      ],
    },
  },
];

/** The batch entry of an arm: deterministic, e.g. `apex(planning=false)`. */
export function armKey(spec: Pick<AblationSpec, 'strategy'>, arm: AblationArm): string {
  return variantKey(spec.strategy, arm.params);
}

export function ablationArms(
  spec: AblationSpec,
): Array<{ key: string; label: string; strategy: string; params: Record<string, boolean> }> {
  return spec.arms.map((a) => ({
    key: armKey(spec, a),
    label: a.label,
    strategy: spec.strategy,
    params: a.params,
  }));
}

export interface ArmResult {
  key: string;
  label: string;
  summary: Summary;
}

/**
 * One summary per arm, in the preset's order (arms with no finished run have n = 0). A trajectory
 * belongs to the arm whose switches it recorded (agent.params), as sweep grid points are found.
 */
export function ablationResults(spec: AblationSpec, ts: readonly Trajectory[]): ArmResult[] {
  return ablationArms(spec).map((a) => ({
    key: a.key,
    label: a.label,
    summary: summarize(
      ts.filter(
        (t) =>
          t.agent.strategy === a.strategy &&
          Object.entries(a.params).every(([k, v]) => t.agent.params[k] === v),
      ),
      a.key,
    ),
  }));
}

/** The arm table for CSV: the arm's label, then the summary's numbers. */
export function ablationTable(results: readonly ArmResult[]): { header: string[]; rows: CsvCell[][] } {
  return {
    header: ['arm', ...SUMMARY_COLUMNS],
    rows: results.map((r) => [r.label, ...summaryCells(r.summary)]),
  };
}
