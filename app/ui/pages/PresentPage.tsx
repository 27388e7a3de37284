import { PresenterView } from '../components/present/PresenterView';
import { useTrajectory, useTrajectoryAnnotations } from '../data/queries';
import { navigate } from '../state/router';

/** Presenter mode on a stored trajectory (#/present/<id>); leaving returns to its view. */
export function PresentPage({ id }: { id: string }) {
  const q = useTrajectory(id);
  const ann = useTrajectoryAnnotations(id);
  if (q.isLoading) return <div className="empty">Loading trajectory…</div>;
  if (!q.data)
    return (
      <div className="empty">
        No trajectory with id <code>{id}</code> is stored here.{' '}
        <button type="button" className="link" onClick={() => navigate({ page: 'trajectories' })}>
          Back to the trajectories
        </button>
      </div>
    );
  return (
    <PresenterView
      key={id}
      t={q.data}
      annotations={ann.data ?? []}
      onExit={() => navigate({ page: 'trajectory', id, step: null })}
    />
  );
}
