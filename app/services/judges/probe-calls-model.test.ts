// The probes with a real model: the random-weight test model of a real architecture
// (../shared/models/hopscope-test) generates every probe reply through its chat template and
// scores the gold answer teacher-forced, as the in-browser LLM worker does. What it says is
// meaningless by design; what is checked is that every call is made, cached and read back.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchHops } from '../../core/diagnose/hops';
import { putCorpus } from '../../db/corpus-store';
import { loadNodeLlm, TINY } from '../../runtime/llm/test-models';
import type { TransformersLlm } from '../../runtime/llm/transformers-llm';
import { traj } from '../../testing/reward-fakes';
import { probeWith } from './probe-calls';

const T = traj(
  [
    {
      kind: 'search',
      queries: ['Jaws director'],
      docs: [
        { id: 'j', title: 'Jaws (film)', text: 'Jaws is a 1975 film directed by Steven Spielberg.', rank: 1 },
      ],
    },
    { kind: 'think', text: 'Jaws was directed by Steven Spielberg.' },
  ],
  { question: 'Who directed Jaws?', gold: { answers: ['Steven Spielberg'] }, answer: 'Steven Spielberg' },
);

let llm: TransformersLlm;
beforeAll(async () => {
  llm = await loadNodeLlm(TINY);
  await putCorpus('noise', 'test', [
    { id: 'n1', title: 'Shark', text: 'Sharks are a group of fish.' },
    { id: 'n2', title: 'Whale', text: 'Whales are marine mammals.' },
  ]);
}, 120_000);

describe('probes on a real (random-weight) model', () => {
  it('generates each reply and scores gold with and without the passages; a second reading is cached', async () => {
    const r = await probeWith(llm, T, ['no-retrieval', 'closed-book', 'answer-now', 'info-gain']);
    // 1 query, closed-book (= answer-now before search), answer-now after search 1, 2 scores.
    expect(r).toMatchObject({ calls: 6, missing: 0, asked: 5, skipped: [] });
    const gain = r.verdicts.find((v) => v.probe === 'info-gain');
    expect(gain?.search).toBe(1);
    expect(gain?.evidence).toMatch(/log p\("Steven Spielberg"\) is -\d+\.\d\d with this search's passages/);
    expect(searchHops(T)).toHaveLength(1);
    const again = await probeWith(llm, T, ['no-retrieval', 'closed-book', 'answer-now', 'info-gain']);
    expect(again).toMatchObject({ cached: 6, asked: 0 });
    expect(again.verdicts).toEqual(r.verdicts);
  }, 120_000);
});
