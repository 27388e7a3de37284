import { describe, expect, it } from 'vitest';
import { summarizeSteps, type StepRow, type StepSummary } from '../../../core/training/step-summary';
import { NO_EFF } from '../../../testing/table-row';
import {
  extraMetrics,
  keptSeries,
  type KeptSeries,
  metricSeries,
  runColors,
  STEP_METRICS,
} from './step-metrics';

function summary(run: string, step: number, rc: number, acc: number | null): StepSummary {
  const row: StepRow = {
    run,
    trainStep: step,
    acc,
    score: rc / 2,
    extras: step % 2 ? { format: rc } : {},
    rc,
    eff: NO_EFF,
    formatError: false,
    responseChars: 10 * rc,
  };
  return summarizeSteps([row])[0] as StepSummary;
}

/** What metricSeries gives for every metric: the reference keptSeries must equal. */
function fresh(steps: StepSummary[]) {
  const colors = runColors(steps);
  const metrics = [...STEP_METRICS, ...extraMetrics(steps)];
  return { colors, metrics, want: new Map(metrics.map((m) => [m.id, metricSeries(steps, m, colors)])) };
}

describe('keptSeries', () => {
  it('equals metricSeries after every refresh, keeping the objects of runs whose summaries stayed', () => {
    let steps: StepSummary[] = [summary('a', 1, 1, 1), summary('b', 1, 2, null)];
    let kept: KeptSeries | null = null;
    for (let refresh = 2; refresh <= 12; refresh++) {
      const { colors, metrics, want } = fresh(steps);
      const before: KeptSeries | null = kept;
      kept = keptSeries(before, steps, metrics, colors);
      for (const m of metrics)
        expect(kept.byMetric.get(m.id)?.list, `${m.id} at ${refresh}`).toEqual(want.get(m.id));
      if (before) {
        // Only run 'a' grew (or had a step replaced): every 'b' series is the object it was.
        for (const m of metrics) {
          const b = before.byMetric.get(m.id)?.byRun.get('b');
          if (b !== undefined) expect(kept.byMetric.get(m.id)?.byRun.get('b')).toBe(b);
        }
        expect(kept.byMetric.get('accuracy')?.list).not.toBe(before.byMetric.get('accuracy')?.list);
      }
      // Run 'a' grows by a step, and every third refresh one of its steps is replaced instead.
      steps =
        refresh % 3 === 0
          ? steps.map((s) => (s.run === 'a' && s.step === 1 ? summary('a', 1, refresh % 4, 0) : s))
          : [
              ...steps.filter((s) => s.run === 'a'),
              summary('a', refresh, refresh % 3, refresh % 2),
              ...steps.filter((s) => s.run === 'b'),
            ];
    }
  });

  it('keeps a plot’s list when none of its series changed, and recolours a run that moved', () => {
    const steps = [summary('a', 1, 1, 1), summary('b', 1, 2, 1)];
    const { colors, metrics } = fresh(steps);
    const first = keptSeries(null, steps, metrics, colors);
    const again = keptSeries(first, [...steps], metrics, colors);
    for (const m of metrics) expect(again.byMetric.get(m.id)?.list).toBe(first.byMetric.get(m.id)?.list);
    // Run 'a' gone: 'b' takes the first colour, so its series is drawn anew in it.
    const onlyB = [steps[1] as StepSummary];
    const f = fresh(onlyB);
    const moved = keptSeries(first, onlyB, f.metrics, f.colors);
    expect(moved.byMetric.get('accuracy')?.list).toEqual(f.want.get('accuracy'));
  });
});
