import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../../core/schema/trajectory';

import { putCorpus, putQuestionSet } from '../../db/corpus-store';
import { putTrajectories } from '../../db/store';
import { forksOf, goldPassageFor } from './fork';
import { freshDbPerTest } from '../../testing/fresh-db';

const PASSAGES = [
  { id: 'p1', title: 'Casmere Botanical Institute', text: 'Founded by Ilse Varnholt.' },
  { id: 'p2', title: 'Ilse Varnholt', text: 'Born in Tavish.' },
];
const QUESTION = 'In which city was the founder of the Casmere Botanical Institute born?';

const traj = (id: string, extra: Partial<Trajectory> = {}): Trajectory => ({
  schema: 'hopscope.trajectory/1',
  id,
  question: QUESTION,
  source: { kind: 'import' },
  agent: { strategy: 'search-r1', params: {} },
  steps: [],
  ...extra,
});

freshDbPerTest();

async function loadSet(supports: string[]) {
  const corpus = await putCorpus('world', 'test', PASSAGES);
  const source = { format: 'jsonl' as const, file: 'q.jsonl' };
  await putQuestionSet({
    name: 'world questions',
    source: 'q.jsonl',
    corpusId: corpus.id,
    questions: [{ id: 'q1', question: QUESTION, answers: ['Tavish'], supports, source }],
  });
}

describe('goldPassageFor', () => {
  it('finds the question set’s supporting passage the trajectory has not retrieved yet', async () => {
    await loadSet(['p1', 'p2']);
    const seenP1 = traj('t', {
      steps: [{ id: 's0', index: 0, kind: 'retrieve', docs: [{ id: 'p1', text: 'x', rank: 1 }] }],
    });
    expect(await goldPassageFor(seenP1)).toEqual({
      doc: { id: 'p2', title: 'Ilse Varnholt', text: 'Born in Tavish.', rank: 1 },
    });
  });

  it('says why when there is none', async () => {
    expect(await goldPassageFor(traj('t'))).toEqual({ reason: 'no loaded question set has this question' });
    await loadSet([]);
    expect(await goldPassageFor(traj('t'))).toEqual({
      reason: 'world questions gives no supporting passage for it',
    });
  });
});

it('forksOf lists a parent’s forks by step', async () => {
  const fork = (id: string, stepIndex: number) =>
    traj(id, {
      lineage: {
        parentId: 'p',
        stepIndex,
        change: { kind: 'answer_now' },
        replayed: 0,
        reconstruction: 'exact',
      },
    });
  await putTrajectories([traj('p'), fork('b', 3), fork('a', 1), traj('other')]);
  expect((await forksOf('p')).map((t) => t.id)).toEqual(['a', 'b']);
});
