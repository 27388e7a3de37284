// A list of disagreements, each one click from the step it is about.
import type { CalibrationDisagreement } from '../../../services/judges/calibration';
import { navigate } from '../../state/router';

export function Disagreements({ list }: { list: readonly CalibrationDisagreement[] }) {
  if (list.length === 0) return <p className="muted">No disagreements.</p>;
  return (
    <ol className="disagreements" data-testid="disagreements">
      {list.map((d, i) => (
        <li key={`${d.trajectoryId}:${d.kind}:${d.detail}:${i}`}>
          <button
            type="button"
            className="link"
            onClick={() =>
              navigate({
                page: 'trajectory',
                id: d.trajectoryId,
                step: d.step === null ? null : String(d.step),
              })
            }
            title="Open this step"
          >
            {d.kind}
          </button>{' '}
          <span>{d.detail}</span> <span className="muted small">— {d.question}</span>
        </li>
      ))}
    </ol>
  );
}
