// A live run redraws on every token batch; its view is derived once per finalized step, not per
// token. The run is streamed through the real folder and snapshots (as the run machine does) and
// the derivation is counted; the last view is checked against trajectoryView itself.
import { describe, expect, it } from 'vitest';
import { VELTMARK_LIVE_START } from '../../testing/live-start';
import { buildQuestionIndex } from '../corpus/gold-join';
import { type TrajectoryEvent, TrajectoryFolder } from '../schema/builder';
import { DraftSnapshots } from '../schema/draft-snapshots';
import { LiveViewMemo } from './live-view';
import { trajectoryView } from './trajectory-view';

const doc = (title: string, rank: number) => ({
  id: `${title}-${rank}`,
  title,
  text: `${title} is a page.`,
  rank,
});

const tokens = (stepId: string, n: number): TrajectoryEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'step_token', stepId, text: `w${i} ` }));

/** A run that thinks (streaming `perStep` tokens), searches, retrieves twice, thinks and answers. */
function run(perStep: number): TrajectoryEvent[] {
  return [
    VELTMARK_LIVE_START,
    { type: 'step', step: { id: 's0', kind: 'think', text: '' } },
    ...tokens('s0', perStep),
    { type: 'step_update', stepId: 's0', patch: { ms: 5 } },
    { type: 'step', step: { id: 's1', kind: 'search', queries: ['Veltmark Press'] } },
    {
      type: 'step',
      step: { id: 's2', kind: 'retrieve', docs: [doc('Veltmark Press', 1), doc('Ilse Marrow', 2)] },
    },
    { type: 'step', step: { id: 's3', kind: 'search', queries: ['Veltmark Press'] } },
    { type: 'step', step: { id: 's4', kind: 'retrieve', docs: [doc('Veltmark Press', 1)] } },
    { type: 'step', step: { id: 's5', kind: 'think', text: '' } },
    ...tokens('s5', perStep),
    { type: 'step_update', stepId: 's5', patch: { ms: 12 } },
    { type: 'answer', text: 'Ilse Marrow' },
    { type: 'finish', reason: 'answer' },
  ];
}

/** Streams `events`, redrawing after every one (the run machine batches tokens; this is its worst case). */
function stream(events: readonly TrajectoryEvent[]) {
  const folder = new TrajectoryFolder();
  const snapshots = new DraftSnapshots();
  let derivations = 0;
  const memo = new LiveViewMemo((t, opts) => {
    derivations++;
    return trajectoryView(t, opts);
  });
  let streaming: string | undefined;
  let last = null as ReturnType<LiveViewMemo['of']> | null;
  let draft = folder.draft;
  for (const e of events) {
    folder.apply(e);
    // As the run machine tracks the step tokens stream into (app/ui/state/run-machine.ts).
    if (e.type === 'step_token') streaming = e.stepId;
    else if (
      (e.type === 'step_update' && e.patch.ms !== undefined) ||
      e.type === 'step' ||
      e.type === 'finish'
    )
      streaming = undefined;
    draft = snapshots.of(folder.draft);
    last = memo.of(draft, streaming, null);
  }
  return { derivations, last: last!, draft };
}

describe('LiveViewMemo', () => {
  it('derives a streamed run once per finalized step, however many tokens stream', () => {
    const short = stream(run(3));
    const long = stream(run(400));
    // start, six steps each added, two streams begun and ended, the answer and the finish.
    expect(short.derivations).toBe(1 + 6 + 2 * 2 + 1 + 1);
    expect(long.derivations).toBe(short.derivations);
    expect(run(400).length - short.derivations).toBeGreaterThan(790);
  });

  it("shows the run's own view: the last equals trajectoryView of the finished draft", () => {
    const { last, draft } = stream(run(10));
    const own = trajectoryView(draft);
    expect(last.metrics).toEqual(own.metrics);
    expect(last.diagnosis).toEqual(own.diagnosis);
    expect(last.flags).toEqual(own.flags);
    expect(last.flags.length).toBeGreaterThan(0);
  });

  it('derives again when the question sets change, and not when nothing did', () => {
    const { draft } = stream(run(2));
    let n = 0;
    const memo = new LiveViewMemo((t, o) => (n++, trajectoryView(t, o)));
    const a = memo.of(draft, undefined, null);
    expect(memo.of(draft, undefined, null)).toBe(a);
    memo.of(draft, undefined, buildQuestionIndex([]));
    expect(n).toBe(2);
  });
});
