import { memo, useDeferredValue, useEffect } from 'react';
import type { StepSummary } from '../../../core/training/step-summary';
import { StepCharts } from './StepCharts';
import { StepNumbers } from './StepNumbers';

/** What the plots show before their first deferred render: nothing yet. */
const NONE: readonly StepSummary[] = [];

/**
 * The over-steps plots and their numbers, rendered at a lower priority than the page around them.
 * An import refreshes the summaries about once a second; React Query's store updates render in one
 * uninterruptible task, and re-rendering every plot in it took 150–500 ms of the page's thread on a
 * loaded machine (issue 37, docs/benchmarks.md). With the steps deferred, the urgent render keeps
 * the plots as they were (memo: same props) and React draws the new ones in a transition it splits
 * into ~5 ms slices, yielding to input between them; a newer refresh replaces an unfinished one.
 * The first plots after the page opens are deferred too (from `NONE`): drawing a dozen charts at
 * once was the longest task after a reload. The component holds no store subscription itself, so a
 * refresh arriving mid-render does not force the deferred render back to a blocking one.
 */
export const DeferredPlots = memo(function DeferredPlots({
  steps,
  onOpen,
  onDrawn,
}: {
  steps: readonly StepSummary[];
  onOpen: (run: string, step: number) => void;
  /** Called after each commit that drew the plots (the first one matters: data/training.ts). */
  onDrawn?: () => void;
}) {
  const shown = useDeferredValue(steps, NONE);
  useEffect(() => {
    if (shown !== NONE) onDrawn?.();
  }, [shown, onDrawn]);
  if (shown === NONE)
    return (
      <p className="muted" data-testid="training-drawing">
        Drawing the plots…
      </p>
    );
  return (
    <>
      <StepCharts steps={shown} onOpen={onOpen} />
      <StepNumbers steps={shown} onOpen={onOpen} />
    </>
  );
});
