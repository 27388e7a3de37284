// Pairs two runs over the same questions, whatever their order: by qid where both sides carry the
// same one, else by SQuAD-normalized question text (so "Who …?" and "who …" meet). Pure.
//
// Duplicates: when one side holds a question more than once (two runs of it), the first in the
// order given is paired and the rest are counted as duplicates, never silently averaged in.
// Callers pass trajectories in file order (the CLI reads files in order; the app sorts by line).
import { normalizeText } from '../metrics/normalize';
import type { Trajectory } from '../schema/trajectory';

export interface Pair<T> {
  /** The key both sides met on: `qid:<id>` or `q:<normalized question>`. */
  key: string;
  a: T;
  b: T;
}

export interface Pairing<T> {
  pairs: Pair<T>[];
  /** Questions only one side ran. */
  unmatchedA: T[];
  unmatchedB: T[];
  /** Later runs of a question a side already holds (left out). */
  duplicatesA: T[];
  duplicatesB: T[];
  /** Pairs made by qid whose question texts differ: worth a look (qids reused across datasets?). */
  qidTextConflicts: Pair<T>[];
}

export const questionKey = (t: Pick<Trajectory, 'question'>): string => `q:${normalizeText(t.question)}`;

type Keyed = Pick<Trajectory, 'question' | 'source'>;

/** First trajectory per key, in order; later ones are duplicates. */
function firstBy<T>(list: readonly T[], key: (t: T) => string): { first: Map<string, T>; dups: T[] } {
  const first = new Map<string, T>();
  const dups: T[] = [];
  for (const t of list) {
    const k = key(t);
    if (first.has(k)) dups.push(t);
    else first.set(k, t);
  }
  return { first, dups };
}

/** Pairs side A with side B; every trajectory ends up in exactly one of pairs/unmatched/duplicates. */
export function pairRuns<T extends Keyed>(a: readonly T[], b: readonly T[]): Pairing<T> {
  // Duplicates are decided by question text: two runs of one question are one question, even
  // when a log gave them different qids.
  const A = firstBy(a, questionKey);
  const B = firstBy(b, questionKey);
  const qidsB = new Map<string, T>();
  for (const t of B.first.values()) if (t.source.qid && !qidsB.has(t.source.qid)) qidsB.set(t.source.qid, t);

  const pairs: Pair<T>[] = [];
  const usedB = new Set<T>();
  const restA: T[] = [];
  for (const t of A.first.values()) {
    const other = t.source.qid ? qidsB.get(t.source.qid) : undefined;
    if (other && !usedB.has(other)) {
      pairs.push({ key: `qid:${t.source.qid}`, a: t, b: other });
      usedB.add(other);
    } else restA.push(t);
  }
  const unmatchedA: T[] = [];
  for (const t of restA) {
    const other = B.first.get(questionKey(t));
    if (other && !usedB.has(other)) {
      pairs.push({ key: questionKey(t), a: t, b: other });
      usedB.add(other);
    } else unmatchedA.push(t);
  }
  const unmatchedB = [...B.first.values()].filter((t) => !usedB.has(t));
  const qidTextConflicts = pairs.filter(
    (p) => p.key.startsWith('qid:') && questionKey(p.a) !== questionKey(p.b),
  );
  return { pairs, unmatchedA, unmatchedB, duplicatesA: A.dups, duplicatesB: B.dups, qidTextConflicts };
}
