// The pieces of a trajectory the metrics are built from (gold answers, retrieval steps, docs that
// hold an answer, gold-passage recall), apart from trajectory-metrics.ts so retrieval-at-k.ts can
// use them and trajectory-metrics.ts can use retrieval-at-k.ts without an import cycle.
import type { Doc, Step, Trajectory } from '../schema/trajectory';
import { docContainsAnyAnswer, normalizeTitle } from './normalize';

/** Step kinds whose docs are retrieval results (rank/record steps may repeat them). */
const RETRIEVAL_KINDS: ReadonlySet<Step['kind']> = new Set(['retrieve', 'search']);

export function isRetrievalStep(s: Step): s is Step & { docs: Doc[] } {
  return RETRIEVAL_KINDS.has(s.kind) && s.docs !== undefined && s.docs.length > 0;
}

/** Gold answers, empty when there is no gold. */
export function goldAnswers(t: Trajectory): readonly string[] {
  return t.gold?.answers ?? [];
}

/** The builder's `containsAnswer` flag, recomputed when an unfinalized doc lacks it. */
export function docContainsAnswer(d: Doc, answers: readonly string[]): boolean {
  if (answers.length === 0) return false;
  return d.containsAnswer ?? docContainsAnyAnswer(d, answers);
}

/** Fraction of the gold supporting passages among `docs` (by id or title); null without any. */
export function goldPassageRecall(t: Trajectory, docs: readonly Doc[]): number | null {
  const supporting = t.gold?.supporting;
  if (!supporting || supporting.length === 0) return null;
  // HotpotQA lists one supporting fact per sentence; the same passage counts once.
  const keys = new Map<string, { docId?: string; title: string }>();
  for (const s of supporting) {
    const title = normalizeTitle(s.title ?? '');
    const entry: { docId?: string; title: string } = { title };
    if (s.docId !== undefined) entry.docId = s.docId;
    keys.set(`${s.docId ?? ''}\u0000${title}`, entry);
  }
  const ids = new Set(docs.map((d) => d.id));
  const titles = new Set(docs.map((d) => normalizeTitle(d.title ?? '')).filter(Boolean));
  let hit = 0;
  for (const k of keys.values()) {
    if ((k.docId !== undefined && ids.has(k.docId)) || (k.title !== '' && titles.has(k.title))) hit += 1;
  }
  return hit / keys.size;
}
