import type { Annotation } from '../../../core/annotations/annotation';
import { stepNumber } from '../../../core/schema/step-number';
import type { Step, Trajectory } from '../../../core/schema/trajectory';

/** The annotators' labels and notes on the trajectory and on the step on screen, as speaker notes. */
export function SpeakerNotes({
  t,
  step,
  annotations,
}: {
  t: Trajectory;
  step: Step | undefined;
  annotations: readonly Annotation[];
}) {
  const overall = annotations.filter((a) => a.trajectoryId === t.id && a.stepId === undefined);
  const here = step ? annotations.filter((a) => a.trajectoryId === t.id && a.stepId === step.id) : [];
  return (
    <aside className="speaker-notes" data-testid="speaker-notes" aria-label="Speaker notes">
      <h3 className="section-title">Speaker notes</h3>
      {overall.length === 0 && here.length === 0 && <p className="muted small">No annotations here.</p>}
      {overall.map((a) => (
        <Note key={a.id} a={a} where="trajectory" />
      ))}
      {step && here.map((a) => <Note key={a.id} a={a} where={`step ${stepNumber(step)}`} />)}
    </aside>
  );
}

function Note({ a, where }: { a: Annotation; where: string }) {
  const label = a.label.startsWith('verdict:') ? `verdict: ${a.label.slice(8)}` : a.label;
  return (
    <div className="speaker-note" data-testid="speaker-note">
      <div className="muted small">
        {a.annotator} · {where} · {label}
      </div>
      {a.note && <div>{a.note}</div>}
    </div>
  );
}
