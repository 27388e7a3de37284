import { useMemo, useRef } from 'react';
import type { StepSummary } from '../../../core/training/step-summary';
import { StepChart, type StepSeries } from './StepChart';
import {
  extraMetrics,
  keptSeries,
  type KeptSeries,
  runColors,
  STEP_METRICS,
  type StepMetric,
  stepKey,
} from './step-metrics';
import { runLabel } from '../../../core/training/run-label';

const NO_SERIES: StepSeries[] = [];

/**
 * Every over-steps plot of the runs' summaries: the fixed metrics, then one per reward extra.
 * `onOpen` opens a step's trajectories (a click or Enter on a point).
 */
export function StepCharts({
  steps,
  onOpen,
}: {
  steps: readonly StepSummary[];
  onOpen: (run: string, step: number) => void;
}) {
  const { colors, byKey, metrics } = useMemo(
    () => ({
      colors: runColors(steps),
      byKey: new Map(steps.map((s) => [stepKey(s.run, s.step), s])),
      metrics: [...STEP_METRICS, ...extraMetrics(steps)],
    }),
    [steps],
  );
  // Series of runs whose summaries did not change keep their objects, so a refresh that changed
  // one run's steps redraws that run's series only, and a plot whose series all stay is skipped.
  const kept = useRef<KeptSeries | null>(null);
  const series = useMemo(
    () => (kept.current = keptSeries(kept.current, steps, metrics, colors)),
    [metrics, steps, colors],
  );
  // Each plot's read-out reads the latest summaries through a ref, so the function stays the same
  // object and a plot with unchanged series renders nothing new (StepChart is memo).
  const latest = useRef({ byKey, metrics });
  latest.current = { byKey, metrics };
  const describers = useRef(new Map<string, (run: string, step: number) => string[]>());
  const describe = (id: string) => {
    let d = describers.current.get(id);
    if (!d) {
      d = (run, step) => {
        const s = latest.current.byKey.get(stepKey(run, step));
        const m = latest.current.metrics.find((x: StepMetric) => x.id === id);
        if (!s || !m) return [];
        return [
          `${runLabel(run)} · step ${step}`,
          ...m.detail(s),
          `${s.samples} samples · click or Enter: open them`,
        ];
      };
      describers.current.set(id, d);
    }
    return d;
  };
  return (
    <div className="training-charts" data-testid="training-charts">
      {metrics.map((m) => (
        <StepChart
          key={m.id}
          title={m.title}
          yLabel={m.yLabel}
          series={series.byMetric.get(m.id)?.list ?? NO_SERIES}
          percent={m.percent}
          stepped={m.stepped}
          testId={`training-chart-${m.id}`}
          exportName={`training-${m.id.replace(/\W+/g, '-')}`}
          onOpen={onOpen}
          describe={describe(m.id)}
        />
      ))}
    </div>
  );
}
