// The compare view's use case: read the runs as their trajectory views have them (gold joined
// from the loaded question sets, so documents carry the same gold and answer marks), and align them.
import { alignRuns } from '../../core/compare/align';
import { bySource, runsOfQuestion } from '../../core/compare/same-question';
import type { Alignment } from '../../core/compare/types';
import type { QuestionIndex } from '../../core/corpus/gold-join';
import type { Trajectory } from '../../core/schema/trajectory';
import { trajectoryView } from '../../core/view/trajectory-view';
import { getTrajectory, listRows } from '../../db/store';
import { listCollections } from '../../db/collection-store';
import { inScope } from '../../core/collections/collection';

export interface Comparison {
  /** Ids from the link that no stored trajectory has. */
  missing: string[];
  runs: Trajectory[];
  /** Null when fewer than two runs were found. */
  alignment: Alignment | null;
  /** Whether the runs ask different questions (a link can name any ids). */
  mixedQuestions: boolean;
}

export async function loadComparison(
  ids: readonly string[],
  index: QuestionIndex | null,
): Promise<Comparison> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map(async (id) => [id, await getTrajectory(id)] as const));
  const missing = found.filter(([, t]) => !t).map(([id]) => id);
  const runs = found.flatMap(([, t]) => (t ? [trajectoryView(t, { questions: index }).trajectory] : []));
  const first = runs[0];
  const mixedQuestions =
    first !== undefined && runs.some((t) => runsOfQuestion([t], first.question).length === 0);
  return { missing, runs, alignment: runs.length >= 2 ? alignRuns(runs) : null, mixedQuestions };
}

/** Ids of every stored run of `t`'s question, `t` first, then by source file and line. */
export async function runsOfSameQuestion(
  t: Pick<Trajectory, 'id' | 'question'>,
  scope: readonly string[] | null = null,
): Promise<string[]> {
  // Runs of the chosen collections only (a training run's samples are not in the default choice).
  const [rows, collections] = await Promise.all([listRows(), listCollections()]);
  const ids = runsOfQuestion([...inScope(rows, scope, collections)].sort(bySource), t.question);
  return [t.id, ...ids.filter((id) => id !== t.id)];
}
