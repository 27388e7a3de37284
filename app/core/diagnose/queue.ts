// The annotation queue: which trajectory to label next. Labels are worth most where they settle
// something: first trajectories another annotator labelled (so agreement can be measured), then
// ones where the detector is least certain, then the rest, each in table order. Uncertain, from
// the row alone (cheap over 100,000 rows):
// - a wrong answer with the gold in the passages: was the evidence ignored, or only mentioned?
// - a correct answer flagged under-search: a lucky guess, or common knowledge?
// - a wrong answer not flagged under-search: a retrieval miss, or a missed hop?
import type { TrajectoryRow } from '../table/row';

export type QueueReason = 'other-annotator' | 'uncertain' | 'unlabelled';

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

/**
 * The queue for `annotator`: rows they have not labelled, most useful first. `labelledBy` maps a
 * trajectory id to the annotators who labelled it.
 */
export function labelQueue(
  rows: readonly Pick<TrajectoryRow, 'id' | 'em' | 'answerInDocs' | 'flags'>[],
  labelledBy: ReadonlyMap<string, ReadonlySet<string>>,
  annotator: string,
): QueueItem[] {
  const tiers: QueueItem[][] = [[], [], []];
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
    const u = uncertainty(r);
    if (u) tiers[1]?.push({ id: r.id, reason: 'uncertain', why: u });
    else tiers[2]?.push({ id: r.id, reason: 'unlabelled', why: 'not labelled yet' });
  }
  return tiers.flat();
}
