// One derivation: a stored row equals what the trajectory view derives (joinGold, then the same
// metrics), before and after a question set that supplies the gold is stored and removed.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDbPerTest } from '../testing/fresh-db';
import { jawsWithoutGold } from '../testing/jaws';
import { buildQuestionIndex, joinGold } from '../core/corpus/gold-join';
import { toRow } from '../core/table/row';
import { deleteCorpus, putQuestionSet } from './corpus-store';
import { listRows, putTrajectories } from './store';

freshDbPerTest();

// A log without gold: the question set knows the answer.
const t = jawsWithoutGold();
const questions = [
  {
    id: 'q1',
    question: 'Who directed Jaws?',
    answers: ['Steven Spielberg'],
    source: { format: 'jsonl' as const, file: 'q.jsonl', line: 1 },
  },
];

describe('rows follow the question sets', () => {
  it('re-derives a row when a set with its gold is stored, and again when it is removed', async () => {
    await putTrajectories([t]);
    let [row] = await listRows();
    expect(row?.em).toBeNull();
    expect(row?.goldFrom).toBe('');

    const set = await putQuestionSet({ name: 'jaws-set', source: 'q.jsonl', questions, corpusId: 'c1' });
    [row] = await listRows();
    const view = joinGold(t, buildQuestionIndex([set]));
    expect(view.from).toBe('jaws-set');
    // The stored row is the view's derivation, field for field.
    expect(row).toEqual({ ...toRow(t, buildQuestionIndex([set])), collection: row?.collection });
    expect(row?.em).toBe(1);
    expect(row?.goldFrom).toBe('jaws-set');
    expect(row?.eff.afterSufficiency).toBe(0);

    await deleteCorpus('c1');
    [row] = await listRows();
    expect(row?.em).toBeNull();
    expect(row?.goldFrom).toBe('');
  });

  it('derives rows written after the set with its gold at once', async () => {
    await putQuestionSet({ name: 'jaws-set', source: 'q.jsonl', questions });
    await putTrajectories([t]);
    const [row] = await listRows();
    expect(row?.goldFrom).toBe('jaws-set');
    expect(row?.gold).toBe('Steven Spielberg');
  });
});
