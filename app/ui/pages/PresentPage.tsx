import { PresenterView } from '../components/present/PresenterView';
import { useTrajectoryAnnotations } from '../data/queries';
import { useTrajectoryView } from '../data/trajectories/trajectory-view';
import { navigate } from '../state/router';

/** Presenter mode on a stored trajectory (#/present/<id>); leaving returns to its view. */
export function PresentPage({ id }: { id: string }) {
  // Read and derived in the trajectory worker, as the trajectory page is: a huge trajectory
  // never becomes one long task here.
  const q = useTrajectoryView(id);
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
      t={q.data.trajectory}
      derived={q.data}
      annotations={ann.data ?? []}
      onExit={() => navigate({ page: 'trajectory', id, step: null })}
    />
  );
}
