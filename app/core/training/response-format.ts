// What a training sample's row keeps beyond the usual metrics: the trainer's score and reward
// extras, whether the response kept the agent's tag format, and its length. Pure functions of the
// trajectory, so the table, the over-steps plots and `run-summary` read the same numbers.
import type { TrajectoryMetrics } from '../metrics/trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';

/** A reported value as a number: numbers as they are, booleans as 1/0; anything else null. */
function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}

/** The sample's reward as the trainer logged it (`reported.score`); null when none. */
export function trainingScore(t: Trajectory): number | null {
  return asNumber(t.reported?.score);
}

/**
 * The trainer's reward extras: every other numeric (or boolean) value a training sample reported
 * (veRL writes `reward_extra_info` keys beside `score`). Empty for anything not a training rollout,
 * whose `reported` values are a log's own verdicts, not reward terms.
 */
export function rewardExtras(t: Trajectory): Record<string, number> {
  const out: Record<string, number> = {};
  if (!t.training || !t.reported) return out;
  for (const [k, v] of Object.entries(t.reported)) {
    if (k === 'score') continue;
    const n = asNumber(v);
    if (n !== null) out[k] = n;
  }
  return out;
}

/** Formats whose records are the model's tagged text, where a broken format means something. */
const TAGGED_FORMATS = new Set(['search-r1', 'verl']);

/**
 * Whether the response breaks the agent's tag format, the check Search-R1's format reward makes
 * (`qa_em_format.py`: think/search/information turns that end in exactly one answer): a turn
 * without a valid action or an empty query (an `invalid` step from the transcript parser), no
 * closed final answer (cut off, or none given), more than one answer, or text after the answer.
 * Only tagged transcripts (and training samples) can break it; other records never do.
 */
export function responseFormatError(t: Trajectory, m: Pick<TrajectoryMetrics, 'invalidSteps'>): boolean {
  if (!t.training && !TAGGED_FORMATS.has(t.source.format ?? '')) return false;
  if (m.invalidSteps > 0) return true;
  if (t.finishReason === 'cut-off' || t.finishReason === 'no-answer') return true;
  let answers = 0;
  let afterAnswer = false;
  for (const s of t.steps) {
    if (s.kind === 'answer') answers++;
    else if (answers > 0) afterAnswer = true;
  }
  return answers !== 1 || afterAnswer;
}

/** Length of the response in characters: the record's `raw` text, else its steps' own text. */
export function responseChars(t: Trajectory): number {
  if (t.raw !== undefined) return t.raw.length;
  let n = 0;
  for (const s of t.steps) n += (s.raw ?? s.text ?? '').length;
  return n;
}
