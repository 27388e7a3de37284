import { stepNumber } from '../../../core/schema/step-number';
import type { Trajectory } from '../../../core/schema/trajectory';
import { LongText } from '../../components/LongText';

/** Every step's own text (raw output where kept), and the original record. */
export function Transcript({
  t,
  selected,
  onSelectStep,
}: {
  t: Trajectory;
  selected: string | undefined;
  onSelectStep: (id: string) => void;
}) {
  return (
    <div className="transcript" data-testid="transcript">
      {t.steps.map((s) => (
        <div
          key={s.id}
          className={`tx-step kind-${s.kind}${s.id === selected ? ' selected' : ''}`}
          onClick={() => onSelectStep(s.id)}
        >
          <div className="muted small">
            {stepNumber(s)}. {s.kind}
          </div>
          <LongText text={s.raw ?? s.text ?? (s.queries ?? []).join(' | ')} className="mono" />
        </div>
      ))}
      {t.raw && (
        <details>
          <summary>Original record</summary>
          <LongText text={t.raw} className="mono" />
        </details>
      )}
    </div>
  );
}
