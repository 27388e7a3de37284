// The aligned comparison of N ≥ 2 runs of one question: rows keyed by plan node, then hop, with
// each row's documents aligned by identity. Pure data; the compare page renders it as is.
import type { TrajectoryMetrics } from '../metrics/trajectory-metrics';
import type { Doc, PlanNode, Step, Trajectory } from '../schema/trajectory';

/** One side's part of an aligned row: the steps it placed there and what they did. */
export interface SideCell {
  steps: Step[];
  /** The side's own hop number (its `step.hop`), when the row holds a hop of this side. */
  hop: number | null;
  /** The side's own plan node id, when the row belongs to one. */
  planNode: string | null;
  /** Queries of the row's search steps, in order. */
  queries: string[];
  /** Documents of the row's retrieval steps, in order. */
  docs: Doc[];
  /** `decision` values of the row's decision steps (APEX, When-to-Search). */
  decisions: string[];
  /** Text of the row's answer or sub-answer step. */
  answer: string | null;
}

/** One document identity across sides: the same passage on the same line. */
export interface AlignedDoc {
  key: string;
  /** Per side the document, or null when that side did not retrieve it in this row. */
  docs: Array<Doc | null>;
  /** How many sides retrieved it in this row. */
  shared: number;
  /**
   * Per side that lacks it here: the row where that side first retrieved it, else null (also
   * null for sides that have it in this row).
   */
  elsewhere: Array<number | null>;
}

export interface AlignedGroup {
  key: string;
  /** Per side the matched plan node, or null (no plan node, or no match on that side). */
  nodes: Array<PlanNode | null>;
  /** "Sub-question 2" for plan groups, "" for steps outside any plan node. */
  label: string;
}

export interface AlignedRow {
  /** Stable within one alignment: the group key plus the slot (`h1`, `h2`, `answer`). */
  key: string;
  group: number;
  kind: 'hop' | 'answer';
  /** Aligned hop number (1-based); 0 for steps that precede or lack any hop; null on answer rows. */
  hop: number | null;
  label: string;
  sides: Array<SideCell | null>;
  docs: AlignedDoc[];
}

export type DivergenceKind = 'query' | 'documents' | 'decision' | 'answer';

export interface Divergence {
  /** Index into `rows`. */
  row: number;
  kind: DivergenceKind;
  /** Sides that differ from the first side there (the first side itself never listed). */
  sides: number[];
  /** One line naming what differs, quoting the runs' own text. */
  detail: string;
}

/**
 * Trace-only sufficiency point (the labelling guidelines' `first_sufficient_search`, read
 * off the trace without a reader's judgment): the first search k after which the documents in
 * hand contain a gold answer string.
 */
export type Sufficiency =
  { status: 'no-gold' } | { status: 'never' } | { status: 'at'; search: number; stepId: string; row: number };

export interface Coverage {
  /** Fraction of gold supporting passages retrieved; null without supporting passages. */
  goldPassageRecall: number | null;
  /** Whether a retrieved document holds a gold answer; null without gold answers. */
  answerRetrieved: boolean | null;
}

export type DeltaKey = 'em' | 'f1' | 'acc' | 'rc' | 'steps';

export interface RunSummary {
  trajectory: Trajectory;
  metrics: TrajectoryMetrics;
  /** This side minus the first side; null where either is null. All null for the first side. */
  deltas: Record<DeltaKey, number | null>;
  sufficiency: Sufficiency;
  coverage: Coverage;
}

export interface Alignment {
  runs: RunSummary[];
  groups: AlignedGroup[];
  rows: AlignedRow[];
  divergence: Divergence | null;
  /** How documents were matched: by the retriever's ids, or by content (title + text). */
  docIdentity: 'id' | 'content';
}
