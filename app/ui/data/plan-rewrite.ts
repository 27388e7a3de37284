// The model-based rewrite of a gold plan, on request, with the model configured on the Run page.
import { useMutation } from '@tanstack/react-query';
import { rewritePlanWithModel } from '../../services/plan-rewrite';
import { useRunConfig } from '../state/run-config';

export function usePlanRewrite() {
  const llm = useRunConfig((s) => s.llm);
  const apiKey = useRunConfig((s) => s.apiKey);
  const model = llm.kind === 'http' ? llm.model : llm.source.modelId;
  const m = useMutation({
    mutationFn: (steps: readonly string[]) => rewritePlanWithModel(steps, llm, apiKey || undefined),
  });
  return { model, rewrite: m.mutate, result: m.data, running: m.isPending, error: m.error };
}
