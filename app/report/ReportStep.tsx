import type { Annotation } from '../core/annotations/annotation';
import { stepNumber } from '../core/schema/step-number';
import type { Step } from '../core/schema/trajectory';
import { DocCard } from '../ui/components/documents/DocCard';
import { LongText } from '../ui/components/LongText';

/** The selected step in full, with its annotators' labels and notes (read-only). */
export function ReportStep({ step, annotations }: { step: Step; annotations: readonly Annotation[] }) {
  const here = annotations.filter((a) => a.stepId === step.id);
  return (
    <div className="step-panel" data-testid="step-panel">
      <div className="panel-head">
        <h3>
          Step {stepNumber(step)} · <span className={`kind kind-${step.kind}`}>{step.kind}</span>
          {step.hop !== undefined && <span className="hop">hop {step.hop}</span>}
        </h3>
      </div>
      {here.length > 0 && (
        <ul className="report-notes" data-testid="step-annotations">
          {here.map((a) => (
            <li key={a.id}>
              <span className={`label label-${a.label}`}>{a.label}</span>{' '}
              <span className="muted">{a.annotator}</span>
              {a.note && <div>{a.note}</div>}
            </li>
          ))}
        </ul>
      )}
      {step.queries && step.queries.length > 0 && (
        <div className="queries">
          {step.queries.map((q, i) => (
            <span key={i} className="query">
              {q}
            </span>
          ))}
        </div>
      )}
      {(step.raw ?? step.text) && <LongText text={step.raw ?? step.text ?? ''} className="mono small" />}
      {step.error && <p className="error-text">{step.error}</p>}
      {(step.docs ?? []).map((d) => (
        <DocCard key={`${d.rank}:${d.id}`} doc={d} />
      ))}
    </div>
  );
}
