// "All runs of this question": runs match by their normalized question text (SQuAD
// normalization, as gold-join matches questions). Table rows keep the first 500 characters of a
// question, so keys are taken from that prefix on both sides.
import type { TrajectoryRow } from '../table/row';
import { normalizeText } from '../metrics/normalize';

export const QUESTION_PREFIX = 500;

export function questionKey(question: string): string {
  return normalizeText(question.slice(0, QUESTION_PREFIX));
}

/**
 * Ids of the rows asking `question`, in the given order. A source question id is not enough on
 * its own: ids like FlashRAG's `test_0` repeat across benchmarks.
 */
export function runsOfQuestion(
  rows: readonly Pick<TrajectoryRow, 'id' | 'question'>[],
  question: string,
): string[] {
  const key = questionKey(question);
  if (!key) return [];
  return rows.filter((r) => questionKey(r.question) === key).map((r) => r.id);
}

/** The order runs of a question are listed in: by source file (numbers in names counted), then line. */
export function bySource(
  a: Pick<TrajectoryRow, 'file' | 'line'>,
  b: Pick<TrajectoryRow, 'file' | 'line'>,
): number {
  return a.file.localeCompare(b.file, undefined, { numeric: true }) || a.line - b.line;
}
