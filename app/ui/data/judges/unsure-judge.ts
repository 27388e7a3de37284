// Hooks over "judge the unsure" (services/judges/unsure-judge.ts): the configured judge's verdicts
// on the unsure verdicts of every row it labelled (the table's "Vs judge" column and filter), the
// plan for the filtered rows (how many are unsure, judged, left), and a run that asks only what is
// left: the same after a pause, or after a reload, since the judge's replies are cached.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { hash53 } from '../../../core/hash';
import { currentJudgeAnnotator } from '../../../services/judges/search-judge';
import { unsureJudgements, unsureJudgePlan } from '../../../services/judges/unsure-judge';
import { heldConfidence } from './held-confidence';
import { useRunConfig } from '../../state/run-config';
import { useRubric } from '../../state/search-judge-rubric';
import { useSearchJudgeBatch } from './search-judge';

/** Most filtered rows whose plan is read before the run starts. */
export const AUTO_PLAN_ROWS = 5000;

function useJudgeName(): string {
  const llm = useRunConfig((s) => s.llm);
  const rubric = useRubric();
  return currentJudgeAnnotator({ llm, rubric });
}

/** The configured judge on the unsure verdicts, by trajectory id. */
export function useUnsureJudgements() {
  const judge = useJudgeName();
  return useQuery({
    queryKey: ['unsure-judge', 'marks', judge],
    queryFn: () => unsureJudgements(judge),
  });
}

/** The plan over the filtered rows `ids`, and running it: run, pause, resume. */
export function useUnsureJudge(ids: readonly string[]) {
  const judge = useJudgeName();
  // Planned as the filter changes only for a few thousand rows (it reads each row's stored
  // confidence); a bigger set is planned when the run starts.
  const auto = ids.length <= AUTO_PLAN_ROWS;
  // The filtered ids by value: a refreshed view with the same rows keeps the plan.
  const idsKey = useMemo(() => (auto ? `${ids.length}:${hash53(ids.join('\n'))}` : ''), [ids, auto]);
  const plan = useQuery({
    queryKey: ['unsure-judge', 'plan', judge, idsKey],
    queryFn: () => unsureJudgePlan(ids, judge, heldConfidence()),
    enabled: auto,
  });
  const batch = useSearchJudgeBatch();
  const [runError, setRunError] = useState<string | null>(null);
  const error = runError ?? (plan.error ? String(plan.error) : null) ?? batch.error;
  return {
    /** Undefined while it is read, or for more than AUTO_PLAN_ROWS rows (planned on run). */
    plan: auto ? plan.data : undefined,
    planned: auto,
    error,
    batch,
    /** Asks the judge about the unsure rows it has not labelled (read afresh: a resume skips what is done). */
    run: () => {
      setRunError(null);
      unsureJudgePlan(ids, judge, heldConfidence()).then(
        (p) => batch.run(p.toAsk),
        (e: unknown) => setRunError(e instanceof Error ? e.message : String(e)),
      );
    },
  };
}
