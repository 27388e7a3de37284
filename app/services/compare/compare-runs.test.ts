import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { plannedRun, run } from '../../testing/compare-runs';
import { buildQuestionIndex } from '../../core/corpus/gold-join';

import { putTrajectories } from '../../db/store';
import { loadComparison, runsOfSameQuestion } from './compare-runs';
import { freshDbPerTest } from '../../testing/fresh-db';

const hops = [
  {
    query: 'Ilse Varnholt birthplace',
    docs: [['Ilse Varnholt', 'She was born in Tavish.'] as [string, string]],
  },
];

freshDbPerTest();

describe('compare-runs service', () => {
  it('aligns the stored runs of a link and names the ids it could not find', async () => {
    await putTrajectories([
      run({ id: 'a', hops, answer: 'Tavish' }),
      run({ id: 'b', hops, answer: 'Casmere' }),
    ]);
    const c = await loadComparison(['a', 'missing', 'b', 'a'], null);
    expect(c.missing).toEqual(['missing']);
    expect(c.runs.map((t) => t.id)).toEqual(['a', 'b']);
    expect(c.alignment?.divergence?.kind).toBe('answer');
    expect(c.mixedQuestions).toBe(false);
  });

  it('needs two stored runs, and says when the runs ask different questions', async () => {
    await putTrajectories([run({ id: 'a', hops }), run({ id: 'q', question: 'Another question?', hops })]);
    expect((await loadComparison(['a', 'gone'], null)).alignment).toBeNull();
    expect((await loadComparison(['a', 'q'], null)).mixedQuestions).toBe(true);
  });

  it('joins gold from a loaded question set, as the trajectory view does', async () => {
    const noGold = { answers: [] };
    await putTrajectories([run({ id: 'a', gold: noGold, hops }), run({ id: 'b', gold: noGold, hops })]);
    const index = buildQuestionIndex([
      {
        name: 'set',
        questions: [
          {
            id: 'q1',
            question: run({ id: 'x', hops }).question,
            answers: ['Tavish'],
            source: { format: 'hotpotqa', file: 'q.json', line: 1 },
          },
        ],
      },
    ]);
    const without = await loadComparison(['a', 'b'], null);
    expect(without.alignment?.runs[0]?.sufficiency).toEqual({ status: 'no-gold' });
    const joined = await loadComparison(['a', 'b'], index);
    expect(joined.alignment?.runs[0]?.sufficiency).toMatchObject({ status: 'at', search: 1 });
  });

  it('finds every stored run of a question, the asking run first', async () => {
    const other = run({ id: 'o', question: 'Another question?', hops });
    const planned = plannedRun({
      id: 'p',
      plan: [{ id: '1', text: 'Where was Ilse Varnholt born?' }],
      work: [{ node: '1', hops, subAnswer: 'Tavish' }],
      answer: 'Tavish',
    });
    await putTrajectories([run({ id: 'a', hops }), other, planned]);
    expect(await runsOfSameQuestion(planned)).toEqual(['p', 'a']);
    expect(await runsOfSameQuestion(other)).toEqual(['o']);
  });

  it('lists the other runs by source file and line, whatever order they were stored in', async () => {
    const at = (id: string, file: string, line: number) => {
      const t = run({ id, hops });
      return { ...t, source: { ...t.source, file, line } };
    };
    await putTrajectories([
      at('a', 'run-10.jsonl', 1),
      at('b', 'run-2.jsonl', 7),
      at('c', 'run-2.jsonl', 3),
      at('d', 'run-1.jsonl', 9),
    ]);
    expect(await runsOfSameQuestion(at('b', 'run-2.jsonl', 7))).toEqual(['b', 'd', 'c', 'a']);
  });
});
