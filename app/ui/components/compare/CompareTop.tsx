import type { ReactNode } from 'react';
import { LongText } from '../LongText';

/**
 * The top of both compare views (the list of many runs, and runs side by side): Back, a line of
 * what is shown and its keys, the question, and notes on runs that ask different questions or
 * were not stored. What a view adds below (the divergence banner) comes as children.
 */
export function CompareTop({
  onBack,
  backLabel,
  summary,
  question,
  mixedNote,
  missing,
  children,
}: {
  onBack: () => void;
  backLabel: string;
  summary: ReactNode;
  question: string;
  /** Shown when the runs ask different questions; undefined when they ask the same. */
  mixedNote: string | undefined;
  missing: readonly string[];
  children?: ReactNode;
}) {
  return (
    <div className="cmp-top">
      <div className="row">
        <button type="button" onClick={onBack} title={`${backLabel} (Esc)`} data-testid="compare-back">
          ← {backLabel}
        </button>
        <span className="muted small" data-testid="compare-summary">
          {summary}
        </span>
      </div>
      <h1 className="question" data-testid="compare-question">
        <LongText text={question} limit={400} />
      </h1>
      {mixedNote && (
        <div className="cmp-warn" role="note">
          {mixedNote}
        </div>
      )}
      {missing.length > 0 && (
        <div className="cmp-warn" role="note">
          Not stored, left out: {missing.join(', ')}
        </div>
      )}
      {children}
    </div>
  );
}
