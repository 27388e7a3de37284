// The model judge on the verdicts the rules are unsure of (issue: "verdicts that say how sure they
// are"): which of the table's filtered rows to ask about, in what order a stopped run resumes, and
// where the judge's labels differ from the rules on exactly those unsure verdicts. The judge reads
// the whole trajectory (one prompt labels every search, core/diagnose/search-judge-prompt.ts); only
// its labels of the unsure verdicts are compared, since the sure ones are what the rules settle.
import type { LabelledTrajectory } from '../diagnose/agreement';
import type { RowConfidence } from './row-confidence';
import { unsureCount } from './row-confidence';

export type JudgeMark = 'agrees' | 'disagrees';

export interface UnsureJudgement {
  mark: JudgeMark;
  /** Unsure verdicts the judge labelled (a label whose quote was rejected is left out). */
  compared: number;
  /** Each unsure verdict where the judge and the rules differ, in words. */
  differences: string[];
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

/**
 * The judge's labels against the rules on the row's unsure verdicts; null when nothing can be
 * compared: no unsure verdict, a judge that counted other searches, or every such label rejected.
 */
export function judgeOnUnsure(
  c: RowConfidence,
  j: Pick<LabelledTrajectory, 'searches' | 'search_labels' | 'under_search'>,
): UnsureJudgement | null {
  if (j.searches !== c.searches) return null;
  const differences: string[] = [];
  let compared = 0;
  if (c.under === 'unsure') {
    compared += 1;
    if (j.under_search !== c.underSearch)
      differences.push(`under-search: rules ${yesNo(c.underSearch)}, judge ${yesNo(j.under_search)}`);
  }
  for (const k of c.unsureSearches) {
    const label = j.search_labels[k - 1];
    if (label === null || label === undefined) continue;
    compared += 1;
    const rules = c.redundant.includes(k) ? 'redundant' : 'necessary';
    if (label !== rules) differences.push(`search ${k}: rules ${rules}, judge ${label}`);
  }
  if (compared === 0) return null;
  return { mark: differences.length > 0 ? 'disagrees' : 'agrees', compared, differences };
}

export interface UnsureJudgePlan {
  /** Filtered rows with at least one unsure verdict, in table order. */
  unsure: string[];
  /** Of those, the ones the configured judge has labels for (its replies are cached). */
  judged: number;
  /** What a run asks, in table order: the unsure rows the judge has not labelled yet. */
  toAsk: string[];
}

/**
 * Which rows a "judge the unsure" run asks about: of the filtered rows (`ids`, in table order),
 * those with an unsure verdict, less those the judge already labelled. Running the plan again after
 * a pause or a reload asks only what is left; a reply that gave no labels is left, so it is asked
 * again.
 */
export function planUnsureJudge(
  ids: readonly string[],
  confidence: ReadonlyMap<string, RowConfidence>,
  judged: ReadonlySet<string>,
): UnsureJudgePlan {
  const unsure = ids.filter((id) => {
    const c = confidence.get(id);
    return c !== undefined && unsureCount(c) > 0;
  });
  const toAsk = unsure.filter((id) => !judged.has(id));
  return { unsure, judged: unsure.length - toAsk.length, toAsk };
}
