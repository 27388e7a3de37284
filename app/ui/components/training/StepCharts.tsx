import { useMemo } from 'react';
import type { StepSummary } from '../../../core/training/step-summary';
import { StepChart } from './StepChart';
import { extraMetrics, metricSeries, runColors, STEP_METRICS, stepKey } from './step-metrics';
import { runLabel } from '../../../core/training/run-label';

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
  const charts = useMemo(
    () => metrics.map((m) => ({ m, series: metricSeries(steps, m, colors) })),
    [metrics, steps, colors],
  );
  return (
    <div className="training-charts" data-testid="training-charts">
      {charts.map(({ m, series }) => (
        <StepChart
          key={m.id}
          title={m.title}
          yLabel={m.yLabel}
          series={series}
          percent={m.percent}
          stepped={m.stepped}
          testId={`training-chart-${m.id}`}
          exportName={`training-${m.id.replace(/\W+/g, '-')}`}
          onOpen={onOpen}
          describe={(run, step) => {
            const s = byKey.get(stepKey(run, step));
            if (!s) return [];
            return [
              `${runLabel(run)} · step ${step}`,
              ...m.detail(s),
              `${s.samples} samples · click or Enter: open them`,
            ];
          }}
        />
      ))}
    </div>
  );
}
