// The compare view's use case: read the runs, join gold from loaded question sets the way the
// trajectory view does (so documents carry the same gold and answer marks), and align them.
import { alignRuns } from '../core/compare/align';
import { runsOfQuestion } from '../core/compare/same-question';
import type { Alignment } from '../core/compare/types';
import { joinGold, type QuestionIndex } from '../core/corpus/gold-join';
import type { Trajectory } from '../core/schema/trajectory';
import { getTrajectory, listRows } from '../db/store';

export interface Comparison {
  /** Ids from the link that no stored trajectory has. */
  missing: string[];
  runs: Trajectory[];
  /** Null when fewer than two runs were found. */
  alignment: Alignment | null;
  /** Whether the runs ask different questions (a link can name any ids). */
  mixedQuestions: boolean;
}

function withGold(t: Trajectory, index: QuestionIndex | null): Trajectory {
  return joinGold(t, index).trajectory;
}

export async function loadComparison(
  ids: readonly string[],
  index: QuestionIndex | null,
): Promise<Comparison> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map(async (id) => [id, await getTrajectory(id)] as const));
  const missing = found.filter(([, t]) => !t).map(([id]) => id);
  const runs = found.flatMap(([, t]) => (t ? [withGold(t, index)] : []));
  const first = runs[0];
  const mixedQuestions =
    first !== undefined && runs.some((t) => runsOfQuestion([t], first.question).length === 0);
  return { missing, runs, alignment: runs.length >= 2 ? alignRuns(runs) : null, mixedQuestions };
}

/** Ids of every stored run of `t`'s question, `t` first. */
export async function runsOfSameQuestion(t: Pick<Trajectory, 'id' | 'question'>): Promise<string[]> {
  const ids = runsOfQuestion(await listRows(), t.question);
  return [t.id, ...ids.filter((id) => id !== t.id)];
}
