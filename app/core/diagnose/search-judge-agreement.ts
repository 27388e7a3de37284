// The model judge measured like any annotator: its labels as a labelled trajectory (rejected
// labels left unscored), and its agreement with one person, Cohen's kappa and precision, recall,
// F1 with the person's labels as truth, from the same functions as everyone else (agreement.ts).
import {
  type Agreement,
  agreement,
  type AnnotatorAgreement,
  annotatorAgreement,
  type LabelledTrajectory,
  type Prediction,
} from './agreement';
import type { SearchJudgement } from './search-judge-reply';

/**
 * The judge's labels of trajectory `id`. A label whose quote was rejected is unset (null, not
 * scored); a rejected under-search call leaves the whole trajectory out (agreement scores
 * under-search on every trajectory it reads), so null is returned then.
 */
export function judgeLabelled(id: string, j: SearchJudgement): LabelledTrajectory | null {
  if (j.under_search.rejected !== undefined) return null;
  return {
    id,
    searches: j.searches,
    search_labels: j.search_labels.map((l) => (l.rejected === undefined ? l.value : null)),
    under_search: j.under_search.value,
    ...(j.first_sufficient_search.rejected === undefined
      ? { first_sufficient_search: j.first_sufficient_search.value }
      : {}),
  };
}

export interface JudgeVersusPerson {
  /** The judge as the prediction, the person's labels as truth (where the judge has a label). */
  scores: Agreement;
  /** Cohen's kappa between the two on the searches and trajectories both labelled. */
  kappa: AnnotatorAgreement;
}

export function judgeVersusPerson(
  judgeName: string,
  judge: readonly LabelledTrajectory[],
  person: string,
  labels: readonly LabelledTrajectory[],
): JudgeVersusPerson {
  const byId = new Map(judge.map((j) => [j.id, j]));
  const predictions: Prediction[] = [];
  const truth: LabelledTrajectory[] = [];
  for (const l of labels) {
    const j = byId.get(l.id);
    if (!j || j.searches !== l.searches) continue;
    predictions.push({
      id: j.id,
      searches: j.searches,
      first_sufficient_search: j.first_sufficient_search ?? null,
      over_search: j.search_labels.flatMap((x, i) => (x === 'redundant' ? [i + 1] : [])),
      under_search: j.under_search,
    });
    // What the judge left unset is not scored against it.
    const { first_sufficient_search: point, ...rest } = l;
    truth.push({
      ...rest,
      search_labels: l.search_labels.map((x, i) => (j.search_labels[i] === null ? null : x)),
      ...(j.first_sufficient_search !== undefined && point !== undefined
        ? { first_sufficient_search: point }
        : {}),
    });
  }
  const scored = new Set(truth.map((t) => t.id));
  const both = new Map([
    [judgeName, judge.filter((j) => scored.has(j.id))],
    [person, truth],
  ]);
  return { scores: agreement(predictions, truth), kappa: annotatorAgreement(both) };
}
