import { describe, expect, it } from 'vitest';
import { buildTrajectory } from './builder';
import { stepByRef, stepNumber } from './step-number';

const t = buildTrajectory([
  { type: 'start', question: 'q', source: { kind: 'import' }, agent: { strategy: 'x', params: {} } },
  { type: 'step', step: { kind: 'think', text: 'a' } },
  { type: 'step', step: { kind: 'search', text: 'b' } },
  { type: 'step', step: { kind: 'answer', text: 'c' } },
]);

describe('stepNumber / stepByRef', () => {
  it('numbers steps from 1 and finds a step by that number', () => {
    expect(t.steps.map(stepNumber)).toEqual([1, 2, 3]);
    expect(stepByRef(t, '2')?.kind).toBe('search');
    expect(stepByRef(t, '3')?.kind).toBe('answer');
  });

  it('maps old step-id links to the same step', () => {
    expect(stepByRef(t, 's1')).toBe(stepByRef(t, '2'));
    expect(stepByRef(t, 's0')?.kind).toBe('think');
  });

  it('finds nothing for out-of-range numbers, unknown ids or no ref', () => {
    expect(stepByRef(t, '0')).toBeUndefined();
    expect(stepByRef(t, '4')).toBeUndefined();
    expect(stepByRef(t, 's9')).toBeUndefined();
    expect(stepByRef(t, null)).toBeUndefined();
  });
});
