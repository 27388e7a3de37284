// Hooks over the LLM judge: the correctness the user chose for a set of trajectories (cached LLM
// verdicts read from IndexedDB), and judging on request with the model configured on the Run page.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { type Correctness, correctnessLabel } from '../../../core/judge/correctness';
import { DEFAULT_JUDGE_PROMPT } from '../../../core/judge/judge-prompt';
import type { Trajectory } from '../../../core/schema/trajectory';
import type { LlmConfig } from '../../../runtime/agent-ports';
import {
  cachedJudgeCorrectness,
  judgeCandidates,
  judgeIdentity,
  judgeLlm,
  type JudgeReport,
  type JudgeTarget,
  judgeTargetTrajectories,
  judgeTrajectories,
} from '../../../services/judges/judge';
import { useCorrectnessState } from '../../state/correctness';
import { DEFAULT_BROWSER_LLM, useRunConfig } from '../../state/run-config';

const VERDICTS = 'judge-verdicts';

/** The judge's model: the kind the user picked among the Run page's models, else the one it runs with. */
function useJudgeLlm(): LlmConfig {
  const run = useRunConfig((s) => s.llm);
  const byKind = useRunConfig((s) => s.llmByKind);
  const kind = useCorrectnessState((s) => s.judgeKind);
  return useMemo(() => judgeLlm(run, byKind, kind, DEFAULT_BROWSER_LLM), [run, byKind, kind]);
}

/** The judge the user configured: the judge's model and the judge prompt. */
export function useJudgeIdentity() {
  const llm = useJudgeLlm();
  const prompt = useCorrectnessState((s) => s.judgePrompt) ?? DEFAULT_JUDGE_PROMPT;
  return useMemo(() => judgeIdentity({ llm, prompt }), [llm, prompt]);
}

/** The models that could judge (the in-browser model, a configured server), each with its label. */
export function useJudgeCandidates(): { llm: LlmConfig; label: string }[] {
  const run = useRunConfig((s) => s.llm);
  const byKind = useRunConfig((s) => s.llmByKind);
  return useMemo(
    () =>
      judgeCandidates(run, byKind, DEFAULT_BROWSER_LLM).map((llm) => ({
        llm,
        label: judgeIdentity({ llm, prompt: '' }).label,
      })),
    [run, byKind],
  );
}

/**
 * The correctness signal for `ts` and its label. Under the LLM judge, verdicts are read from the
 * cache; `pending` is true while they load.
 */
export function useCorrectness(ts: readonly Trajectory[]): {
  correctness: Correctness;
  label: string;
  pending: boolean;
} {
  const signal = useCorrectnessState((s) => s.signal);
  const judge = useJudgeIdentity();
  const ids = useMemo(() => ts.map((t) => `${t.id}:${t.answer?.text ?? ''}`).join('|'), [ts]);
  const q = useQuery({
    queryKey: [VERDICTS, judge.model, judge.prompt, ids],
    queryFn: () => cachedJudgeCorrectness(ts, judge),
    enabled: signal === 'llm-judge',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const correctness = useMemo<Correctness>(
    () =>
      signal === 'llm-judge'
        ? (q.data ?? { signal, judgeModel: judge.label, llmVerdict: () => undefined })
        : { signal },
    [signal, q.data, judge.label],
  );
  return {
    correctness,
    label: correctnessLabel(correctness),
    pending: signal === 'llm-judge' && q.isPending,
  };
}

/**
 * The configured LLM judge's cached verdicts on `ts`, and whether the user chose a signal: a
 * reward whose paper judges with an LLM (When-to-Search) defaults to the judge (rewards/correct.ts).
 */
export function usePaperJudge(ts: readonly Trajectory[]): {
  judge: Correctness | undefined;
  chosen: boolean;
} {
  const chosen = useCorrectnessState((s) => s.chosen);
  const judge = useJudgeIdentity();
  const ids = useMemo(() => ts.map((t) => `${t.id}:${t.answer?.text ?? ''}`).join('|'), [ts]);
  const q = useQuery({
    queryKey: [VERDICTS, judge.model, judge.prompt, ids],
    queryFn: () => cachedJudgeCorrectness(ts, judge),
    enabled: !chosen,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { judge: chosen ? undefined : q.data, chosen };
}

export interface JudgeRunState {
  running: boolean;
  done: number;
  total: number;
  report: JudgeReport | null;
  error: string | null;
}

/**
 * Judges trajectories on request, with the judge's model or the one given; `stop` cancels. The
 * service announces the new verdicts.
 */
export function useJudgeRun() {
  const judgeModel = useJudgeLlm();
  const apiKey = useRunConfig((s) => s.apiKey);
  const prompt = useCorrectnessState((s) => s.judgePrompt) ?? DEFAULT_JUDGE_PROMPT;
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const abort = useRef<AbortController | null>(null);
  const m = useMutation({
    mutationFn: async ({ target, llm = judgeModel }: { target: JudgeTarget; llm?: LlmConfig }) => {
      abort.current?.abort();
      const ac = new AbortController();
      abort.current = ac;
      return judgeTrajectories(
        await judgeTargetTrajectories(target),
        { llm, prompt, ...(apiKey ? { apiKey } : {}) },
        { signal: ac.signal, onProgress: (done, total) => setProgress({ done, total }) },
      );
    },
  });
  const state: JudgeRunState = {
    running: m.isPending,
    ...progress,
    report: m.data ?? null,
    error: m.error ? (m.error instanceof Error ? m.error.message : String(m.error)) : null,
  };
  return {
    state,
    judge: (target: JudgeTarget, llm?: LlmConfig) => m.mutate(llm ? { target, llm } : { target }),
    stop: () => abort.current?.abort(),
  };
}
