import { useEffect, useState } from 'react';
import { grantAndResume, unfollow } from '../../../services/training-follow';
import { useFollows } from '../../data/training';

function ago(ms: number | null, now: number): string {
  if (ms === null) return 'not looked at yet';
  const s = Math.max(0, Math.round((now - ms) / 1000));
  return `looked ${s} s ago`;
}

/** The folders followed now: what each imported, what it is importing, and its last problem. */
export function FollowPanel() {
  const follows = useFollows();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (follows.length === 0) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [follows.length]);
  if (follows.length === 0) return null;
  return (
    <ul className="training-follows" data-testid="training-follows" aria-label="Followed folders">
      {follows.map((f) => (
        <li
          key={f.run}
          data-testid="training-follow"
          data-state={f.state}
          data-files={f.files}
          data-imported-now={f.importedNow}
        >
          <span className={`training-live ${f.state}`} aria-hidden="true" />
          <b>{f.folder}</b> as run <b>{f.run}</b>:{' '}
          {f.state === 'permission' ? (
            <>
              the browser asks again before reading it after a reload.{' '}
              <button type="button" className="small" onClick={() => void grantAndResume(f.run)}>
                Resume following
              </button>
            </>
          ) : (
            <>
              {f.files} step file{f.files === 1 ? '' : 's'} imported
              {f.importing ? `, importing ${f.importing}…` : ''},{' '}
              <span className="muted">{ago(f.lastLook, now)}</span>
            </>
          )}
          {f.error && <span className="error-text"> · {f.error}</span>}
          {f.warning && <span className="warn-text"> · {f.warning}</span>}{' '}
          <button type="button" className="link small" onClick={() => void unfollow(f.run)}>
            Stop following
          </button>
        </li>
      ))}
    </ul>
  );
}
