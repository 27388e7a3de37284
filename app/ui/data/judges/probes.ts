// Hooks over the model probes of one trajectory: the verdicts the cache holds for the model
// configured on the Run page (read on open, no model call), and probing on request. The service
// announces what it cached; the bridge refreshes the cached read.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { ProbeKind } from '../../../core/diagnose/probes';
import type { Trajectory } from '../../../core/schema/trajectory';
import {
  cachedProbes,
  type ProbeBatchReport,
  probeModel,
  type ProbeResult,
  runProbes,
  runProbesOn,
} from '../../../services/judges/probe-calls';
import { useRunConfig } from '../../state/run-config';

/** The probes' cached verdicts on `t` for the configured model. */
export function useCachedProbes(t: Trajectory, kinds: readonly ProbeKind[]) {
  const llm = useRunConfig((s) => s.llm);
  const model = useMemo(() => probeModel(llm), [llm]);
  const q = useQuery({
    queryKey: ['probes', t.id, t.steps.length, model.model, kinds.join(',')],
    queryFn: () => cachedProbes(t, kinds, llm),
  });
  return { result: q.data ?? null, model: model.label, error: q.error };
}

export interface ProbeRunState {
  running: boolean;
  done: number;
  total: number;
  result: ProbeResult | null;
  error: string | null;
}

/** Probes `t` on request with the configured model; `stop` cancels. */
export function useProbeRun(t: Trajectory) {
  const llm = useRunConfig((s) => s.llm);
  const apiKey = useRunConfig((s) => s.apiKey);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const abort = useRef<AbortController | null>(null);
  const m = useMutation({
    mutationFn: (kinds: readonly ProbeKind[]) => {
      abort.current?.abort();
      const ac = new AbortController();
      abort.current = ac;
      setProgress({ done: 0, total: 0 });
      return runProbes(
        t,
        kinds,
        { llm, ...(apiKey ? { apiKey } : {}) },
        {
          signal: ac.signal,
          onProgress: (done, total) => setProgress({ done, total }),
        },
      );
    },
  });
  const state: ProbeRunState = {
    running: m.isPending,
    ...progress,
    result: m.data ?? null,
    error: m.error ? (m.error instanceof Error ? m.error.message : String(m.error)) : null,
  };
  return {
    state,
    probe: (kinds: readonly ProbeKind[]) => m.mutate(kinds),
    stop: () => abort.current?.abort(),
  };
}

/** Probes many stored trajectories (the table's filtered rows) on request; `stop` cancels. */
export function useProbeBatch() {
  const llm = useRunConfig((s) => s.llm);
  const apiKey = useRunConfig((s) => s.apiKey);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const abort = useRef<AbortController | null>(null);
  const m = useMutation({
    mutationFn: ({ ids, kinds }: { ids: readonly string[]; kinds: readonly ProbeKind[] }) => {
      abort.current?.abort();
      const ac = new AbortController();
      abort.current = ac;
      return runProbesOn(
        ids,
        kinds,
        { llm, ...(apiKey ? { apiKey } : {}) },
        {
          signal: ac.signal,
          onProgress: (done, total) => setProgress({ done, total }),
        },
      );
    },
  });
  return {
    running: m.isPending,
    ...progress,
    report: (m.data ?? null) as ProbeBatchReport | null,
    error: m.error ? (m.error instanceof Error ? m.error.message : String(m.error)) : null,
    model: probeModel(llm).label,
    run: (ids: readonly string[], kinds: readonly ProbeKind[]) => m.mutate({ ids, kinds }),
    stop: () => abort.current?.abort(),
  };
}
