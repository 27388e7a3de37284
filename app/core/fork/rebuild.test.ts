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
