import { useEffect } from 'react';
import { navigate, useRoute } from '../../state/router';
import { useUi } from '../../state/ui-store';
import { runLabel } from '../../../core/training/run-label';

/**
 * The table's training-step filter: set from a Training plot's link (`#/?run=…&step=…`), shown
 * above the table while it applies, with the ways out (every row, or back to the plots).
 */
export function TrainingStepFilter() {
  const route = useRoute();
  const run = useUi((s) => s.filters.run);
  const step = useUi((s) => s.filters.trainStep);
  const setFilters = useUi((s) => s.setFilters);
  const linkRun = route.page === 'trajectories' ? route.run : undefined;
  const linkStep = route.page === 'trajectories' ? route.step : undefined;
  useEffect(() => {
    if (linkRun !== undefined && linkStep !== undefined)
      setFilters({ run: linkRun, trainStep: String(linkStep) });
  }, [linkRun, linkStep, setFilters]);
  if (run === null && !step) return null;
  return (
    <div className="demo-banner training-step-filter" data-testid="training-step-filter" role="status">
      <span>
        Training run <b>{run === null ? 'any' : runLabel(run)}</b>, step <b>{step || 'any'}</b> only.
      </span>
      <span>
        <button
          type="button"
          className="link"
          onClick={() => {
            setFilters({ run: null, trainStep: '' });
            navigate({ page: 'trajectories' }, { replace: true });
          }}
        >
          Show every trajectory
        </button>{' '}
        ·{' '}
        <button type="button" className="link" onClick={() => navigate({ page: 'training', sample: null })}>
          Back to the training plots
        </button>
      </span>
    </div>
  );
}
