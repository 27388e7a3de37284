// Hooks over the model judge of over/under-search: the reply the cache holds for the Run page's
// model and the current rubric (read on open, no model call), judging one trajectory on request,
// and a batch over the table's filtered rows that pauses (stops) and resumes (runs the same ids
// again: what is cached is not asked). The service announces what it cached.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { rubricVersion } from '../../../core/diagnose/search-judge-rubric';
import { isAbort } from '../../../core/abort';
import type { Trajectory } from '../../../core/schema/trajectory';
import { probeModel } from '../../../services/judges/probe-calls';
import {
  cachedSearchJudgement,
  judgeSearches,
  judgeSearchesOn,
  type SearchJudgeBatchReport,
  type SearchJudgeSetup,
} from '../../../services/judges/search-judge';
import { useRunConfig } from '../../state/run-config';
import { useRubric } from '../../state/search-judge-rubric';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function useSetup(): SearchJudgeSetup & { label: string; version: string } {
  const llm = useRunConfig((s) => s.llm);
  const apiKey = useRunConfig((s) => s.apiKey);
  const rubric = useRubric();
  return {
    llm,
    ...(apiKey ? { apiKey } : {}),
    rubric,
    label: probeModel(llm).label,
    version: rubricVersion(rubric),
  };
}

/** The judge's cached reply on `t`, and judging it on request. */
export function useSearchJudge(t: Trajectory) {
  const setup = useSetup();
  const model = probeModel(setup.llm).model;
  const cached = useQuery({
    queryKey: ['search-judge', t.id, t.steps.length, model, setup.version],
    queryFn: () => cachedSearchJudgement(t, setup),
  });
  const abort = useRef<AbortController | null>(null);
  const run = useMutation({
    mutationFn: () => {
      abort.current?.abort();
      const ac = new AbortController();
      abort.current = ac;
      return judgeSearches(t, setup, ac.signal);
    },
  });
  const asked = run.data;
  return {
    model: setup.label,
    version: setup.version,
    outcome: cached.data ?? null,
    /** The model was asked for this reply in this view (the cache read back says "cached"). */
    askedNow:
      asked !== undefined && !('skipped' in asked) && !asked.cached && asked.rubricVersion === setup.version,
    running: run.isPending,
    error:
      run.error && !isAbort(run.error) ? message(run.error) : cached.error ? message(cached.error) : null,
    judge: () => run.mutate(),
    stop: () => abort.current?.abort(),
  };
}

/** The judge over many stored trajectories: run, pause, resume. */
export function useSearchJudgeBatch() {
  const setup = useSetup();
  const [report, setReport] = useState<SearchJudgeBatchReport | null>(null);
  const [paused, setPaused] = useState<readonly string[] | null>(null);
  const abort = useRef<AbortController | null>(null);
  const m = useMutation({
    mutationFn: (ids: readonly string[]) => {
      abort.current?.abort();
      const ac = new AbortController();
      abort.current = ac;
      setPaused(null);
      return judgeSearchesOn(ids, setup, { signal: ac.signal, onProgress: setReport });
    },
    onError: (e, ids) => {
      if (isAbort(e)) setPaused(ids);
    },
  });
  return {
    running: m.isPending,
    report,
    /** Set after a pause: the ids to resume with. */
    paused,
    error: m.error && !isAbort(m.error) ? message(m.error) : null,
    model: setup.label,
    version: setup.version,
    run: (ids: readonly string[]) => m.mutate(ids),
    pause: () => abort.current?.abort(),
  };
}
