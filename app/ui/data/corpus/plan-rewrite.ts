// The model-based rewrite of a gold plan, on request, with the model configured on the Run page;
// rewrites that model made earlier come from the cache (they are what SEPR uses).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cachedPlanRewrites, rewritePlanWithModel } from '../../../services/corpus/plan-rewrite';
import { useRunConfig } from '../../state/run-config';

export function usePlanRewrite(plan?: ReadonlyArray<{ text: string }>) {
  const llm = useRunConfig((s) => s.llm);
  const apiKey = useRunConfig((s) => s.apiKey);
  const model = llm.kind === 'http' ? llm.model : llm.source.modelId;
  const steps = useMemo(() => (plan ?? []).map((s) => s.text), [plan]);
  const cached = useQuery({
    queryKey: ['plan-rewrites', llm, steps],
    // React Query refuses undefined as data (a console error on every plan with no cached rewrite).
    queryFn: async () => (await cachedPlanRewrites(steps, llm)) ?? null,
    enabled: steps.length > 0,
  });
  const m = useMutation({
    mutationFn: (steps: readonly string[]) => rewritePlanWithModel(steps, llm, apiKey || undefined),
  });
  const known = cached.data;
  const result = m.data ?? (known ? steps.map((s) => known.questions.get(s) ?? null) : undefined);
  return { model, rewrite: m.mutate, result, running: m.isPending, error: m.error };
}
