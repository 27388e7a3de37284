// One row per search of a trajectory for the SQL `searches` table: the searches as the diagnosis
// numbers them (diagnose/hops.ts, the `k` of the over/under-search labels) with what each brought
// back and the over-search detector's verdict on it (diagnose/redundancy.ts), all read from the
// one view every screen shows (core/view), never derived again here.
import { searchHops } from '../diagnose/hops';
import type { RedundancyRule } from '../diagnose/redundancy';
import { docContainsAnswer, goldAnswers } from '../metrics/trajectory-parts';
import { stepNumber } from '../schema/step-number';
import type { TrajectoryView } from '../view/trajectory-view';

export interface SearchRow {
  trajectoryId: string;
  /** 1-based search number, as the diagnosis and the labels count searches. */
  k: number;
  /** The 1-based number of the search's step, as the trajectory page's URL names it. */
  step: number;
  query: string;
  /** Passages this search brought back. */
  docs: number;
  /** Of those, passages not retrieved earlier in the trajectory (the importer's `duplicate` mark). */
  newDocs: number;
  /** A passage of this search holds a gold answer (FlashRAG's answer recall, per search); null without gold. */
  goldHit: boolean | null;
  /** The over-search detector's verdict. */
  redundant: boolean;
  /** The first redundancy rule that holds; null when the search was necessary. */
  rule: RedundancyRule | null;
}

export function searchRows(view: TrajectoryView): SearchRow[] {
  const t = view.trajectory;
  const answers = goldAnswers(t);
  const verdicts = view.diagnosis.verdicts;
  return searchHops(t).map((h) => {
    const v = verdicts[h.search - 1];
    return {
      trajectoryId: t.id,
      k: h.search,
      step: stepNumber(h.step),
      query: h.query,
      docs: h.docs.length,
      newDocs: h.docs.filter((d) => d.duplicate !== true).length,
      goldHit: answers.length > 0 ? h.docs.some((d) => docContainsAnswer(d, answers)) : null,
      redundant: v?.label === 'redundant',
      rule: v && v.label === 'redundant' ? (v.rules[0] ?? null) : null,
    };
  });
}
