// The annotation queue: which trajectory to label next. Labels are worth most where they settle
// something: first trajectories another annotator labelled (so agreement can be measured), then
// ones where the model judge and the detector disagree, then ones where the detector is least
// certain, then the rest, each in table order. Uncertain, from
// the row alone (cheap over 100,000 rows):
// - a wrong answer with the gold in the passages: was the evidence ignored, or only mentioned?
// - a correct answer flagged under-search: a lucky guess, or common knowledge?
// - a wrong answer not flagged under-search: a retrieval miss, or a missed hop?
import type { TrajectoryRow } from '../table/row';
import type { LabelledTrajectory } from './agreement';

export type QueueReason = 'other-annotator' | 'judge-disagrees' | 'uncertain' | 'unlabelled';

export interface QueueItem {
  id: string;
  reason: QueueReason;
  why: string;
}

export function uncertainty(r: Pick<TrajectoryRow, 'em' | 'answerInDocs' | 'flags'>): string | null {
  const under = r.flags.includes('under-search');
  if (r.em === 0 && r.answerInDocs === 1 && !under) return 'wrong answer although a passage holds the gold';
  if (r.em === 1 && under) return 'correct answer the passages never supported';
  if (r.em === 0 && !under && r.answerInDocs !== 1) return 'wrong answer with no under-search flag';
  return null;
}

/** Where the model judge's labels contradict the detector's row flags, in words; null when they agree. */
export function judgeDisagreement(
  r: Pick<TrajectoryRow, 'flags'>,
  j: Pick<LabelledTrajectory, 'search_labels' | 'under_search'>,
): string | null {
  const why: string[] = [];
  const over = j.search_labels.some((l) => l === 'redundant');
  if (over !== r.flags.includes('over-search'))
    why.push(
      over
        ? 'the judge finds over-search the detector does not'
        : 'the detector flags over-search, the judge does not',
    );
  if (j.under_search !== r.flags.includes('under-search'))
    why.push(
      j.under_search
        ? 'the judge finds under-search the detector does not'
        : 'the detector flags under-search, the judge does not',
    );
  return why.length > 0 ? why.join('; ') : null;
}

/**
 * The queue for `annotator`: rows they have not labelled, most useful first. `labelledBy` maps a
 * trajectory id to the annotators who labelled it.
 */
export function labelQueue(
  rows: readonly Pick<TrajectoryRow, 'id' | 'em' | 'answerInDocs' | 'flags'>[],
  labelledBy: ReadonlyMap<string, ReadonlySet<string>>,
  annotator: string,
  /** Trajectory id → how the model judge disagrees with the detector on it. */
  judgeDisagrees: ReadonlyMap<string, string> = new Map(),
): QueueItem[] {
  const tiers: QueueItem[][] = [[], [], [], []];
  for (const r of rows) {
    const who = labelledBy.get(r.id);
    if (who?.has(annotator)) continue;
    if (who && who.size > 0) {
      tiers[0]?.push({
        id: r.id,
        reason: 'other-annotator',
        why: `labelled by ${[...who].sort().join(', ')}`,
      });
      continue;
    }
    const judged = judgeDisagrees.get(r.id);
    const u = uncertainty(r);
    if (judged) tiers[1]?.push({ id: r.id, reason: 'judge-disagrees', why: judged });
    else if (u) tiers[2]?.push({ id: r.id, reason: 'uncertain', why: u });
    else tiers[3]?.push({ id: r.id, reason: 'unlabelled', why: 'not labelled yet' });
  }
  return tiers.flat();
}
