import { plural } from '../../../core/plural';
import { lastAtOrBefore } from '../../../core/sorted';
import { memo, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Annotation } from '../../../core/annotations/annotation';
import type { Flag } from '../../../core/metrics/flags';
import { stepNumber } from '../../../core/schema/step-number';
import type { PlanNode, Step, Trajectory } from '../../../core/schema/trajectory';
import { DocList } from '../documents/DocList';
import { useVirtualRows, type VirtualRows } from './use-virtual-rows';
import { LongText } from '../LongText';
import { clip } from '../long-text-parts';

/** A run of consecutive steps under one title: steps[start..end) of the trajectory. */
interface Group {
  key: string;
  title: string;
  start: number;
  end: number;
}

/**
 * Steps grouped by plan node when there is a plan, else by model turn. A step is compared with
 * the one before by its fields; keys and titles are made per group, not per step (presenter
 * frames of 100,000 steps group every frame).
 */
export function groupSteps(t: Trajectory): Group[] {
  const hasPlan = (t.plan?.length ?? 0) > 0;
  // Only the nodes the steps name: a map of every node of a 200,000-node plan was a 150 ms task.
  const named = new Set<string>();
  if (hasPlan) for (const s of t.steps) if (s.planNode) named.add(s.planNode);
  const nodes = new Map<string, PlanNode>();
  for (const n of hasPlan ? t.plan! : []) {
    if (named.has(n.id) && !nodes.has(n.id)) nodes.set(n.id, n);
    if (nodes.size === named.size) break;
  }
  const groups: Group[] = [];
  let inNodes = false;
  // What the current group is: a node id, 'plan' / 'overall', or a turn number.
  let kind = '';
  let value: string | number | undefined;
  t.steps.forEach((s, i) => {
    let k: string;
    let v: string | number;
    if (hasPlan && s.planNode) {
      inNodes = true;
      k = 'node';
      v = s.planNode;
    } else if (hasPlan) {
      // Before the first sub-question: planning (an unparsable plan too); after: synthesis.
      k = s.kind === 'plan' || !inNodes ? 'plan' : 'overall';
      v = '';
    } else {
      k = 'turn';
      v = s.turn ?? 0;
    }
    const last = groups[groups.length - 1];
    if (last && k === kind && v === value) {
      last.end = i + 1;
      return;
    }
    kind = k;
    value = v;
    let key: string;
    let title: string;
    if (k === 'node') {
      const n = nodes.get(v as string);
      key = `node:${v}`;
      title = `#${v} ${n?.resolvedText ?? n?.text ?? ''}`;
    } else if (k === 'turn') {
      key = `turn:${v}`;
      title = v ? `Turn ${v}` : 'Steps';
    } else {
      key = k;
      title = k === 'plan' ? 'Plan' : 'Synthesis';
    }
    groups.push({ key, title, start: i, end: i + 1 });
  });
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
  /** The evidence chain's first missing link ("the death date of the director of B"). */
  missingLink?: string;
  /** Evidence-chain links by the step whose passages give them, drawn under that step. */
  chainLinks?: ReadonlyMap<string, readonly string[]>;
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
  const rows = useMemo(() => TimelineRows.of(trajectory), [trajectory]);
  // Labels and flags by step once, not a scan of all of them per step (100,000 steps).
  const byStep = useMemo(() => {
    const labels = new Map<string, string[]>();
    const notes = new Set<string>();
    for (const a of annotations) {
      if (a.stepId === undefined) continue;
      if (a.label === 'note') notes.add(a.stepId);
      else labels.set(a.stepId, [...(labels.get(a.stepId) ?? []), a.label]);
    }
    const flagsOf = new Map<string, Flag[]>();
    for (const f of flags) if (f.stepId) flagsOf.set(f.stepId, [...(flagsOf.get(f.stepId) ?? []), f]);
    return { labels, notes, flagsOf };
  }, [annotations, flags]);
  // Virtual rows are scrolled to by the virtualizer: a card scrolling itself into view when it
  // mounts would jump the pane whenever the selected step came back into the overscan.
  const virtual = rows.length > VIRTUAL_ROWS;
  const renderRow = (r: TimelineRow): ReactNode => {
    if (r instanceof TitleRow) return <h4 className="tl-group-title">{r.title}</h4>;
    const s = r;
    return (
      <>
        <StepCard
          step={s}
          selected={s.id === selected}
          onSelect={onSelect}
          labels={byStep.labels.get(s.id) ?? NONE}
          hasNote={byStep.notes.has(s.id)}
          flags={byStep.flagsOf.get(s.id) ?? NO_FLAGS}
          streaming={s.id === streamingStepId}
          dimmed={s.index < dimBefore}
          redundant={marks?.redundant.has(s.id) ?? false}
          scrollToSelf={!virtual}
        />
        {marks?.chainLinks?.get(s.id)?.map((need, i) => (
          <div key={i} className="tl-chain-link small" data-testid="timeline-chain-link">
            chain link: {need}
          </div>
        ))}
        {marks?.sufficientAfter === s.id && (
          <div className="tl-sufficient" data-testid="sufficiency-line" role="separator">
            <span>{marks.sufficientText ?? 'evidence sufficient here'}</span>
          </div>
        )}
      </>
    );
  };
  const missing = marks?.missingHop && (
    <div className="tl-missing-hop" data-testid="missing-hop" title={clip(marks.missingHop)}>
      {marks.missingLink ? (
        <b data-testid="missing-link">missing: {marks.missingLink}</b>
      ) : (
        <b>missing hop</b>
      )}{' '}
      <LongText inline className="small" text={marks.missingHop} limit={600} />
    </div>
  );
  if (virtual)
    return (
      <VirtualTimeline
        rows={rows}
        renderRow={renderRow}
        selected={selected}
        streaming={streamingStepId}
        after={missing}
      />
    );
  return (
    <div className="timeline" data-testid="timeline">
      {Array.from(rows, (r) => (
        <div key={rowKey(r)} className={r instanceof TitleRow ? 'tl-title-row' : undefined}>
          {renderRow(r)}
        </div>
      ))}
      {missing}
    </div>
  );
}

