import { plural } from '../../core/plural';
import { Fragment, memo, useEffect, useRef } from 'react';
import type { Annotation } from '../../core/annotations/annotation';
import type { Flag } from '../../core/metrics/flags';
import { stepNumber } from '../../core/schema/step-number';
import type { Step, Trajectory } from '../../core/schema/trajectory';
import { DocCard } from './DocCard';

interface Group {
  key: string;
  title: string;
  steps: Step[];
}

/** Steps grouped by plan node when there is a plan, else by model turn. */
export function groupSteps(t: Trajectory): Group[] {
  const hasPlan = (t.plan?.length ?? 0) > 0;
  const nodes = new Map((t.plan ?? []).map((n) => [n.id, n]));
  const groups: Group[] = [];
  let inNodes = false;
  for (const s of t.steps) {
    let key: string;
    let title: string;
    if (hasPlan && s.planNode) {
      inNodes = true;
      const n = nodes.get(s.planNode);
      key = `node:${s.planNode}`;
      title = `#${s.planNode} ${n?.resolvedText ?? n?.text ?? ''}`;
    } else if (hasPlan) {
      // Before the first sub-question: planning (an unparsable plan too); after: synthesis.
      const planning = s.kind === 'plan' || !inNodes;
      key = planning ? 'plan' : 'overall';
      title = planning ? 'Plan' : 'Synthesis';
    } else {
      key = `turn:${s.turn ?? 0}`;
      title = s.turn ? `Turn ${s.turn}` : 'Steps';
    }
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.steps.push(s);
    else groups.push({ key, title, steps: [s] });
  }
  return groups;
}

const KIND_LABEL: Record<Step['kind'], string> = {
  think: 'think',
  plan: 'plan',
  decision: 'decide',
  search: 'search',
  retrieve: 'docs',
  record: 'record',
  reflect: 'reflect',
  rank: 'rank',
  sub_answer: 'sub-answer',
  answer: 'answer',
  invalid: 'invalid',
};

/** The sufficiency point as a line after its search, redundant searches dimmed, a missing hop. */
export interface TimelineMarks {
  /** The step after which the evidence was sufficient (its search's last retrieval step). */
  sufficientAfter?: string;
  sufficientText?: string;
  redundant: ReadonlySet<string>;
  /** Evidence of an under-search: drawn as a gap after the last step. */
  missingHop?: string;
}

export function Timeline({
  trajectory,
  selected,
  onSelect,
  annotations,
  flags,
  streamingStepId,
  dimBefore = 0,
  marks,
}: {
  trajectory: Trajectory;
  selected: string | undefined;
  onSelect: (stepId: string) => void;
  annotations: readonly Annotation[];
  flags: readonly Flag[];
  /** A live run's step that tokens are streaming into: shown with its newest text. */
  streamingStepId?: string | undefined;
  /** Steps before this index are dimmed (a fork's steps replayed from its parent). */
  dimBefore?: number;
  /** Over/under-search marks from the detectors (app/core/diagnose). */
  marks?: TimelineMarks | undefined;
}) {
  const groups = groupSteps(trajectory);
  return (
    <div className="timeline" data-testid="timeline">
      {groups.map((g, gi) => (
        <section key={`${g.key}:${gi}`} className="tl-group">
          <h4 className="tl-group-title">{g.title}</h4>
          {g.steps.map((s) => (
            <Fragment key={s.id}>
              <StepCard
                step={s}
                selected={s.id === selected}
                onSelect={onSelect}
                labels={annotations
                  .filter((a) => a.stepId === s.id && a.label !== 'note')
                  .map((a) => a.label)}
                hasNote={annotations.some((a) => a.stepId === s.id && a.label === 'note')}
                flags={flags.filter((f) => f.stepId === s.id)}
                streaming={s.id === streamingStepId}
                dimmed={s.index < dimBefore}
                redundant={marks?.redundant.has(s.id) ?? false}
              />
              {marks?.sufficientAfter === s.id && (
                <div className="tl-sufficient" data-testid="sufficiency-line" role="separator">
                  <span>{marks.sufficientText ?? 'evidence sufficient here'}</span>
                </div>
              )}
            </Fragment>
          ))}
        </section>
      ))}
      {marks?.missingHop && (
        <div className="tl-missing-hop" data-testid="missing-hop" title={marks.missingHop}>
          <b>missing hop</b> <span className="small">{marks.missingHop}</span>
        </div>
      )}
    </div>
  );
}

const StepCard = memo(function StepCard({
  step,
  selected,
  onSelect,
  labels,
  hasNote,
  flags,
  streaming,
  dimmed,
  redundant,
}: {
  step: Step;
  selected: boolean;
  onSelect: (id: string) => void;
  labels: string[];
  hasNote: boolean;
  flags: readonly Flag[];
  streaming: boolean;
  dimmed: boolean;
  redundant: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selected || streaming) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected, streaming]);
  const docs = step.docs ?? [];
  const newDocs = docs.filter((d) => !d.duplicate).length;
  return (
    <div
      ref={ref}
      className={`step kind-${step.kind}${selected ? ' selected' : ''}${streaming ? ' streaming' : ''}${dimmed ? ' replayed' : ''}${redundant ? ' redundant' : ''}`}
      onClick={() => onSelect(step.id)}
      data-testid="step"
      data-step-id={step.id}
      data-kind={step.kind}
      data-index={step.index}
    >
      <div className="step-head">
        <span className="step-index">{stepNumber(step)}</span>
        <span className={`kind kind-${step.kind}`}>{KIND_LABEL[step.kind]}</span>
        {step.hop !== undefined && <span className="hop">hop {step.hop}</span>}
        {step.kind === 'retrieve' && (
          <span className="muted">
            {plural(docs.length, 'doc')} · {newDocs} new
            {docs.some((d) => d.containsAnswer) ? ' · answer found' : ''}
          </span>
        )}
        <span className="spacer" />
        {step.tokens !== undefined && <span className="muted small">{step.tokens} tok</span>}
        {step.ms !== undefined && <span className="muted small">{Math.round(step.ms)} ms</span>}
        {flags.map((f) => (
          <span key={f.kind + f.evidence} className={`flag flag-${f.kind}`} title={f.evidence}>
            ⚑ {f.kind}
          </span>
        ))}
        {labels.map((l) => (
          <span key={l} className={`label label-${l}`} data-testid="step-label">
            {l}
          </span>
        ))}
        {hasNote && <span className="label label-note">note</span>}
      </div>
      {step.queries && step.queries.length > 0 && (
        <div className="queries">
          {step.queries.map((q, i) => (
            // the same query may repeat within a step
            <span key={i} className="query">
              {q.length > 300 ? `${q.slice(0, 300)}…` : q}
            </span>
          ))}
        </div>
      )}
      {streaming ? (
        <div className="step-text" data-testid="streaming-text">
          {(step.text ?? '').length > 600 ? `…${(step.text ?? '').slice(-600)}` : step.text}
          <span className="caret" aria-hidden="true" />
        </div>
      ) : (
        step.text &&
        step.kind !== 'search' && (
          <div className="step-text">
            {step.text.length > 360 ? `${step.text.slice(0, 360)}…` : step.text}
          </div>
        )
      )}
      {step.error && <div className="error-text">{step.error}</div>}
      {docs.length > 0 && (
        <div className="docs">
          {docs.map((d) => (
            <DocCard key={`${d.rank}:${d.id}`} doc={d} compact={!selected} />
          ))}
        </div>
      )}
    </div>
  );
});
