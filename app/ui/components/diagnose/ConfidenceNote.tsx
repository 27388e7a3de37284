// One verdict's confidence (core/diagnose/confidence.ts, reached through the trajectory view's
// diagnosis): "sure" or "unsure", and the reason in words, rendered as text.
import type { VerdictConfidence } from '../../../core/diagnose/confidence';

export function ConfidenceNote({ c, testId }: { c: VerdictConfidence; testId?: string }) {
  return (
    <span className="diag-confidence" data-testid={testId} data-confidence={c.level} data-reason={c.reason}>
      <span className={`pill confidence-${c.level}`} title={`reason: ${c.reason}`}>
        {c.level}
      </span>{' '}
      <span className="muted small">{c.text}</span>
    </span>
  );
}
