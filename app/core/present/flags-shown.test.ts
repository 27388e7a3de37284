import { describe, expect, it } from 'vitest';
import type { Flag } from '../metrics/flags';
import type { Step } from '../schema/trajectory';
import { flaggedStepPositions, flagsShown } from './flags-shown';

const step = (id: string, index: number): Step => ({ id, index, kind: 'search', queries: [id] });
const flag = (stepId?: string): Flag => ({
  kind: 'repeated-query',
  evidence: 'x',
  ...(stepId === undefined ? {} : { stepId }),
});

describe('flags a presenter shows', () => {
  const steps = [step('a', 0), step('b', 1), step('a', 2), step('c', 3)];
  const flags = [flag('c'), flag('a'), flag(), flag('zz')];
  const positions = flaggedStepPositions(flags, steps);

  it('knows each flagged step by its first position, and nothing else', () => {
    expect([...positions]).toEqual([
      ['a', 0],
      ['c', 3],
    ]);
  });

  it('shows a flag once its step has arrived, never one on no step or an unknown step', () => {
    expect(flagsShown(flags, positions, 0)).toEqual([]);
    expect(flagsShown(flags, positions, 1)).toEqual([flag('a')]);
    expect(flagsShown(flags, positions, 3)).toEqual([flag('a')]);
    expect(flagsShown(flags, positions, 4)).toEqual([flag('c'), flag('a')]);
  });
});
