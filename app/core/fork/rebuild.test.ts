import { expect, it } from 'vitest';
import { SEARCH_R1_PROMPTS } from '../agents/search-r1';
import { formatDocs } from '../agents/docs';
import type { Step } from '../schema/trajectory';
import { rebuildTranscript, type TaggedStyle } from './rebuild';

const style: TaggedStyle = {
  tags: { think: 'think', reflect: 'reflect' },
  information: (perQuery) => formatDocs(perQuery.flat(), SEARCH_R1_PROMPTS.doc),
  invalidMessage: SEARCH_R1_PROMPTS.invalid,
};
const step = (s: Partial<Step> & Pick<Step, 'kind'>, index: number): Step => ({
  id: `s${index}`,
  index,
  ...s,
});

it('re-renders turns in the strategy’s tags, docs in its template, invalid turns with the notice', () => {
  const steps = [
    step({ kind: 'think', text: 'first', turn: 1 }, 0),
    step({ kind: 'search', queries: ['q one'], turn: 1, hop: 1 }, 1),
    step(
      {
        kind: 'retrieve',
        turn: 1,
        hop: 1,
        docs: [{ id: 'a', title: 'A', text: 'alpha', rank: 1, query: 'q one' }],
      },
      2,
    ),
    step({ kind: 'reflect', text: 'hmm', turn: 2 }, 3),
    step({ kind: 'invalid', raw: '<search> </search>', turn: 2, error: 'empty search query' }, 4),
    step({ kind: 'plan', text: 'a plan', turn: 3 }, 5),
  ];
  const r = rebuildTranscript(steps, style);
  expect(r.transcript).toBe(
    '<think>first</think>\n<search> q one </search>\n\n<information>Doc 1(Title: A) alpha</information>\n\n' +
      `<reflect>hmm</reflect>\n<search> </search>${SEARCH_R1_PROMPTS.invalid}<think>a plan</think>\n`,
  );
  expect(r.hop).toBe(1);
  expect(r.shown.map((d) => d.id)).toEqual(['a']);
});

it('uses a live parent’s stored <information> block, so an older run that left repeats out replays exactly', () => {
  // A QAgent run from before its blocks held every result: p1 (seen in the first search) was
  // marked duplicate and left out of the second block.
  const p1 = { id: 'p1', title: 'P1', text: 'one', rank: 2, query: 'q2', duplicate: true };
  const p3 = { id: 'p3', title: 'P3', text: 'three', rank: 1, query: 'q2' };
  const steps = [
    step({ kind: 'search', queries: ['q1'], turn: 1, hop: 1, raw: '<search> q1 </search>' }, 0),
    step(
      {
        kind: 'retrieve',
        turn: 1,
        hop: 1,
        docs: [{ ...p1, rank: 1, query: 'q1', duplicate: false }],
        raw: '<information>Doc 1(Title: P1) one</information>',
      },
      1,
    ),
    step({ kind: 'search', queries: ['q2'], turn: 2, hop: 2, raw: '<search> q2 </search>' }, 2),
    step(
      {
        kind: 'retrieve',
        turn: 2,
        hop: 2,
        docs: [p3, p1],
        raw: '<information>Doc 1(Title: P3) three</information>',
      },
      3,
    ),
  ];
  const exact = rebuildTranscript(steps, style, { useRaw: true });
  expect(exact.transcript).toBe(
    '<search> q1 </search>\n\n<information>Doc 1(Title: P1) one</information>\n\n' +
      '<search> q2 </search>\n\n<information>Doc 1(Title: P3) three</information>\n\n',
  );
  expect(exact.shown.map((d) => d.id)).toEqual(['p1', 'p3']);
  // Rebuilt from the docs (another strategy's parent, an import), every result is shown.
  expect(rebuildTranscript(steps, style).transcript).toContain(
    '<information>Doc 1(Title: P3) three\nDoc 2(Title: P1) one</information>',
  );
});
