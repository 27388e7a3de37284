import { useEffect, useRef, useState } from 'react';
import { type Annotation, STEP_LABELS } from '../../../core/annotations/annotation';
import { stepNumber } from '../../../core/schema/step-number';
import { useBackupBehind } from '../../data/storage-recovery';
import type { Step } from '../../../core/schema/trajectory';
import { DocList } from '../documents/DocList';
import { LongText } from '../LongText';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** The selected step in full, with its labels (keys 1–6) and note. */
export function StepPanel({
  step,
  annotations,
  annotator,
  saveState,
  saveError,
  onToggle,
  onNote,
  noteFocusSignal,
  needAnnotator,
}: {
  step: Step;
  annotations: readonly Annotation[];
  annotator: string;
  saveState: SaveState;
  saveError: string | null;
  onToggle: (label: string) => void;
  onNote: (note: string) => void;
  noteFocusSignal: number;
  needAnnotator: React.ReactNode;
}) {
  const backupBehind = useBackupBehind();
  const mine = annotations.filter((a) => a.stepId === step.id && a.annotator === annotator);
  const others = annotations.filter((a) => a.stepId === step.id && a.annotator !== annotator);
  const savedNote = mine.find((a) => a.label === 'note')?.note ?? '';
  const [note, setNote] = useState(savedNote);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => setNote(savedNote), [savedNote]);
  useEffect(() => {
    if (noteFocusSignal > 0) noteRef.current?.focus();
  }, [noteFocusSignal]);

  return (
    <div className="step-panel" data-testid="step-panel">
      <div className="panel-head">
        <h3>
          Step {stepNumber(step)} · <span className={`kind kind-${step.kind}`}>{step.kind}</span>
          {step.hop !== undefined && <span className="hop">hop {step.hop}</span>}
          {step.turn !== undefined && <span className="muted small"> turn {step.turn}</span>}
        </h3>
        <span className={`save-state ${saveState}`} data-testid="save-state" role="status">
          {saveState === 'saving'
            ? 'saving…'
            : saveState === 'saved'
              ? 'saved ✓'
              : saveState === 'error'
                ? `not saved: ${saveError}`
                : ''}
        </span>
      </div>
      {backupBehind && (
        <p className="backup-behind small" data-testid="backup-behind" role="status">
          Labels are saved in this browser&apos;s database, but their backup copy is behind: {backupBehind}. A
          browser reset could lose the newest; Export ▾ Annotations keeps a copy.
        </p>
      )}
      {annotator ? (
        <div className="labels" role="group" aria-label="Step labels">
          {STEP_LABELS.map((l) => {
            const on = mine.some((a) => a.label === l.id);
            return (
              <button
                key={l.id}
                type="button"
                className={`label-toggle${on ? ' on' : ''} label-${l.id}`}
                aria-pressed={on}
                title={l.hint}
                onClick={() => onToggle(l.id)}
              >
                <kbd>{l.key}</kbd> {l.title}
              </button>
            );
          })}
        </div>
      ) : (
        needAnnotator
      )}
      {annotator && (
        <label className="note">
          <span className="muted small">
            Note <kbd>e</kbd> (saved when you leave the field or press Ctrl+Enter)
          </span>
          <textarea
            ref={noteRef}
            value={note}
            rows={2}
            onChange={(e) => setNote(e.target.value)}
            onBlur={() => note !== savedNote && onNote(note)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) (e.target as HTMLTextAreaElement).blur();
              if (e.key === 'Escape') {
                setNote(savedNote);
                setTimeout(() => (e.target as HTMLTextAreaElement).blur());
              }
            }}
            placeholder="What went right or wrong here?"
          />
        </label>
      )}
      {others.length > 0 && (
        <div className="others muted small">
          Other annotators:{' '}
          {others
            .map((a) => `${a.annotator}: ${a.label === 'note' ? `“${a.note ?? ''}”` : a.label}`)
            .join(' · ')}
        </div>
      )}
      <dl className="facts">
        {step.ms !== undefined && (
          <>
            <dt>Time</dt>
            <dd>{Math.round(step.ms)} ms</dd>
          </>
        )}
        {step.tokens !== undefined && (
          <>
            <dt>Tokens</dt>
            <dd>{step.tokens}</dd>
          </>
        )}
        {step.planNode && (
          <>
            <dt>Plan node</dt>
            <dd>#{step.planNode}</dd>
          </>
        )}
        {step.decision && (
          <>
            <dt>Decision</dt>
            <dd>{step.decision}</dd>
          </>
        )}
        {step.ranking && (
          <>
            <dt>Ranking</dt>
            <dd>{step.ranking.join(' > ')}</dd>
          </>
        )}
      </dl>
      {step.error && <div className="error-text">{step.error}</div>}
      {step.queries && step.queries.length > 0 && (
        <div className="queries">
          {step.queries.map((q, i) => (
            // queries may repeat
            <span key={i} className="query">
              <LongText text={q} limit={1000} />
            </span>
          ))}
        </div>
      )}
      {step.text && <LongText text={step.text} className="step-full-text" />}
      {step.docs && step.docs.length > 0 && <DocList docs={step.docs} page={100} stepId={step.id} />}
      {step.raw && (
        <details className="raw">
          <summary>Raw text of this step</summary>
          <LongText text={step.raw} className="mono" />
        </details>
      )}
    </div>
  );
}
