// A link no page answers: say so (the link shown as text, cut short) and offer the way back,
// rather than silently showing the trajectories as if the link had worked.
import { navigate } from '../state/router';

export function UnknownLink({ hash }: { hash: string }) {
  const shown =
    hash.length > 200 ? `${hash.slice(0, 200)}… (${hash.length.toLocaleString('en')} characters)` : hash;
  return (
    <div className="empty" role="alert">
      <p>
        No page answers the link <code className="unknown-link">{shown}</code>.
      </p>
      <button type="button" onClick={() => navigate({ page: 'trajectories' })}>
        Back to the trajectories
      </button>
    </div>
  );
}
