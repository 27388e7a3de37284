import { describe, expect, test } from 'vitest';
import type { Trajectory } from '../schema/trajectory';
import { pairRuns } from './pair';

const t = (id: string, question: string, qid?: string): Trajectory => ({
  schema: 'hopscope.trajectory/1',
  id,
  question,
  source: qid ? { kind: 'import', qid } : { kind: 'import' },
  agent: { strategy: 's', params: {} },
  steps: [],
});
const ids = (xs: readonly Trajectory[]) => xs.map((x) => x.id);

describe('pairRuns', () => {
  test('pairs by normalized question text whatever the order', () => {
    const a = [t('a1', 'Who wrote Hamlet?'), t('a2', 'What is the capital of France?'), t('a3', 'Only in A')];
    const b = [t('b2', 'what is  capital of france'), t('b1', 'WHO WROTE HAMLET'), t('b4', 'Only in B')];
    const p = pairRuns(a, b);
    expect(p.pairs.map((x) => [x.a.id, x.b.id])).toEqual([
      ['a1', 'b1'],
      ['a2', 'b2'],
    ]);
    expect(ids(p.unmatchedA)).toEqual(['a3']);
    expect(ids(p.unmatchedB)).toEqual(['b4']);
  });
  test('prefers a shared qid over the text, and flags qid pairs whose texts differ', () => {
    const a = [t('a1', 'Who wrote Hamlet', 'q1'), t('a2', 'Same text', 'q2')];
    const b = [t('b1', 'Who was the author of Hamlet', 'q1'), t('b2', 'Same text', 'q9')];
    const p = pairRuns(a, b);
    expect(p.pairs.map((x) => [x.key, x.a.id, x.b.id])).toEqual([
      ['qid:q1', 'a1', 'b1'],
      ['q:same text', 'a2', 'b2'],
    ]);
    expect(p.qidTextConflicts.map((x) => x.a.id)).toEqual(['a1']);
  });
  test('keeps the first run of a repeated question and counts the rest', () => {
    const a = [t('a1', 'Q one'), t('a1-again', 'q one.'), t('a2', 'Q two')];
    const b = [t('b2', 'Q two'), t('b1', 'Q one'), t('b2-again', 'Q TWO'), t('b2-third', 'q two')];
    const p = pairRuns(a, b);
    expect(p.pairs.map((x) => [x.a.id, x.b.id])).toEqual([
      ['a1', 'b1'],
      ['a2', 'b2'],
    ]);
    expect(ids(p.duplicatesA)).toEqual(['a1-again']);
    expect(ids(p.duplicatesB)).toEqual(['b2-again', 'b2-third']);
    // Every trajectory is accounted for exactly once.
    const n = (s: 'A' | 'B') => p.pairs.length + p[`unmatched${s}`].length + p[`duplicates${s}`].length;
    expect([n('A'), n('B')]).toEqual([a.length, b.length]);
  });
  test('a qid already taken does not steal a text match', () => {
    const a = [t('a1', 'Alpha', 'x'), t('a2', 'Beta', 'x')];
    const b = [t('b1', 'Alpha', 'x'), t('b2', 'Beta')];
    const p = pairRuns(a, b);
    expect(p.pairs.map((x) => [x.a.id, x.b.id])).toEqual([
      ['a1', 'b1'],
      ['a2', 'b2'],
    ]);
  });
});