const NONE: string[] = [];
const NO_FLAGS: Flag[] = [];

/** Above this many rows the timeline renders only what is on screen (a 100,000-step run). */
export const VIRTUAL_ROWS = 300;

/** A group's title in the timeline's rows. */
class TitleRow {
  constructor(
    readonly key: string,
    readonly title: string,
  ) {}
}

type TimelineRow = TitleRow | Step;

const rowKey = (r: TimelineRow): string => (r instanceof TitleRow ? r.key : r.id);

/**
 * The timeline as rows: each group's title, then its steps. Rows are found through the groups
 * (group g's title is row start + g), not kept in a list: presenter frames of 100,000 steps made
 * a list of every row per frame.
 */
export class TimelineRows {
  private readonly titles: TitleRow[];

  constructor(
    private readonly steps: readonly Step[],
    private readonly groups: readonly Group[],
  ) {
    this.titles = groups.map((g, gi) => new TitleRow(`title:${g.key}:${gi}`, g.title));
  }

  static of(t: Trajectory): TimelineRows {
    return new TimelineRows(t.steps, groupSteps(t));
  }

  get length(): number {
    return this.steps.length + this.groups.length;
  }

  /** The group whose rows hold row i: the last whose title row is at or before it. */
  private groupOfRow(i: number): number {
    return Math.max(
      0,
      lastAtOrBefore(this.groups.length, (g) => this.groups[g]!.start + g, i),
    );
  }

  at(i: number): TimelineRow | undefined {
    if (i < 0 || i >= this.length) return undefined;
    const g = this.groupOfRow(i);
    const title = this.groups[g]!.start + g;
    return i === title ? this.titles[g] : this.steps[i - g - 1];
  }

  /** The row of the step with this id (its first), or -1. */
  indexOfStep(id: string): number {
    const p = this.steps.findIndex((s) => s.id === id);
    if (p < 0) return -1;
    return p + lastAtOrBefore(this.groups.length, (g) => this.groups[g]!.start, p) + 1;
  }

  *[Symbol.iterator](): Generator<TimelineRow> {
    for (let i = 0; i < this.length; i++) yield this.at(i)!;
  }
}

/** The nearest ancestor that scrolls vertically (the page pane the timeline sits in). */
function scrollParent(el: HTMLElement | null): HTMLElement | null {
  for (let p = el?.parentElement ?? null; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if (y === 'auto' || y === 'scroll') return p;
  }
  return null;
}

/** Only the rows on screen are in the DOM; the selected step is scrolled to when it changes. */
function VirtualTimeline({
  rows,
  renderRow,
  selected,
  streaming,
  after,
}: {
  rows: TimelineRows;
  renderRow: (r: TimelineRow) => ReactNode;
  selected: string | undefined;
  /** The step a live run is writing: followed as a card follows it in the plain timeline. */
  streaming: string | undefined;
  after: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  // The timeline starts below the plan tree inside the same scrolling pane; measured again when
  // anything in that pane changes size (the plan tree laid out, a panel opened).
  useLayoutEffect(() => {
    const el = ref.current;
    const sp = scrollParent(el);
    setScroller(sp);
    if (!el || !sp) return;
    const measure = () => {
      const m = el.getBoundingClientRect().top - sp.getBoundingClientRect().top + sp.scrollTop;
      setMargin((old) => (Math.abs(m - old) > 1 ? m : old));
    };
    measure();
    const ro = new ResizeObserver(measure);
    for (const c of Array.from(sp.children)) ro.observe(c);
    return () => ro.disconnect();
  }, []);
  const virt = useVirtualRows({
    count: rows.length,
    estimate: 72,
    overscan: 8,
    margin,
    scrollElement: scroller,
  });
  useScrollToRow(virt, rows, selected);
  useScrollToRow(virt, rows, streaming);
  return (
    <div className="timeline virtual" data-testid="timeline" ref={ref}>
      <div style={{ height: virt.total, position: 'relative' }}>
        {virt.rows.map((v) => {
          const r = rows.at(v.index);
          if (!r) return null;
          return (
            <div
              key={rowKey(r)}
              data-index={v.index}
              ref={virt.measure}
              className="tl-row"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${v.start}px)`,
              }}
            >
              {renderRow(r)}
            </div>
          );
        })}
      </div>
      {after}
    </div>
  );
}

/** Brings the row keyed `key` into view when it appears or changes (a plain card's scrollIntoView). */
function useScrollToRow(virt: VirtualRows, rows: TimelineRows, key: string | undefined): void {
  const at = useMemo(() => (key ? rows.indexOfStep(key) : -1), [rows, key]);
  const { scrollToIndex, ready } = virt;
  useEffect(() => {
    if (at >= 0 && ready) scrollToIndex(at);
  }, [at, scrollToIndex, ready]);
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
  scrollToSelf,
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
  scrollToSelf: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollToSelf && (selected || streaming)) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected, streaming, scrollToSelf]);
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
        {flags.map((f, i) => (
          <span key={`${f.kind}:${i}`} className={`flag flag-${f.kind}`} title={clip(f.evidence)}>
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
      {docs.length > 0 && <DocList docs={docs} page={20} compact={!selected} stepId={step.id} />}
    </div>
  );
});
