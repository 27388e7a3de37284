import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDbPerTest } from '../testing/fresh-db';
import { putQuestionSet } from './corpus-store';
import { currentQuestionIndex } from './question-index';

freshDbPerTest();

const source = { format: 'jsonl' as const, file: 'q.jsonl' };
const set = (id: string, question: string) =>
  putQuestionSet({ name: 'set', source: 'q.jsonl', questions: [{ id, question, answers: ['x'], source }] });

describe('the question index', () => {
  it('is built once per change of the stored sets and shared by every reader', async () => {
    expect((await currentQuestionIndex()).index).toBeNull();
    await set('q1', 'Who founded it?');
    const first = await currentQuestionIndex();
    expect(first.index?.byId.get('q1')?.question.question).toBe('Who founded it?');
    // Nothing changed: the same index, not a new build.
    expect((await currentQuestionIndex()).index).toBe(first.index);
    await set('q2', 'Where was she born?');
    const second = await currentQuestionIndex();
    expect(second.key).not.toBe(first.key);
    expect([...(second.index?.byId.keys() ?? [])].sort()).toEqual(['q1', 'q2']);
  });
});
